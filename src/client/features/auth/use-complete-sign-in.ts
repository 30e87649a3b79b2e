import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showToast } from '#client/components/ui/toaster.tsx';
import { announceToOtherTabs, refreshSession } from '#client/lib/session/session.ts';
import type { MeUser } from '#shared/auth.ts';
import { loggedIn } from './auth-feedback.ts';

/**
 * After any successful sign-in (password, code, two-factor, reset): greet, load the session and let
 * the other tabs know. The /auth screen then moves on to /dashboard because a session exists.
 */
export function useCompleteSignIn(): (greeting?: Parameters<typeof showToast>[0]) => Promise<MeUser | null> {
  const queryClient = useQueryClient();
  return useCallback(
    async (greeting = loggedIn) => {
      const user = await refreshSession(queryClient);
      if (user) {
        showToast(greeting);
        announceToOtherTabs('signed-in');
      }
      return user;
    },
    [queryClient],
  );
}
