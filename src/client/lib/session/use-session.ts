import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MeUser } from '#shared/auth.ts';
import { followOtherTabs, meQueryOptions } from './session.ts';

/** The signed-in user as GET /api/me describes them (isAdmin included). */
export type SessionUser = MeUser;

export interface Session {
  status: 'loading' | 'signed-in' | 'signed-out';
  user: SessionUser | null;
}

/**
 * The one place the UI learns who is signed in. Every tab follows sign-ins and sign-outs made in the
 * others, and the session is checked again when the tab regains focus.
 */
export function useSession(): Session {
  const queryClient = useQueryClient();
  useEffect(() => followOtherTabs(queryClient), [queryClient]);
  const { data, isPending } = useQuery(meQueryOptions);
  if (isPending) return { status: 'loading', user: null };
  // An unanswered check (server down) shows the visitor's pages rather than spinning forever.
  return data ? { status: 'signed-in', user: data } : { status: 'signed-out', user: null };
}
