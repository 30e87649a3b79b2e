import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { authClient } from '#client/lib/auth-client.ts';
import { paths } from '#client/lib/paths.ts';
import { beginSignOut, endSession } from './session.ts';

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
    // The notification stream closes and the user's requests stop now: reconnecting or answered
    // after the server ended the session, they would only earn 401s.
    await beginSignOut(queryClient);
    try {
      await authClient.signOut();
    } catch {
      // Unreachable server: the local sign-out below still happens.
    }
    endSession(queryClient);
    setSigningOut(false);
    navigate(paths.home, { replace: true });
  }, [queryClient, navigate]);

  return { signOut, signingOut };
}
