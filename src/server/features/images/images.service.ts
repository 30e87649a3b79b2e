import type { Database } from '#server/db/client.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { Queue } from '#server/lib/queue.ts';
import type { QueueArtistImageResponse } from '#shared/images.ts';
import { artistImageJob } from './images.jobs.ts';
import { selectArtistByName, selectImagesBySlugs } from './images.repo.ts';

/**
 * The spec's queue-artist-image: the image when there is one, else a job to make it. A job
 * already waiting or running for the artist is not queued again.
 */
export async function queueArtistImage(
  deps: { database: Database; queue: Queue },
  artistName: string,
  viewerId: string | null = null,
): Promise<QueueArtistImageResponse> {
  const artist = await selectArtistByName(deps.database.db, artistName, viewerId);
  if (!artist) throw notFound('Artist');
  if (artist.imageUrl) return { status: 'ready', artistSlug: artist.slug, imageUrl: artist.imageUrl };
  if (!(await deps.queue.isPending(artistImageJob, artist.id))) {
    await deps.queue.send(artistImageJob, { artistId: artist.id }, { singletonKey: artist.id });
  }
  return { status: 'queued', artistSlug: artist.slug, imageUrl: null };
}

/** Images that already exist for these artists: sent first on an event stream so no event is missed. */
export function existingImages(database: Database, slugs: string[]) {
  return selectImagesBySlugs(database.db, slugs);
}
