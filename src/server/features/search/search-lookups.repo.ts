import { sql } from 'drizzle-orm';
import type { artistLookups } from '#server/db/schema/index.ts';
import { type Executor, rowsOf } from '#server/db/sql.ts';
import type { ArtistLookupView, LookupResult, LookupSourceView } from '#shared/search-api.ts';

/** The look-up's row with its status and JSON columns narrowed. */
export type LookupRow = Pick<typeof artistLookups.$inferSelect, 'id' | 'artistName' | 'mbid'> & {
  status: ArtistLookupView['status'];
  sources: LookupSourceView[];
  result: LookupResult | null;
  /** Seconds since the job last wrote: a running look-up silent this long lost its process. */
  silentSeconds: number;
};

const COLUMNS = sql`id, artist_name as "artistName", mbid, status, sources, result,
  extract(epoch from now() - updated_at)::float8 as "silentSeconds"`;

/** A new look-up with every enabled source 'searching'; look-ups older than a day go (nobody polls them). */
export async function insertLookup(
  executor: Executor,
  lookup: { artistName: string; mbid: string | null; sources: LookupSourceView[] },
): Promise<LookupRow> {
  await executor.execute(sql`delete from artist_lookups where created_at < now() - interval '1 day'`);
  const [row] = await rowsOf<LookupRow>(
    executor,
    sql`insert into artist_lookups (artist_name, mbid, sources)
        values (${lookup.artistName}, ${lookup.mbid}, ${JSON.stringify(lookup.sources)}::jsonb)
        returning ${COLUMNS}`,
  );
  return row!;
}

export async function selectLookup(executor: Executor, id: string): Promise<LookupRow | null> {
  const [row] = await rowsOf<LookupRow>(executor, sql`select ${COLUMNS} from artist_lookups where id = ${id}`);
  return row ?? null;
}

/** Replaces one source's entry in one statement: sources answer concurrently. */
export async function updateLookupSource(executor: Executor, id: string, source: LookupSourceView): Promise<void> {
  await executor.execute(sql`
    update artist_lookups set
      sources = (
        select coalesce(jsonb_agg(case when e->>'provider' = ${source.provider} then ${JSON.stringify(source)}::jsonb else e end
                                  order by ord), '[]'::jsonb)
        from jsonb_array_elements(sources) with ordinality as t(e, ord)),
      updated_at = now()
    where id = ${id}`);
}

export async function finishLookup(
  executor: Executor,
  id: string,
  status: 'done' | 'failed',
  result: LookupResult | null,
): Promise<void> {
  await executor.execute(sql`
    update artist_lookups set status = ${status}, result = ${JSON.stringify(result)}::jsonb, updated_at = now()
    where id = ${id}`);
}
