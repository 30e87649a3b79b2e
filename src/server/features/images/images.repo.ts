import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { artistImages, artists } from '#server/db/schema/index.ts';
import { visibleToSql } from '#server/features/catalog/stop-visibility.ts';

export interface ArtistForImage {
  id: string;
  name: string;
  slug: string;
  mbid: string | null;
  imageUrl: string | null;
}

const artistWithImage = {
  id: artists.id,
  name: artists.name,
  slug: artists.slug,
  mbid: artists.mbid,
  imageUrl: artistImages.imageUrl,
};

/** Artist names are matched case-insensitively, as the spec looks up artist_images. */
/** Only an artist the viewer may see (ADR 0037): a fan's pending artist is queued by that fan alone. */
export async function selectArtistByName(
  db: Db,
  name: string,
  viewerId: string | null,
): Promise<ArtistForImage | undefined> {
  const [row] = await db
    .select(artistWithImage)
    .from(artists)
    .leftJoin(artistImages, eq(artistImages.artistId, artists.id))
    .where(sql`lower(${artists.name}) = lower(${name}) and ${visibleToSql('artists', viewerId)}`)
    .orderBy(artists.createdAt)
    .limit(1);
  return row;
}

export async function selectArtistById(db: Db, id: string): Promise<ArtistForImage | undefined> {
  const [row] = await db
    .select(artistWithImage)
    .from(artists)
    .leftJoin(artistImages, eq(artistImages.artistId, artists.id))
    .where(eq(artists.id, id))
    .limit(1);
  return row;
}

export async function selectImagesBySlugs(db: Db, slugs: string[]): Promise<{ slug: string; imageUrl: string }[]> {
  if (slugs.length === 0) return [];
  return db
    .select({ slug: artists.slug, imageUrl: artistImages.imageUrl })
    .from(artistImages)
    .innerJoin(artists, eq(artists.id, artistImages.artistId))
    .where(inArray(artists.slug, slugs));
}

export interface NewArtistImage {
  artistId: string;
  artistName: string;
  imageUrl: string;
  source: string;
  attribution: string | null;
  officialUrl: string | null;
}

/** One image per artist: a second writer loses quietly and the first image stays. */
export async function insertArtistImage(db: Db, image: NewArtistImage): Promise<boolean> {
  const inserted = await db
    .insert(artistImages)
    .values(image)
    .onConflictDoNothing({ target: artistImages.artistId })
    .returning({ id: artistImages.id });
  return inserted.length > 0;
}
