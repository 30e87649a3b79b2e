import type { ToastInput } from '#client/components/ui/toaster.tsx';
import type { AuthClientError } from '#client/lib/auth-client.ts';

/** The toasts of the /auth screen (spec section 8), as data so the mapping can be tested alone. */
type Feedback = Pick<ToastInput, 'title' | 'description' | 'variant'>;

const destructive = (title: string, description: string): Feedback => ({ title, description, variant: 'destructive' });

export const unexpectedError: Feedback = destructive('Error', 'An unexpected error occurred. Please try again.');

export const loggedIn: Feedback = { title: 'Welcome back!', description: "You've successfully logged in." };
export const accountCreated: Feedback = {
  title: 'Account created!',
  description: "Welcome to TourGuides. Let's find your favorite bands!",
};
export const resetEmailSent: Feedback = {
  title: 'Password Reset Email Sent',
  description: 'Check your email for a link to reset your password.',
};

export function validationError(message: string): Feedback {
  return destructive('Validation Error', message);
}

function messageOf(error: AuthClientError): string {
  return error.message || error.statusText || 'Something went wrong. Please try again.';
}

/** A 429 from any auth call: the server's message says how long to wait. */
function tooManyAttempts(error: AuthClientError): Feedback | null {
  if (error.status !== 429) return null;
  return destructive('Too many attempts', error.message || 'Too many attempts. Please wait a minute and try again.');
}

const INVALID_CREDENTIALS = /invalid login credentials|invalid email or password/i;

export function loginFailed(error: AuthClientError): Feedback {
  const limited = tooManyAttempts(error);
  if (limited) return limited;
  if (error.code === 'INVALID_EMAIL_OR_PASSWORD' || INVALID_CREDENTIALS.test(error.message ?? '')) {
    return destructive('Login Failed', 'Invalid email or password. Please try again.');
  }
  return destructive('Login Failed', messageOf(error));
}

const ALREADY_REGISTERED_CODES = new Set(['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']);

export function signUpFailed(error: AuthClientError): Feedback {
  const limited = tooManyAttempts(error);
  if (limited) return limited;
  if (ALREADY_REGISTERED_CODES.has(error.code ?? '') || /already registered/i.test(error.message ?? '')) {
    return destructive('Sign Up Failed', 'This email is already registered. Please log in instead.');
  }
  return destructive('Sign Up Failed', messageOf(error));
}

export function resetFailed(error: AuthClientError): Feedback {
  return tooManyAttempts(error) ?? destructive('Password Reset Failed', messageOf(error));
}

/** One-time codes and two-factor codes: the title names the step that failed. */
export function codeFailed(title: string, error: AuthClientError): Feedback {
  return tooManyAttempts(error) ?? destructive(title, messageOf(error));
}
