/** The /auth screen's modes (spec section 4): login, signup (?mode=signup) and reset (?mode=reset). */
export type AuthMode = 'login' | 'signup' | 'reset';

export function authModeFrom(params: URLSearchParams): AuthMode {
  const mode = params.get('mode');
  return mode === 'signup' || mode === 'reset' ? mode : 'login';
}

export const authModeTexts: Record<AuthMode, { heading: string; subtitle: string }> = {
  login: { heading: 'Welcome Back', subtitle: 'Log in to see your personalized tour calendar' },
  signup: { heading: 'Create Account', subtitle: 'Sign up to start tracking your favorite artists' },
  reset: { heading: 'Reset Password', subtitle: 'Enter your email to receive a password reset link' },
};
