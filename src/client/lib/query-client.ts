import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

interface TourGuidesQueryMeta extends Record<string, unknown> {
  /**
   * The signed-in user's own data (their notifications, favourites, sessions, the admin tables):
   * dropped, not fetched again, when the session ends (see clearUserState).
   */
  signedInOnly?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: TourGuidesQueryMeta;
  }
}

/** Spread into a query's options: `meta: SIGNED_IN_ONLY`. */
export const SIGNED_IN_ONLY: TourGuidesQueryMeta = { signedInOnly: true };

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
