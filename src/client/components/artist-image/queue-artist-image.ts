import { apiSend } from '#client/lib/api-client.ts';
import type { QueueArtistImageResponse } from '#shared/images.ts';

/** The spec's queue-artist-image: the image if it exists, else a job is queued to make one. */
export function queueArtistImage(artistName: string): Promise<QueueArtistImageResponse> {
  return apiSend<QueueArtistImageResponse>('POST', '/api/images/queue', { artistName });
}
