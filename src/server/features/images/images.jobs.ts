import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobDefinition, JobType } from '#server/lib/queue.ts';
import type { Storage } from '#server/lib/storage.ts';
import { generateArtwork } from './artwork.ts';
import { insertArtistImage, selectArtistById } from './images.repo.ts';
import type { PhotoFinder } from './wikidata-photo.ts';

/**
 * Finds or draws one artist's image. 'stately': per artist (singleton key = artist id) at most
 * one job waits and one runs; a job that finds the image already made ends at once.
 */
export const artistImageJob: JobType<{ artistId: string }> = {
  name: 'artist-image',
  schema: z.object({ artistId: z.uuid() }),
  policy: 'stately',
  retryLimit: 2,
  expireInSeconds: 120,
};

export interface ArtistImageJobDeps {
  database: Database;
  storage: Storage;
  events: EventBus;
  logger: Logger;
  findPhoto: PhotoFinder;
}

interface ChosenImage {
  imageUrl: string;
  source: string;
  attribution: string | null;
}

/** The generated artwork, stored under a name made from its bytes (so it may be cached for ever). */
async function drawArtwork(name: string, storage: Storage): Promise<ChosenImage> {
  const bytes = await generateArtwork(name);
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const key = `artist-images/${digest}.webp`;
  await storage.put(key, bytes, 'image/webp');
  return { imageUrl: storage.publicUrl(key), source: 'generated', attribution: null };
}

export function artistImageJobDefinition(deps: ArtistImageJobDeps): JobDefinition<{ artistId: string }> {
  return {
    ...artistImageJob,
    async handler({ artistId }) {
      const artist = await selectArtistById(deps.database.db, artistId);
      if (!artist) return;
      let imageUrl = artist.imageUrl;
      if (!imageUrl) {
        const found = await deps.findPhoto(artist);
        const chosen = found.photo ?? (await drawArtwork(artist.name, deps.storage));
        const inserted = await insertArtistImage(deps.database.db, {
          artistId,
          artistName: artist.name,
          officialUrl: found.officialUrl,
          ...chosen,
        });
        // Another writer (an admin, an import) may have won: announce the image that is stored.
        imageUrl = inserted
          ? chosen.imageUrl
          : ((await selectArtistById(deps.database.db, artistId))?.imageUrl ?? null);
        deps.logger.info({ artist: artist.slug, source: chosen.source, inserted }, 'artist image ready');
      }
      // Through the database to every server process; should it fail, the retried job announces again.
      if (imageUrl) await deps.events.publish({ type: 'artist-image-ready', artistSlug: artist.slug, imageUrl });
    },
  };
}
