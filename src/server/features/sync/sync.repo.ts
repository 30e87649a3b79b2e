import { sql } from 'drizzle-orm';
import type { TourStopChangeKind } from '#server/db/schema/index.ts';
import { type Executor, rowsOf, type Tx } from '#server/db/sql.ts';
import type { KnownStop } from './sync.diff.ts';

export interface ArtistIdentity {
  id: string;
  name: string;
  slug: string;
  mbid: string | null;
}

/** The artist an mbid or slug names: the mbid wins, as in the catalog's identity rules. */
export async function findArtistIdentity(
  executor: Executor,
  slug: string,
  mbid: string | null,
): Promise<ArtistIdentity | null> {
  const rows = await rowsOf<ArtistIdentity>(
    executor,
    sql`select id, name, slug, mbid from artists
        where slug = ${slug} or (${mbid}::text is not null and mbid = ${mbid})
        order by (mbid is not distinct from ${mbid}) desc
        limit 1`,
  );
  return rows[0] ?? null;
}

export function findArtistById(executor: Executor, id: string): Promise<ArtistIdentity | null> {
  return rowsOf<ArtistIdentity>(executor, sql`select id, name, slug, mbid from artists where id = ${id}`).then(
    (rows) => rows[0] ?? null,
  );
}

export function findKnownStops(executor: Executor, artistId: string): Promise<KnownStop[]> {
  return rowsOf<KnownStop>(
    executor,
    sql`select s.id, s.event_date::text as date, to_char(s.start_time, 'HH24:MI') as time,
               v.identity_key as "venueKey", v.name as "venueName", s.city, s.source,
               s.external_id as "externalId", s.ticket_url as "ticketUrl"
        from tour_stops s join venues v on v.id = s.venue_id
        where s.artist_id = ${artistId}`,
  );
}

export interface StopUpdate {
  date: string;
  time: string | null;
  venueKey: string;
  city: string;
  region: string | null;
  country: string;
  lat: number | null;
  lon: number | null;
  ticketUrl: string | null;
}

/**
 * Moves a stop in place so its id (and links to it) survive. Skipped when its tour already has a
 * stop on the new date at the new venue: then the move would only create a duplicate.
 */
export async function updateStop(tx: Tx, stopId: string, update: StopUpdate): Promise<void> {
  await tx.execute(sql`
    update tour_stops s set
      event_date = ${update.date}::date,
      start_time = ${update.time}::time,
      venue_id = v.id,
      city = ${update.city}, region = ${update.region}, country = ${update.country},
      lat = ${update.lat}, lon = ${update.lon}, ticket_url = ${update.ticketUrl},
      updated_at = now()
    from venues v
    where s.id = ${stopId} and v.identity_key = ${update.venueKey}
      and not exists (
        select 1 from tour_stops o
        where o.tour_id = s.tour_id and o.event_date = ${update.date}::date and o.venue_id = v.id and o.id <> s.id)`);
}

export async function deleteStops(tx: Tx, stopIds: string[]): Promise<void> {
  if (stopIds.length === 0) return;
  await tx.execute(
    sql`delete from tour_stops where id in (select json_array_elements_text(${JSON.stringify(stopIds)}::json)::uuid)`,
  );
}

/** Tours left without stops (their last show was cancelled) would show as empty tours. */
export async function deleteEmptyTours(tx: Tx, artistId: string): Promise<void> {
  await tx.execute(sql`
    delete from tours t where t.artist_id = ${artistId}
      and not exists (select 1 from tour_stops s where s.tour_id = t.id)`);
}

export interface NewChange {
  stopId: string;
  artistId: string;
  kind: TourStopChangeKind;
  details: Record<string, unknown>;
}

export async function insertChanges(tx: Tx, changes: NewChange[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.execute(sql`
    insert into tour_stop_changes (stop_id, artist_id, kind, details)
    select x."stopId", x."artistId", x.kind, x.details
    from json_to_recordset(${JSON.stringify(changes)}::json) as x("stopId" uuid, "artistId" uuid, kind text, details jsonb)`);
}

/** Stop ids by provider id, to point 'new' change records at the rows just inserted. */
export function findStopIdsByExternalId(
  executor: Executor,
  source: string,
  externalIds: string[],
): Promise<{ id: string; externalId: string }[]> {
  if (externalIds.length === 0) return Promise.resolve([]);
  return rowsOf(
    executor,
    sql`select id, external_id as "externalId" from tour_stops
        where source = ${source}
          and external_id in (select json_array_elements_text(${JSON.stringify(externalIds)}::json))`,
  );
}

/** Artists at least one fan follows, in a stable order so each day's run spreads them alike. */
export function selectFollowedArtistIds(executor: Executor): Promise<{ id: string }[]> {
  return rowsOf(
    executor,
    sql`select a.id from artists a
        where exists (select 1 from favorite_artists f where f.artist_id = a.id)
        order by a.sort_name, a.id`,
  );
}
