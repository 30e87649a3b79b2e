import { type Query, type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet } from '#client/lib/api-client.ts';
import { holdSignedInOnlyQueries, signedInOnlyQueriesHeld } from '#client/lib/query-client.ts';
import type { MeResponse, MeUser } from '#shared/auth.ts';

/** The signed-in user, from GET /api/me (null when signed out). The one query every page shares. */
export const meQueryKey = ['me'] as const;

async function fetchMe(signal: AbortSignal): Promise<MeUser | null> {
  try {
    const body = await apiGet<MeResponse>('/api/me', { signal });
    return body.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: 30_000,
  // A session can end elsewhere (expiry, another device, settings): check again when the tab comes back.
  refetchOnWindowFocus: true,
  retry: 1,
});

/** The cross-tab channel of sign-ins and sign-outs (the offline caches follow it too). */
export const AUTH_CHANNEL_NAME = 'tourguides-auth';
type AuthMessage = { type: 'signed-in' | 'signed-out' };

let channel: BroadcastChannel | null | undefined;

function authChannel(): BroadcastChannel | null {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL_NAME);
  return channel;
}

function isMeQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === meQueryKey[0];
}

const isSignedInOnly = (query: Query) => query.meta?.signedInOnly === true;

/**
 * Forgets everything that belonged to the signed-out user: the session turns null at once (pages that
 * need a user unmount), the user's own data is dropped (never fetched again: it would earn a 401 while
 * its component unmounts), then unused cached data is dropped and what remains on screen is fetched
 * again as a visitor. That last step waits a tick, so pages that needed a user are gone by then.
 */
export function clearUserState(queryClient: QueryClient): void {
  queryClient.setQueryData(meQueryKey, null);
  // Removing a query also cancels its request in flight.
  queryClient.removeQueries({ predicate: isSignedInOnly });
  holdSignedInOnlyQueries(false);
  setTimeout(() => {
    queryClient.removeQueries({ predicate: (query) => !isMeQuery(query.queryKey) && !query.isActive() });
    void queryClient.invalidateQueries({ predicate: (query) => !isMeQuery(query.queryKey) });
  }, 0);
}

/** Fired on window just before this tab ends its session, so user-only connections close first. */
export const SIGNING_OUT_EVENT = 'tourguides:signing-out';

/** True from the moment this tab starts signing out until the user's state is cleared. */
export const isSigningOut = signedInOnlyQueriesHeld;

/**
 * The start of a sign-out in this tab: user-only connections close (SIGNING_OUT_EVENT), the user's
 * own queries neither start nor finish (answered after the session ends they would be 401s, and a
 * tab just back online refetches its page and `/api/me` all at once), and the public ones are
 * fetched again as a visitor afterwards anyway (clearUserState).
 */
export async function beginSignOut(queryClient: QueryClient): Promise<void> {
  holdSignedInOnlyQueries(true);
  window.dispatchEvent(new Event(SIGNING_OUT_EVENT));
  await queryClient.cancelQueries();
}

let endedHereAt = 0;
const ENDED_HERE_WINDOW_MS = 5000;

/**
 * Sign-out and account deletion in this tab: the session ends here and in the other tabs. The visitor
 * is headed home, which the signed-in-only guard respects (see sessionJustEndedHere).
 */
export function endSession(queryClient: QueryClient): void {
  endedHereAt = Date.now();
  clearUserState(queryClient);
  announceToOtherTabs('signed-out');
}

/** True right after this tab signed out on purpose: guards send the visitor home, not to /auth. */
export function sessionJustEndedHere(): boolean {
  return Date.now() - endedHereAt < ENDED_HERE_WINDOW_MS;
}

/** Fetches the session again, whether or not a component is showing it right now. */
export async function refreshSession(queryClient: QueryClient): Promise<MeUser | null> {
  await queryClient.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' });
  return queryClient.getQueryData<MeUser | null>(meQueryKey) ?? null;
}

/** Tells the other open tabs (which then follow) that this tab signed in or out. */
export function announceToOtherTabs(type: AuthMessage['type']): void {
  authChannel()?.postMessage({ type } satisfies AuthMessage);
}

const followingClients = new WeakSet<QueryClient>();

/** Makes this tab follow sign-ins and sign-outs done in other tabs; safe to call many times. */
export function followOtherTabs(queryClient: QueryClient): void {
  const current = authChannel();
  if (!current || followingClients.has(queryClient)) return;
  followingClients.add(queryClient);
  current.addEventListener('message', (event: MessageEvent<AuthMessage>) => {
    if (event.data?.type === 'signed-out') clearUserState(queryClient);
    else void refreshSession(queryClient);
  });
}
