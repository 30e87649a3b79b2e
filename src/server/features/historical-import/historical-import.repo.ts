import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '#server/db/sql.ts';

export async function findArtists(executor: Executor, slugs: string[], mbids: string[]) {
  return rowsOf<{ id: string; slug: string; mbid: string | null }>(
    executor,
    sql`select id, slug, mbid from artists
        where slug in (select jsonb_array_elements_text(${JSON.stringify(slugs)}::jsonb))
           or mbid in (select jsonb_array_elements_text(${JSON.stringify(mbids)}::jsonb))`,
  );
}

/** Stops of these artists as identity keys (`artistId|tour|date|venueKey`). */
export async function findStopKeys(executor: Executor, artistIds: string[]): Promise<Set<string>> {
  if (artistIds.length === 0) return new Set();
  const rows = await rowsOf<{ key: string }>(
    executor,
    sql`select s.artist_id || '|' || t.name || '|' || s.event_date::text || '|' || v.identity_key as key
        from tour_stops s join tours t on t.id = s.tour_id join venues v on v.id = s.venue_id
        where s.artist_id in (select (jsonb_array_elements_text(${JSON.stringify(artistIds)}::jsonb))::uuid)`,
  );
  return new Set(rows.map((row) => row.key));
}

export async function findVenueKeys(executor: Executor, keys: string[]): Promise<Set<string>> {
  const rows = await rowsOf<{ identity_key: string }>(
    executor,
    sql`select identity_key from venues
        where identity_key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
  );
  return new Set(rows.map((row) => row.identity_key));
}
