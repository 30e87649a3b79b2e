import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { authClient } from '#client/lib/auth-client.ts';
import { announceToOtherTabs, clearUserState } from './session.ts';

/**
 * Ends the session on the server, then forgets it here whatever the server answered (401, 403, 404
 * or no answer at all): a visitor who pressed "Sign out" must never stay signed in on screen.
 */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      await authClient.signOut();
    } catch {
      // Unreachable server: the local sign-out below still happens.
    }
    // Leave first: a signed-in-only page seeing the session vanish would send the visitor to /auth.
    await navigate('/', { replace: true });
    clearUserState(queryClient);
    announceToOtherTabs('signed-out');
    setSigningOut(false);
  }, [queryClient, navigate]);

  return { signOut, signingOut };
}
