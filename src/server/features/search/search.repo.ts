import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { artists } from '#server/db/schema/index.ts';
import { rowsOf } from '#server/db/sql.ts';
import { visibleToSql } from '#server/features/catalog/stop-visibility.ts';

export type CatalogMatchRow = Pick<typeof artists.$inferSelect, 'name' | 'slug' | 'tourCount' | 'sortName'> & {
  exact: boolean;
};

/** `%` and `_` typed by the visitor are letters to find, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Artists whose name contains the text, case-insensitively, the exact name first. Two limited
 * branches rather than one sorted query: sorting every match ('the' matches a third of the
 * catalog) costs more than the lookup itself, while each branch stops at `limit` rows — the exact
 * name through the lower(name) index, the rest through the trigram index on artists.name.
 * Which partial matches come back when there are more than `limit` is unspecified (as in the
 * spec's original `limit 5`); the caller orders the few it gets.
 */
export async function selectCatalogMatches(
  db: Db,
  text: string,
  limit: number,
  viewerId: string | null,
): Promise<CatalogMatchRow[]> {
  // A fan's not yet approved artist is found by that fan only (ADR 0037).
  const visible = visibleToSql('artists', viewerId);
  const columns = sql`name, slug, tour_count as "tourCount", sort_name as "sortName"`;
  return rowsOf<CatalogMatchRow>(
    db,
    sql`
    (select ${columns}, true as exact from artists where lower(name) = lower(${text}) and ${visible} limit ${limit})
    union all
    (select ${columns}, false as exact from artists
     where name ilike ${likePattern(text)} and lower(name) <> lower(${text}) and ${visible} limit ${limit})
    limit ${limit}`,
  );
}
