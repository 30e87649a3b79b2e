import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QueueArtistImageResponse } from '#shared/images.ts';
import { onArtistImageChange } from './image-events.ts';
import { queueArtistImage } from './queue-artist-image.ts';

export const artistImageQueryKey = (slug: string) => ['artist-image', slug] as const;

/** What the page knows of the image since it loaded: a queue answer, or an event ('cleared' only by one). */
type LiveImage = QueueArtistImageResponse | { status: 'cleared'; artistSlug: string; imageUrl: null };

/**
 * The artist's image URL, or null while there is none. Without one, the view asks the server to
 * queue it (once per artist per page session). While `wanted`, it listens on the page's shared
 * public stream: an image made, replaced by an admin or cleared is written into the query cache,
 * so every view of that artist updates without a reload. `wanted: false` (a card still far below
 * the fold, or before the page settled) puts off both.
 */
export function useLiveArtistImage(
  artist: { name: string; slug: string; imageUrl: string | null },
  wanted = true,
): string | null {
  const queryClient = useQueryClient();
  const live = useQuery<LiveImage>({
    queryKey: artistImageQueryKey(artist.slug),
    queryFn: async () => {
      const answer = await queueArtistImage(artist.name);
      // The event stream may have delivered the image while this request was on its way.
      const known = queryClient.getQueryData<LiveImage>(artistImageQueryKey(artist.slug));
      return known?.status === 'ready' ? known : answer;
    },
    enabled: artist.imageUrl === null && wanted,
    staleTime: Number.POSITIVE_INFINITY,
    // A failed request leaves the placeholder: the image is a nicety, never an error message.
    retry: false,
  });

  const shownUrl = artist.imageUrl;
  useEffect(() => {
    if (!wanted) return;
    return onArtistImageChange(artist.slug, (event) => {
      const next: LiveImage =
        event.type === 'artist-image-ready'
          ? { status: 'ready', artistSlug: event.artistSlug, imageUrl: event.imageUrl }
          : { status: 'cleared', artistSlug: event.artistSlug, imageUrl: null };
      // The stream first replays the images that exist: the one already shown changes nothing.
      const known = queryClient.getQueryData<LiveImage>(artistImageQueryKey(artist.slug));
      const shown = known && known.status !== 'queued' ? known.imageUrl : shownUrl;
      if (next.imageUrl === shown) return;
      queryClient.setQueryData<LiveImage>(artistImageQueryKey(artist.slug), next);
      // Lists and pages that embed the image refetch it when next shown.
      void queryClient.invalidateQueries({ queryKey: ['artists'], refetchType: 'none' });
    });
  }, [wanted, artist.slug, shownUrl, queryClient]);

  // An event is newer than the page's data; a 'queued' answer says nothing the data does not.
  const known = live.data;
  return known && known.status !== 'queued' ? known.imageUrl : artist.imageUrl;
}
