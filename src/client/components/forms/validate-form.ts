import type { z } from 'zod';
import { showToast } from '#client/components/ui/toaster.tsx';
import { validationError } from './form-feedback.ts';

export type ValidationResult<T> = { ok: true; data: T } | { ok: false; field: string | undefined };

/**
 * Checks values against a schema without showing anything: the first failing message (fields are
 * checked in the schema's order) and the field it belongs to. For forms that show the message
 * themselves (e.g. beside the form rather than in a toast).
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; field: string | undefined; message: string } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  return {
    ok: false,
    field: typeof field === 'string' ? field : undefined,
    message: issue?.message ?? 'Please check the form.',
  };
}

/**
 * Checks a form that shows its message itself, under the form (as the server's answers there do):
 * `show` gets the first problem's message, or null when the values pass. The form marks the field
 * `fieldOf` names (none by default: such forms mark nothing or their one text).
 */
export function checkShown<S extends z.ZodType>(
  schema: S,
  values: unknown,
  show: (message: string | null) => void,
  fieldOf: (field: string | undefined) => string | undefined = () => undefined,
): ValidationResult<z.output<S>> {
  const checked = checkForm(schema, values);
  show(checked.ok ? null : checked.message);
  return checked.ok ? checked : { ok: false, field: fieldOf(checked.field) };
}

/**
 * Checks a form against its schema. On failure the first failing message goes into a
 * 'Validation Error' toast, and the field it belongs to is named so the form can mark it invalid and
 * move focus there.
 */
export function validateForm<S extends z.ZodType>(schema: S, values: unknown): ValidationResult<z.output<S>> {
  const checked = checkForm(schema, values);
  if (!checked.ok) showToast(validationError(checked.message));
  return checked;
}

/** Moves focus to the named input of a form, so a keyboard user lands on what needs fixing. */
export function focusField(form: HTMLFormElement | null, field: string | undefined): void {
  if (!form || !field) return;
  const input = form.elements.namedItem(field);
  if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement || input instanceof HTMLSelectElement) {
    input.focus();
  }
}
