import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { venues } from '#server/db/schema/index.ts';
import { rowsOf } from '#server/db/sql.ts';
import { visibleToSql } from '#server/features/catalog/stop-visibility.ts';
import type { ShowState } from '#shared/shows.ts';

export type VenueRow = Pick<
  typeof venues.$inferSelect,
  'id' | 'identityKey' | 'name' | 'slug' | 'address' | 'city' | 'region' | 'country' | 'lat' | 'lon' | 'timeZone'
>;

const venueColumns = sql`id, identity_key as "identityKey", name, slug, address, city, region, country, lat, lon,
  time_zone as "timeZone"`;

/** A venue the fan may pick: public, or their own pending one (ADR 0037). */
export async function selectVenueBySlug(db: Db, slug: string, viewerId: string): Promise<VenueRow | null> {
  const rows = await rowsOf<VenueRow>(
    db,
    sql`select ${venueColumns} from venues v where slug = ${slug} and ${visibleToSql('v', viewerId)}`,
  );
  return rows[0] ?? null;
}

export async function selectVenueByIdentity(db: Db, identityKey: string): Promise<VenueRow | null> {
  const rows = await rowsOf<VenueRow>(db, sql`select ${venueColumns} from venues where identity_key = ${identityKey}`);
  return rows[0] ?? null;
}

/** `%` and `_` typed by the fan are letters to find, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Catalog venues whose name (or city) contains the text; names starting with it first. */
export function selectVenueMatches(db: Db, text: string, limit: number, viewerId: string): Promise<VenueRow[]> {
  return rowsOf<VenueRow>(
    db,
    sql`select ${venueColumns} from venues v
        where (name ilike ${likePattern(text)} or city ilike ${likePattern(text)}) and ${visibleToSql('v', viewerId)}
        order by (lower(name) like lower(${`${text.replace(/[\\%_]/g, '\\$&')}%`})) desc, name, city
        limit ${limit}`,
  );
}

/**
 * A stop of this artist at this venue on this date that the fan may link to: an approved one
 * first, then one they submitted, then another fan's pending submission (one stop for one show,
 * whoever added it first). Rejected submissions are never linked to.
 */
export async function selectMatchingStop(
  db: Db,
  match: { artistId: string; venueId: string; date: string; userId: string },
): Promise<{ id: string; pending: boolean } | null> {
  const rows = await rowsOf<{ id: string; pending: boolean }>(
    db,
    sql`select id, review_state <> 'approved' as pending from tour_stops
        where artist_id = ${match.artistId} and venue_id = ${match.venueId} and event_date = ${match.date}::date
          and review_state <> 'rejected'
        order by (review_state = 'approved') desc, (submitted_by = ${match.userId}) desc nulls last, created_at
        limit 1`,
  );
  return rows[0] ?? null;
}

/**
 * Marks the stop for the fan (insert or update): the state, and the notes when given. The
 * revision seen is the stop's current one: the fan knows the show as it is now.
 */
export async function upsertUserShow(
  db: Db,
  row: { userId: string; stopId: string; state: ShowState; notes: string | null },
): Promise<void> {
  await db.execute(sql`
    insert into user_shows (user_id, stop_id, state, notes, seen_revision)
    select ${row.userId}, s.id, ${row.state}, ${row.notes}, s.revision from tour_stops s where s.id = ${row.stopId}
    on conflict (user_id, stop_id) do update set
      state = excluded.state,
      notes = coalesce(excluded.notes, user_shows.notes),
      seen_revision = excluded.seen_revision,
      updated_at = now()`);
}
