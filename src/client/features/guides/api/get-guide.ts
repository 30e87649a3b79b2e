import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from '#client/lib/api-client.ts';
import type { GuidePage, VenueGuideParts } from '#shared/guides.ts';

const guidePath = (artistSlug: string, stopSlug: string) =>
  `/api/guides/${encodeURIComponent(artistSlug)}/${encodeURIComponent(stopSlug)}`;

export function guideQueryOptions(artistSlug: string, stopSlug: string) {
  return queryOptions({
    queryKey: ['guides', artistSlug, stopSlug],
    queryFn: ({ signal }) => apiGet<GuidePage>(guidePath(artistSlug, stopSlug), { signal }),
  });
}

export function useGuide(artistSlug: string, stopSlug: string) {
  return useQuery(guideQueryOptions(artistSlug, stopSlug));
}

/**
 * While the guide is being built, listens to its stream and reloads the guide when a part is
 * ready, so it appears without a reload. The stream ends on its own after a while; the browser
 * reconnects it, and a reload of the guide then says whether it is still needed.
 */
export function useGuideLive(artistSlug: string, stopSlug: string, building: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!building || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${guidePath(artistSlug, stopSlug)}/events`);
    const refresh = () => void client.invalidateQueries({ queryKey: ['guides', artistSlug, stopSlug] });
    source.addEventListener('guide-updated', refresh);
    // A part may have finished between the guide's answer and the stream opening.
    source.addEventListener('ready', refresh);
    return () => source.close();
  }, [artistSlug, stopSlug, building, client]);
}

export function useVenueGuideParts(venueSlug: string) {
  return useQuery({
    queryKey: ['guides', 'venue', venueSlug],
    queryFn: ({ signal }) =>
      apiGet<VenueGuideParts>(`/api/guides/venues/${encodeURIComponent(venueSlug)}/parts`, { signal }),
  });
}

export function useLoadingMessages() {
  return useQuery({
    queryKey: ['guides', 'loading-messages'],
    queryFn: ({ signal }) => apiGet<{ messages: string[] }>('/api/guides/loading-messages', { signal }),
    staleTime: 10 * 60_000,
  });
}
