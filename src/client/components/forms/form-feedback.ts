import type { ToastInput } from '#client/components/ui/toast-input.ts';
import type { AuthClientError } from '#client/lib/auth-client.ts';

/** The toasts of the account forms (/auth, /settings), as data so the mapping can be tested alone. */
export type Feedback = Pick<ToastInput, 'title' | 'description' | 'variant'>;

export const destructive = (title: string, description: string): Feedback => ({
  title,
  description,
  variant: 'destructive',
});

export const unexpectedError: Feedback = destructive('Error', 'An unexpected error occurred. Please try again.');

export function validationError(message: string): Feedback {
  return destructive('Validation Error', message);
}

export function messageOf(error: AuthClientError): string {
  return error.message || error.statusText || 'Something went wrong. Please try again.';
}

/** A 429 from any auth call: the server's message says how long to wait. */
export function tooManyAttempts(error: AuthClientError): Feedback | null {
  if (error.status !== 429) return null;
  return destructive('Too many attempts', error.message || 'Too many attempts. Please wait a minute and try again.');
}

/** One-time codes, two-factor codes and other account calls: the title names the step that failed. */
export function codeFailed(title: string, error: AuthClientError): Feedback {
  return tooManyAttempts(error) ?? destructive(title, messageOf(error));
}
