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
}

/**
 * Each order is one index's order (schema/catalog.ts: artists_sort_cover, artists_tours_*,
 * artists_created), forwards and backwards: a page past the middle is read from the far end.
 */
const ORDER_BY: Record<AdminArtistSort, { forward: string; backward: string }> = {
  name: { forward: 'sort_name, id', backward: 'sort_name desc, id desc' },
  '-name': { forward: 'sort_name desc, id desc', backward: 'sort_name, id' },
  tours: { forward: 'tour_count, sort_name, id', backward: 'tour_count desc nulls first, sort_name desc, id desc' },
  // "nulls last/first" are the index's own orders (the column is never null), so the index serves them.
  '-tours': {
    forward: 'tour_count desc nulls last, sort_name, id',
    backward: 'tour_count nulls first, sort_name desc, id desc',
  },
  added: { forward: 'created_at, id', backward: 'created_at desc, id desc' },
  '-added': { forward: 'created_at desc, id desc', backward: 'created_at, id' },
};

/** Trigrams need three letters: a shorter search matches the start of the name instead. */
const PREFIX_SEARCH_BELOW = 3;

/**
 * No search: no condition at all, so the planner walks the sort's index from the start. A search of
 * 3+ letters is a substring (the trigram index); of 1–2 letters a prefix of the lower-cased name,
 * read off artists_name_prefix_idx (text_pattern_ops: the database's collation is not C). The
 * pattern is one parameter so the planner sees its fixed prefix; backslash is LIKE's own escape.
 */
function whereSql(search: string): SQL {
  if (search === '') return sql``;
  if ([...search].length < PREFIX_SEARCH_BELOW)
    return sql`where lower(name) like ${`${likeEscape(search.toLowerCase())}%`}`;
  return sql`where name ilike '%' || ${likeEscape(search)} || '%' escape '\\'`;
}

export interface PageWindow {
  limit: number;
  offset: number;
  /** Read from the far end of the order (the rows come back in reverse). */
  backward: boolean;
}

/**
 * Where to read a page: skipping index entries is the cost of a deep page, so one past the middle
 * is read from the other end (at most half the entries are ever skipped).
 */
export function pageWindow(total: number, limit: number, offset: number): PageWindow {
  const end = Math.min(total, offset + limit);
  if (offset >= total || offset <= total - end) return { limit, offset, backward: false };
  return { limit: end - offset, offset: total - end, backward: true };
}

/**
 * The page's ids come off the sort's index (index-only; a deep page skips index entries, never
 * sorts the table; a search reads the trigram or the prefix index instead), then only those rows are read with
 * their public stop count (lateral, by the artist/date index; the public rule is
 * stop-visibility's). The order comes from a closed list (never from the request's text), so it
 * is safe as raw SQL.
 */
export function artistPageSql(search: string, window: PageWindow, sort: AdminArtistSort): SQL {
  const order = ORDER_BY[sort];
  const read = sql.raw(window.backward ? order.backward : order.forward);
  return sql`
with page as (
  select id from artists ${whereSql(search)} order by ${read} limit ${window.limit} offset ${window.offset}
)
select a.id, a.name, a.slug, a.tour_count::int as tour_count, stops.n::int as stop_count
from page join artists a using (id)
cross join lateral (select count(*) as n from tour_stops ts where ts.artist_id = a.id and ${publicStopSql('ts')}) stops
order by ${sql.raw(order.forward)}`;
}

/** '50%_off' must match literally: escape LIKE's wildcards. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export async function findArtistPage(database: Database, search: string, window: PageWindow, sort: AdminArtistSort) {
  return rowsOf<AdminArtistDbRow>(database.db, artistPageSql(search, window, sort));
}

/** Apart so the bench can EXPLAIN it. */
export const countArtistsSql = (search: string): SQL =>
  sql`select count(*)::int as total from artists ${whereSql(search)}`;

/** How many artists match (all of them without a search). */
export async function countArtists(database: Database, search: string): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(database.db, countArtistsSql(search));
  return Number(row?.total ?? 0);
}
