import { useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { DonateResponse } from '#shared/donate.ts';

/** GET /api/donate: set by the server's environment, so kept for the session. */
export function useDonateConfig() {
  return useQuery({
    queryKey: ['donate'],
    queryFn: ({ signal }) => apiGet<DonateResponse>('/api/donate', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
