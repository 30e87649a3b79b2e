import { postJson } from '#client/features/search/api/post-json.ts';
import type { QueueArtistImageResponse } from '#shared/images.ts';

/** The spec's queue-artist-image: the image if it exists, else a job is queued to make one. */
export function queueArtistImage(artistName: string): Promise<QueueArtistImageResponse> {
  return postJson<QueueArtistImageResponse>('/api/images/queue', { artistName });
}
