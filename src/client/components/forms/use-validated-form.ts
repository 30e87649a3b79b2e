import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { showToast } from '#client/components/ui/toaster.tsx';
import { unexpectedError } from './form-feedback.ts';
import { focusField, type ValidationResult } from './validate-form.ts';

type FormValues = Record<string, string>;

export interface ValidatedFormOptions<V extends FormValues, T> {
  initial: V;
  /** Checks the values, usually `(values) => validateForm(schema, values)`. */
  check: (values: V) => ValidationResult<T>;
  /** Sends the checked input; may resolve to the name of a field the server refused. */
  send: (input: T) => Promise<unknown>;
  /** For pages that disable their own links while a request runs. */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The submit cycle every account form shares. On submit the values are checked: the first problem
 * goes into a 'Validation Error' toast and its field is marked and focused (keyboard users land on
 * what needs fixing). Valid input is sent with the inputs disabled; a field the server refuses is
 * marked; anything unexpected becomes the generic error toast, and the typed values are kept.
 */
export function useValidatedForm<V extends FormValues, T>({
  initial,
  check,
  send,
  onBusyChange,
}: ValidatedFormOptions<V, T>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [invalidField, setInvalidField] = useState<string>();
  const [busy, setBusy] = useState(false);

  const setBusyEverywhere = (next: boolean) => {
    setBusy(next);
    onBusyChange?.(next);
  };

  /** Runs a request outside the submit (e.g. "Send a new code") with the same busy state and error toast. */
  const run = async (request: () => Promise<unknown>) => {
    setBusyEverywhere(true);
    try {
      const refusedField = await request();
      setInvalidField(typeof refusedField === 'string' ? refusedField : undefined);
    } catch {
      showToast(unexpectedError);
    } finally {
      setBusyEverywhere(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = check(values);
    if (!checked.ok) {
      setInvalidField(checked.field);
      return focusField(formRef.current, checked.field);
    }
    setInvalidField(undefined);
    await run(() => send(checked.data));
  };

  /** The props binding a Field to one value: name, value, change handler, invalid mark. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setInvalidField((current) => (current === name ? undefined : current));
    },
    invalid: invalidField === name,
  });

  return {
    formRef,
    values,
    setValues,
    reset: () => setValues(initial),
    field,
    invalidField,
    setInvalidField,
    busy,
    submit,
    run,
  };
}
