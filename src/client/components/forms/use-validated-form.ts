import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { showToast } from '#client/components/ui/toaster.tsx';
import { unexpectedError } from './form-feedback.ts';
import { focusField, type ValidationResult } from './validate-form.ts';

type FormValues = Record<string, unknown>;
/** The names of a form's text values: those `field` binds to an input. */
type TextName<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface ValidatedFormOptions<V extends FormValues, T> {
  /** The starting values: texts (bound to inputs by `field`) or choices the form sets itself with `setValues`. */
  initial: V;
  /** Checks the values, usually `(values) => validateForm(schema, values)` with a shared (#shared) schema. */
  check: (values: V) => ValidationResult<T>;
  /** Sends the checked input; may resolve to the name of a field the server refused. */
  send: (input: T) => Promise<unknown>;
  /** For pages that disable their own links while a request runs. */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The submit cycle every account form shares, on react-hook-form (issue 27 item 4): the values live
 * in a `useForm` store and the check (the server's shared zod schema) is its resolver, run on submit
 * only. The first problem goes into a 'Validation Error' toast and its field is marked and focused
 * (keyboard users land on what needs fixing). Valid input is sent with the inputs disabled; a field
 * the server refuses is marked and focused once they are enabled again; anything unexpected becomes
 * the generic error toast, and the typed values are kept.
 */
export function useValidatedForm<V extends FormValues, T>({
  initial,
  check,
  send,
  onBusyChange,
}: ValidatedFormOptions<V, T>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [invalidField, setInvalidField] = useState<string>();
  const [busy, setBusy] = useState(false);

  // The resolver is the form's check; its side effect (the toast) happens once per submit because
  // re-validation is on submit too.
  // A ref keeps it on the latest `check` (the auth form switches schema with its mode).
  const checkRef = useRef(check);
  checkRef.current = check;
  const resolver: Resolver<FieldValues, unknown, T> = (values) => {
    const checked = checkRef.current(values as V);
    if (checked.ok) return { values: checked.data, errors: {} };
    return { values: {}, errors: { [checked.field ?? 'root']: { type: 'validate', message: '' } } };
  };
  const rhf = useForm<FieldValues, unknown, T>({
    defaultValues: initial,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const values = rhf.watch() as V;

  // A browser refuses focus to a disabled input: the refused field is focused after the first render
  // with the inputs enabled again, not from inside the request (checked after every render, so a
  // busy-then-idle pair React renders at once is not missed).
  const refusedToFocus = useRef<string>(undefined);
  useEffect(() => {
    if (busy || !refusedToFocus.current) return;
    focusField(formRef.current, refusedToFocus.current);
    refusedToFocus.current = undefined;
  });

  const setBusyEverywhere = (next: boolean) => {
    setBusy(next);
    onBusyChange?.(next);
  };

  /** Runs a request outside the submit (e.g. "Send a new code") with the same busy state and error toast. */
  const run = async (request: () => Promise<unknown>) => {
    setBusyEverywhere(true);
    try {
      const answer = await request();
      const refusedField = typeof answer === 'string' ? answer : undefined;
      setInvalidField(refusedField);
      refusedToFocus.current = refusedField;
    } catch {
      showToast(unexpectedError);
    } finally {
      setBusyEverywhere(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) =>
    rhf.handleSubmit(
      async (data) => {
        setInvalidField(undefined);
        await run(() => send(data));
      },
      (errors) => {
        const field = Object.keys(errors).find((name) => name !== 'root');
        setInvalidField(field);
        focusField(formRef.current, field);
      },
    )(event);

  const setValues = (next: V | ((current: V) => V)) => {
    const resolved = typeof next === 'function' ? next(rhf.getValues() as V) : next;
    for (const [name, value] of Object.entries(resolved)) rhf.setValue(name, value);
  };

  /** The props binding a Field (or a select or text area) to one value: name, value, change handler, invalid mark. */
  const field = (name: TextName<V>) => ({
    name,
    value: (values[name] as string | undefined) ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      rhf.setValue(name as string, event.target.value);
      setInvalidField((current) => (current === name ? undefined : current));
    },
    invalid: invalidField === name,
  });

  return {
    formRef,
    values,
    setValues,
    reset: () => rhf.reset(initial),
    field,
    invalidField,
    setInvalidField,
    busy,
    submit,
    run,
  };
}
