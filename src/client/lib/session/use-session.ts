import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MeUser } from '#shared/auth.ts';
import { useAdopting } from '../adopting.ts';
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
  const adopting = useAdopting();
  // A server-rendered page is a visitor's page with the session still loading: while the browser
  // adopts that HTML (a lazy section may do so after the check has answered) it must draw the same.
  if (isPending || adopting) return { status: 'loading', user: null };
  // An unanswered check (server down) shows the visitor's pages rather than spinning forever.
  return data ? { status: 'signed-in', user: data } : { status: 'signed-out', user: null };
}
