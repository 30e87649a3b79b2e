import { inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { artistImages, artists } from '#server/db/schema/index.ts';
import { importCatalog } from '#server/features/catalog/catalog.service.ts';
import type { CatalogArtist, CatalogStop } from '#shared/catalog-import.ts';
import { slugify } from '#shared/text.ts';

/** A catalog-file artist plus the image the image pipeline would have stored for it. */
export type FactoryArtist = CatalogArtist & { imageUrl?: string };
export type FactoryStop = CatalogStop;

/**
 * Test data through the real catalog import (so the denormalised artist columns are the ones
 * the product computes), then artist images written directly, as the image job would.
 */
export async function seedCatalog(database: Database, list: FactoryArtist[]): Promise<void> {
  await importCatalog(database, { artists: list.map(({ imageUrl: _imageUrl, ...artist }) => artist) });
  const withImages = list.filter((artist) => artist.imageUrl);
  if (withImages.length === 0) return;
  const imageBySlug = new Map(withImages.map((artist) => [slugify(artist.name), artist.imageUrl!]));
  const rows = await database.db
    .select({ id: artists.id, name: artists.name, slug: artists.slug })
    .from(artists)
    .where(inArray(artists.slug, [...imageBySlug.keys()]));
  await database.db
    .insert(artistImages)
    .values(rows.map((row) => ({ artistId: row.id, artistName: row.name, imageUrl: imageBySlug.get(row.slug)! })));
}
