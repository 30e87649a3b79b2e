import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '#server/db/sql.ts';

export async function countMissingGenres(executor: Executor): Promise<{ missing: number; withMbid: number }> {
  const [row] = await rowsOf<{ missing: number; with_mbid: number }>(
    executor,
    sql`select count(*)::int as missing, count(mbid)::int as with_mbid from artists where cardinality(genres) = 0`,
  );
  return { missing: Number(row?.missing ?? 0), withMbid: Number(row?.with_mbid ?? 0) };
}

export interface ArtistToLookUp {
  id: string;
  name: string;
  slug: string;
  mbid: string;
}

/** Artists without genres that MusicBrainz can be asked about, newest first; `since` narrows to new ones. */
export function selectArtistsWithoutGenres(executor: Executor, limit: number, since?: Date): Promise<ArtistToLookUp[]> {
  return rowsOf<ArtistToLookUp>(
    executor,
    sql`select id, name, slug, mbid from artists
        where cardinality(genres) = 0 and mbid is not null
          and (${since?.toISOString() ?? null}::timestamptz is null or created_at >= ${since?.toISOString() ?? null}::timestamptz)
        order by created_at desc, id limit ${limit}`,
  );
}

/** Writes genres only where the artist still has none: an admin's edit made meanwhile wins. */
export async function setGenresIfEmpty(executor: Executor, artistId: string, genres: string[]): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    executor,
    sql`update artists set genres = array(select jsonb_array_elements_text(${JSON.stringify(genres)}::jsonb))::text[],
          updated_at = now()
        where id = ${artistId} and cardinality(genres) = 0 returning id`,
  );
  return rows.length > 0;
}
