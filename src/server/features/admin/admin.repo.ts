import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/sql.ts';
import { publicStopSql } from '#server/features/catalog/stop-visibility.ts';
import type { AdminArtistSort } from '#shared/admin-artists.ts';

export interface AdminArtistDbRow {
  id: string;
  name: string;
  slug: string;
  tour_count: number;
  stop_count: number;
  total: number;
}

/** Each order is one index's order (schema/catalog.ts: artists_sort_cover, artists_tours_*, artists_created). */
const ORDER_BY: Record<AdminArtistSort, string> = {
  name: 'sort_name, id',
  '-name': 'sort_name desc, id desc',
  tours: 'tour_count, sort_name, id',
  // "nulls last" is the index's own order (the column is never null), so the index can serve it.
  '-tours': 'tour_count desc nulls last, sort_name, id',
  added: 'created_at, id',
  '-added': 'created_at desc, id desc',
};

/** No search: no condition at all, so the planner walks the sort's index from the start. */
const whereSql = (pattern: string) =>
  pattern === '' ? sql`` : sql`where name ilike '%' || ${pattern} || '%' escape '\\'`;

/**
 * One query, cheap at any page of 100,000 artists: the page's ids come off the sort's index
 * (index-only; a deep page skips index entries, never sorts the table; a search reads the
 * trigram index instead), then only those 25 rows are read with their public stop count
 * (lateral, by the artist/date index; the public rule is stop-visibility's) and the match count.
 * The order comes from a closed list (never from the request's text), so it is safe as raw SQL.
 */
function pageSql(pattern: string, limit: number, offset: number, sort: AdminArtistSort): SQL {
  const orderBy = sql.raw(ORDER_BY[sort]);
  return sql`
with page as (
  select id from artists ${whereSql(pattern)} order by ${orderBy} limit ${limit} offset ${offset}
)
select a.id, a.name, a.slug, a.tour_count::int as tour_count, stops.n::int as stop_count,
  (select count(*) from artists ${whereSql(pattern)})::int as total
from page join artists a using (id)
cross join lateral (select count(*) as n from tour_stops ts where ts.artist_id = a.id and ${publicStopSql('ts')}) stops
order by ${orderBy}`;
}

const COUNT_SQL = `select count(*)::int as total from artists where $1 = '' or name ilike '%' || $1 || '%' escape '\\'`;

/** '50%_off' must match literally: escape LIKE's wildcards. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export async function findArtistPage(
  database: Database,
  search: string,
  limit: number,
  offset: number,
  sort: AdminArtistSort = 'name',
) {
  return rowsOf<AdminArtistDbRow>(database.db, pageSql(likeEscape(search), limit, offset, sort));
}

/** Only needed when the requested page is past the end (no rows to carry the total). */
export async function countArtists(database: Database, search: string): Promise<number> {
  const { rows } = await database.query<{ total: number }>(COUNT_SQL, [likeEscape(search)]);
  return Number(rows[0]?.total ?? 0);
}
