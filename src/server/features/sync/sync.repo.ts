import { sql } from 'drizzle-orm';
import type { TourStopChangeKind } from '#server/db/schema/index.ts';
import { type Executor, rowsOf, type Tx } from '#server/db/sql.ts';
import type { CityPlace } from '#shared/place-label.ts';
import type { KnownStop } from './sync.plan.ts';

export interface ArtistIdentity {
  id: string;
  name: string;
  slug: string;
  mbid: string | null;
  /** A fan's not yet approved artist (ADR 0037). */
  pending?: boolean;
  submittedBy?: string | null;
  /** When a sync last asked the sources about the artist; null when none ever did. */
  tourDatesCheckedAt?: string | Date | null;
}

/** The artist an mbid or slug names: the mbid wins, as in the catalog's identity rules. */
export async function findArtistIdentity(
  executor: Executor,
  slug: string,
  mbid: string | null,
): Promise<ArtistIdentity | null> {
  const rows = await rowsOf<ArtistIdentity>(
    executor,
    sql`select id, name, slug, mbid, pending, submitted_by as "submittedBy",
               tour_dates_checked_at as "tourDatesCheckedAt" from artists
        where slug = ${slug} or (${mbid}::text is not null and mbid = ${mbid})
        order by (mbid is not distinct from ${mbid}) desc
        limit 1`,
  );
  return rows[0] ?? null;
}

/** A sync asked the sources about the artist (whatever they said). */
export async function markTourDatesChecked(executor: Executor, artistId: string, at: Date): Promise<void> {
  await executor.execute(sql`update artists set tour_dates_checked_at = ${at.toISOString()} where id = ${artistId}`);
}

export function findArtistById(executor: Executor, id: string): Promise<ArtistIdentity | null> {
  return rowsOf<ArtistIdentity>(executor, sql`select id, name, slug, mbid from artists where id = ${id}`).then(
    (rows) => rows[0] ?? null,
  );
}

/** The artist's approved stops with their linked sources (a fan's pending stop is theirs alone: ADR 0037). */
export function findKnownStops(executor: Executor, artistId: string): Promise<KnownStop[]> {
  return rowsOf<KnownStop>(
    executor,
    sql`select s.id, s.event_date::text as date, to_char(s.start_time, 'HH24:MI') as time,
               v.identity_key as "venueKey", v.name as "venueName", s.city,
               coalesce(s.lat, v.lat) as lat, coalesce(s.lon, v.lon) as lon, s.source,
               s.external_id as "externalId", s.ticket_url as "ticketUrl", s.status,
               coalesce((select json_agg(json_build_object('provider', ss.provider, 'externalId', ss.external_id,
                                                           'reportedDate', ss.reported_date::text,
                                                           'hasSaleTime', ss.on_sale_at is not null or ss.presale_at is not null))
                         from stop_sources ss where ss.stop_id = s.id), '[]'::json) as sources
        from tour_stops s join venues v on v.id = s.venue_id
        where s.artist_id = ${artistId} and s.review_state = 'approved'`,
  );
}

/** Sources that answered without a stop they once listed: missing since their first silence. */
export async function markSourcesMissing(
  tx: Tx,
  missing: { stopId: string; provider: string; externalId: string }[],
): Promise<void> {
  if (missing.length === 0) return;
  await tx.execute(sql`
    update stop_sources ss set missing_since = coalesce(ss.missing_since, now())
    from json_to_recordset(${JSON.stringify(missing)}::json) as x("stopId" uuid, provider text, "externalId" text)
    where ss.stop_id = x."stopId" and ss.provider = x.provider and ss.external_id = x."externalId"`);
}

export interface StopUpdate extends CityPlace {
  date: string;
  time: string | null;
  venueKey: string;
  lat: number | null;
  lon: number | null;
  ticketUrl: string | null;
}

/**
 * Moves a stop in place so its id (and links to it) and fans' states on it survive; a cancelled
 * stop listed again is scheduled again. The revision goes up when the date, time, venue or status
 * changed (calendar SEQUENCE, fans' "Moved" marker), not for a new ticket link. Skipped when its
 * tour already has a stop on the new date at the new venue: then the move would only create a duplicate.
 */
export async function updateStop(tx: Tx, stopId: string, update: StopUpdate): Promise<void> {
  await tx.execute(sql`
    update tour_stops s set
      event_date = ${update.date}::date,
      start_time = ${update.time}::time,
      venue_id = v.id,
      city = ${update.city}, region = ${update.region}, country = ${update.country},
      lat = ${update.lat}, lon = ${update.lon}, ticket_url = ${update.ticketUrl},
      status = 'scheduled',
      revision = s.revision + case
        when (s.event_date, s.start_time, s.venue_id, s.status)
             is distinct from (${update.date}::date, ${update.time}::time, v.id, 'scheduled') then 1 else 0 end,
      updated_at = now()
    from venues v
    where s.id = ${stopId} and v.identity_key = ${update.venueKey}
      and not exists (
        select 1 from tour_stops o
        where o.tour_id = s.tour_id and o.event_date = ${update.date}::date and o.venue_id = v.id and o.id <> s.id)`);
}

/**
 * A stop the provider no longer lists is kept as 'cancelled' (never deleted): fans who marked it
 * keep it in their lists, marked Cancelled; public lists and counts skip it.
 */
export async function cancelStops(
  tx: Tx,
  stopIds: string[],
  status: 'cancelled' | 'postponed' = 'cancelled',
): Promise<void> {
  if (stopIds.length === 0) return;
  await tx.execute(sql`
    update tour_stops set status = ${status}, revision = revision + 1, updated_at = now()
    where id in (select json_array_elements_text(${JSON.stringify(stopIds)}::json)::uuid) and status <> ${status}`);
}

/** Tours without any stop left would show as empty tours. */
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
