import type { Database } from '#server/db/client.ts';
import type { AdminArtistSort } from '#shared/admin-artists.ts';

export interface AdminArtistDbRow {
  id: string;
  name: string;
  slug: string;
  tour_count: number;
  stop_count: number;
  total: number;
}

/**
 * One query: the page of artists whose name contains `pattern` (ILIKE, trigram-indexed), the stop
 * count per artist on that page only (lateral, by the artist/date index) and the total match count.
 */
const ORDER_BY: Record<AdminArtistSort, string> = {
  name: 'sort_name, id',
  '-name': 'sort_name desc, id desc',
  tours: 'tour_count, sort_name, id',
  '-tours': 'tour_count desc, sort_name, id',
  added: 'created_at, id',
  '-added': 'created_at desc, id desc',
};

/** The order comes from a closed list (never from the request's text). */
const pageSql = (sort: AdminArtistSort) => `
with matched as (
  select id, name, slug, tour_count, sort_name, created_at from artists
  where $1 = '' or name ilike '%' || $1 || '%' escape '\\'
),
page as (
  select *, row_number() over (order by ${ORDER_BY[sort]}) as position
  from matched order by ${ORDER_BY[sort]} limit $2 offset $3
)
select page.id, page.name, page.slug, page.tour_count::int as tour_count,
  stops.n::int as stop_count, (select count(*) from matched)::int as total
from page
cross join lateral (select count(*) as n from tour_stops ts where ts.artist_id = page.id and ts.review_state = 'approved') stops
order by page.position`;

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
  const { rows } = await database.query<AdminArtistDbRow>(pageSql(sort), [likeEscape(search), limit, offset]);
  return rows;
}

/** Only needed when the requested page is past the end (no rows to carry the total). */
export async function countArtists(database: Database, search: string): Promise<number> {
  const { rows } = await database.query<{ total: number }>(COUNT_SQL, [likeEscape(search)]);
  return Number(rows[0]?.total ?? 0);
}
