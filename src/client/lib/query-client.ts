import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

interface TourGuidesQueryMeta extends Record<string, unknown> {
  /**
   * The signed-in user's own data (their notifications, favourites, sessions, the admin tables):
   * dropped, not fetched again, when the session ends (see clearUserState).
   */
  signedInOnly?: boolean;
  /**
   * The answer depends on the fan's places (home and tracked places: My Shows, Near): marked stale
   * when they change in Settings (invalidatePlaceQueries), whichever feature owns the query.
   */
  usesPlaces?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: TourGuidesQueryMeta;
  }
}

/** Spread into a query's options: `meta: SIGNED_IN_ONLY`. */
export const SIGNED_IN_ONLY: TourGuidesQueryMeta = { signedInOnly: true };

/** The fan's own data that also depends on their places. */
export const SIGNED_IN_PLACES: TourGuidesQueryMeta = { signedInOnly: true, usesPlaces: true };

/** After the fan's places change: every query whose answer depends on them is fetched again when next shown. */
export function invalidatePlaceQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.usesPlaces === true });
}

let signedInOnlyHeld = false;

/**
 * While a sign-out is on its way, the user's own queries do not start (a part of the page that
 * mounts just then, such as the bell after a reconnect, would get a 401 once the session ends).
 */
export function holdSignedInOnlyQueries(hold: boolean): void {
  signedInOnlyHeld = hold;
}

/** Whether the user's own queries are held (a sign-out is on its way). */
export function signedInOnlyQueriesHeld(): boolean {
  return signedInOnlyHeld;
}

/** Client errors (4xx) will not change on a retry; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        enabled: (query) => !(signedInOnlyHeld && query.meta?.signedInOnly === true),
      },
    },
  });
}
