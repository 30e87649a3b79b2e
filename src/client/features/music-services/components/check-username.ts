import type { z } from 'zod';
import { checkShown, type ValidationResult } from '#client/components/forms/validate-form.ts';

/** The page's own word for an empty username; the schema's 'Enter a username' is the server's. */
export const USERNAME_MISSING = 'Enter your username.';

/**
 * The check of the page's username forms (the preview and Keep in sync): an empty name gets the
 * page's own message, anything else the server's shared schema; the message shows under the form,
 * as the services' answers do. No field is named (such forms mark their one text themselves).
 */
export function checkUsername<S extends z.ZodType, V extends { username: string }>(
  schema: S,
  values: V,
  show: (message: string | null) => void,
): ValidationResult<z.output<S>> {
  if (!values.username.trim()) {
    show(USERNAME_MISSING);
    return { ok: false, field: undefined };
  }
  return checkShown(schema, values, show);
}
