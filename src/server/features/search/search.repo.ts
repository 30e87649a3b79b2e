import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

export interface CatalogMatchRow {
  name: string;
  slug: string;
  tourCount: number;
}

/** `%` and `_` typed by the visitor are letters to find, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Artists whose name contains the text, case-insensitively: `ilike '%…%'` is answered by the
 * trigram index on artists.name. An exact name comes first, then the rest alphabetically.
 */
export async function selectCatalogMatches(db: Db, text: string, limit: number): Promise<CatalogMatchRow[]> {
  const result = (await db.execute(sql`
    select name, slug, tour_count as "tourCount"
    from artists
    where name ilike ${likePattern(text)}
    order by lower(name) = lower(${text}) desc, sort_name, id
    limit ${limit}`)) as unknown as { rows: CatalogMatchRow[] };
  return result.rows;
}
