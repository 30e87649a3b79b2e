import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { artists, favoriteArtists, musicExcludes } from '#server/db/schema/index.ts';
import { type Executor, rowsOf } from '#server/db/sql.ts';
import type { MatchConfidence } from '#shared/music-services.ts';

/** Below this trigram similarity two names are different artists, not a typo or a "The". */
const FUZZY_MIN_SIMILARITY = 0.5;

export interface CatalogMatch {
  i: number;
  id: string;
  slug: string;
  name: string;
  confidence: MatchConfidence;
}

/**
 * The best catalog artist for each listened artist, in one statement: the same MusicBrainz id,
 * else the same name ignoring case, else the most similar name (pg_trgm, its GIN index on name).
 */
export async function selectCatalogMatches(
  db: Db,
  items: { i: number; name: string; mbid: string | null }[],
): Promise<CatalogMatch[]> {
  if (items.length === 0) return [];
  return rowsOf<CatalogMatch>(
    db,
    sql`
    with q as (select * from json_to_recordset(${JSON.stringify(items)}::json) as q(i int, name text, mbid text))
    select q.i, m.id, m.slug, m.name, m.confidence
    from q
    cross join lateral (
      select * from (
        (select a.id, a.slug, a.name, 'mbid' as confidence, 1 as pref
           from ${artists} a where q.mbid is not null and a.mbid = q.mbid limit 1)
        union all
        (select a.id, a.slug, a.name, 'name', 2
           from ${artists} a where lower(a.name) = lower(q.name) order by a.id limit 1)
        union all
        (select a.id, a.slug, a.name, 'fuzzy', 3
           from ${artists} a
           where a.name % q.name and similarity(a.name, q.name) >= ${FUZZY_MIN_SIMILARITY}
           order by similarity(a.name, q.name) desc, a.id limit 1)
      ) c
      order by c.pref
      limit 1
    ) m`,
  );
}

export async function selectFollowedIds(db: Executor, userId: string, artistIds: string[]): Promise<Set<string>> {
  if (artistIds.length === 0) return new Set();
  const rows = await db
    .select({ id: favoriteArtists.artistId })
    .from(favoriteArtists)
    .where(and(eq(favoriteArtists.userId, userId), inArray(favoriteArtists.artistId, artistIds)));
  return new Set(rows.map((row) => row.id));
}

export async function selectExcludedIds(db: Executor, userId: string, artistIds: string[]): Promise<Set<string>> {
  if (artistIds.length === 0) return new Set();
  const rows = await db
    .select({ id: musicExcludes.artistId })
    .from(musicExcludes)
    .where(and(eq(musicExcludes.userId, userId), inArray(musicExcludes.artistId, artistIds)));
  return new Set(rows.map((row) => row.id));
}

export async function selectArtistsByIds(db: Executor, artistIds: string[]) {
  return db
    .select({ id: artists.id, name: artists.name, slug: artists.slug })
    .from(artists)
    .where(inArray(artists.id, artistIds));
}

export async function insertFavorites(
  db: Executor,
  rows: { userId: string; artistId: string; artistName: string; artistSlug: string; source: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(favoriteArtists)
    .values(rows)
    .onConflictDoNothing({ target: [favoriteArtists.userId, favoriteArtists.artistId] })
    .returning({ id: favoriteArtists.id });
  return inserted.length;
}

export async function selectExcludes(db: Db, userId: string) {
  return db
    .select({
      artistId: musicExcludes.artistId,
      artistSlug: artists.slug,
      artistName: artists.name,
      source: musicExcludes.source,
      excludedAt: musicExcludes.createdAt,
    })
    .from(musicExcludes)
    .innerJoin(artists, eq(artists.id, musicExcludes.artistId))
    .where(eq(musicExcludes.userId, userId))
    .orderBy(desc(musicExcludes.createdAt), artists.sortName);
}

/** Scoped by the user: someone else's row is simply not found. */
export async function deleteExclude(db: Db, userId: string, artistId: string): Promise<boolean> {
  const deleted = await db
    .delete(musicExcludes)
    .where(and(eq(musicExcludes.userId, userId), eq(musicExcludes.artistId, artistId)))
    .returning({ id: musicExcludes.id });
  return deleted.length > 0;
}
