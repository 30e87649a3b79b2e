import { emailOTPClient, inferAdditionalFields, twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

type Listener = () => void;
const twoFactorListeners = new Set<Listener>();

/**
 * Called when a sign-in (password, one-time code, or the automatic one after a reset) answers that the
 * account needs its second factor: the /auth screen subscribes and shows the code step.
 */
export function onTwoFactorRequired(listener: Listener): () => void {
  twoFactorListeners.add(listener);
  return () => twoFactorListeners.delete(listener);
}

/** Better Auth at /api/auth on this origin: the session lives in an httpOnly cookie. */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [
    // Our user fields (src/server/auth/auth.ts): sign-up takes the spec's full name.
    inferAdditionalFields({ user: { fullName: { type: 'string', required: false } } }),
    emailOTPClient(),
    twoFactorClient({
      onTwoFactorRedirect: () => {
        for (const listener of twoFactorListeners) listener();
      },
    }),
  ],
});

/** The error half of every Better Auth client call's `{ data, error }` answer. */
export interface AuthClientError {
  status: number;
  statusText?: string;
  code?: string;
  message?: string;
}
