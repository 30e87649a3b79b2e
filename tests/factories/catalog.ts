import { inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { artistImages, artists, tours } from '#server/db/schema/index.ts';
import { importCatalog, refreshArtistStats } from '#server/features/catalog/catalog.service.ts';
import { localCatalogWriter } from '#server/features/catalog/catalog-changes.ts';
import type { CatalogArtist, CatalogStop } from '#shared/catalog-import.ts';
import { slugify } from '#shared/text.ts';

export type FactoryStop = CatalogStop;

/**
 * A catalog-file artist plus what the file cannot express: the image the image job would have
 * stored, and tours announced without any stop yet (a file tour needs at least one stop).
 */
export interface FactoryArtist extends Omit<CatalogArtist, 'tours'> {
  imageUrl?: string;
  tours: { name: string; stops: FactoryStop[] }[];
}

/**
 * Test data through the real catalog import, so the denormalised artist columns are the ones the
 * product computes; stop-less tours and images are written directly, then the stats refreshed.
 */
export async function seedCatalog(database: Database, list: FactoryArtist[]): Promise<void> {
  await importCatalog(localCatalogWriter(database), {
    artists: list.map(({ imageUrl: _imageUrl, tours: tourList, ...artist }) => ({
      ...artist,
      tours: tourList.filter((tour) => tour.stops.length > 0),
    })),
  });
  const idBySlug = await artistIdsBySlug(
    database,
    list.map((artist) => slugify(artist.name)),
  );
  const idOf = (artist: FactoryArtist) => idBySlug.get(slugify(artist.name))!;
  await insertStoplessTours(database, list, idOf);
  const withImages = list.filter((artist) => artist.imageUrl);
  if (withImages.length > 0) {
    await database.db
      .insert(artistImages)
      .values(
        withImages.map((artist) => ({ artistId: idOf(artist), artistName: artist.name, imageUrl: artist.imageUrl! })),
      );
  }
}

async function artistIdsBySlug(database: Database, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await database.db
    .select({ id: artists.id, slug: artists.slug })
    .from(artists)
    .where(inArray(artists.slug, slugs));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

async function insertStoplessTours(
  database: Database,
  list: FactoryArtist[],
  idOf: (artist: FactoryArtist) => string,
): Promise<void> {
  const rows = list.flatMap((artist) =>
    artist.tours.filter((tour) => tour.stops.length === 0).map((tour) => ({ artistId: idOf(artist), name: tour.name })),
  );
  if (rows.length === 0) return;
  await database.db.insert(tours).values(rows).onConflictDoNothing();
  await refreshArtistStats(
    database.db,
    rows.map((row) => row.artistId),
  );
}
