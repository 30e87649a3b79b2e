import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QueueArtistImageResponse } from '#shared/images.ts';
import { queueArtistImage } from './api/queue-artist-image.ts';
import { onArtistImageReady } from './image-events.ts';

export const artistImageQueryKey = (slug: string) => ['artist-image', slug] as const;

/**
 * The artist's image URL, or null while there is none. Without one, the card asks the server to
 * queue it (once per artist per page session) and listens for the 'artist-image-ready' event,
 * which writes the URL into the query cache: every view of that artist updates without a reload.
 * `wanted: false` (a card still far below the fold) puts off asking until it is shown.
 */
export function useLiveArtistImage(
  artist: { name: string; slug: string; imageUrl: string | null },
  wanted = true,
): string | null {
  const queryClient = useQueryClient();
  const shouldAsk = artist.imageUrl === null && wanted;
  const queued = useQuery({
    queryKey: artistImageQueryKey(artist.slug),
    queryFn: async () => {
      const answer = await queueArtistImage(artist.name);
      // The event stream may have delivered the image while this request was on its way.
      const known = queryClient.getQueryData<QueueArtistImageResponse>(artistImageQueryKey(artist.slug));
      return known?.status === 'ready' ? known : answer;
    },
    enabled: shouldAsk,
    staleTime: Number.POSITIVE_INFINITY,
    // A failed request leaves the placeholder: the image is a nicety, never an error message.
    retry: false,
  });

  const waiting = shouldAsk && queued.data?.status !== 'ready';
  useEffect(() => {
    if (!waiting) return;
    return onArtistImageReady(artist.slug, (event) => {
      queryClient.setQueryData<QueueArtistImageResponse>(artistImageQueryKey(artist.slug), {
        status: 'ready',
        artistSlug: event.artistSlug,
        imageUrl: event.imageUrl,
      });
      // Lists and pages that embed the image refetch it when next shown.
      void queryClient.invalidateQueries({ queryKey: ['artists'], refetchType: 'none' });
    });
  }, [waiting, artist.slug, queryClient]);

  return artist.imageUrl ?? queued.data?.imageUrl ?? null;
}
