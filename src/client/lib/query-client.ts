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

/** Client errors (4xx) will not change on a retry; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}
