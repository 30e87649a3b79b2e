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

const ORDER_BY: Record<AdminArtistSort, string> = {
  name: 'sort_name, id',
  '-name': 'sort_name desc, id desc',
  tours: 'tour_count, sort_name, id',
  '-tours': 'tour_count desc, sort_name, id',
  added: 'created_at, id',
  '-added': 'created_at desc, id desc',
};

/**
 * One query: the page of artists whose name contains `pattern` (ILIKE, trigram-indexed), the
 * public stop count per artist on that page only (lateral, by the artist/date index; the public
 * rule is stop-visibility's) and the total match count. The order comes from a closed list (never
 * from the request's text), so it is safe as raw SQL.
 */
function pageSql(pattern: string, limit: number, offset: number, sort: AdminArtistSort): SQL {
  const orderBy = sql.raw(ORDER_BY[sort]);
  return sql`
with matched as (
  select id, name, slug, tour_count, sort_name, created_at from artists
  where ${pattern} = '' or name ilike '%' || ${pattern} || '%' escape '\\'
),
page as (
  select *, row_number() over (order by ${orderBy}) as position
  from matched order by ${orderBy} limit ${limit} offset ${offset}
)
select page.id, page.name, page.slug, page.tour_count::int as tour_count,
  stops.n::int as stop_count, (select count(*) from matched)::int as total
from page
cross join lateral (select count(*) as n from tour_stops ts where ts.artist_id = page.id and ${publicStopSql('ts')}) stops
order by page.position`;
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
