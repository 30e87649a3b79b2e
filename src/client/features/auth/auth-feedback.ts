import { destructive, type Feedback, messageOf, tooManyAttempts } from '#client/components/forms/form-feedback.ts';
import type { AuthClientError } from '#client/lib/auth-client.ts';

/** The toasts of the /auth screen (spec section 8); the ones every account form shares are in form-feedback.ts. */

export const loggedIn: Feedback = { title: 'Welcome back!', description: "You've successfully logged in." };
export const accountCreated: Feedback = {
  title: 'Account created!',
  description: "Welcome to TourGuides. Let's find your favorite bands!",
};
export const resetEmailSent: Feedback = {
  title: 'Password Reset Email Sent',
  description: 'Check your email for a link to reset your password.',
};

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
