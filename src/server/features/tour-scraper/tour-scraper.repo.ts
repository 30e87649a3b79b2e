import { sql } from 'drizzle-orm';
import { type Executor, rowsOf, type Tx } from '#server/db/sql.ts';
import type { StopClaim, StopClaimAfter } from '#shared/catalog-requests.ts';
import type { VenuePlace } from '#shared/place-label.ts';

/** A catalog stop of an artist on one date, to tell a scraped row's match. */
export interface DayStop extends Pick<VenuePlace, 'venueName' | 'city'> {
  id: string;
  venueKey: string;
  time: string | null;
  status: string;
  /** 'approved' or 'pending' (someone's submission awaiting review). */
  reviewState: string;
}

export function selectArtistStopsOn(executor: Executor, artistId: string, date: string): Promise<DayStop[]> {
  return rowsOf<DayStop>(
    executor,
    sql`select s.id, v.identity_key as "venueKey", v.name as "venueName", s.city,
               to_char(s.start_time, 'HH24:MI') as time, s.status, s.review_state as "reviewState"
        from tour_stops s join venues v on v.id = s.venue_id
        where s.artist_id = ${artistId} and s.event_date = ${date}::date and s.review_state <> 'rejected'`,
  );
}

export interface NewSource {
  stopId: string;
  sourceUrl: string;
  eventKey: string;
  importedBy: string | null;
  /** An admin's import: the weekly re-check may change the public stop from this page. */
  trusted: boolean;
}

/** Remembers where stops came from; a stop keeps the first page it was imported from. */
export async function insertSources(tx: Tx, sources: NewSource[]): Promise<void> {
  if (sources.length === 0) return;
  await tx.execute(sql`
    insert into scraped_stop_sources (stop_id, source_url, event_key, imported_by, trusted)
    select x."stopId", x."sourceUrl", x."eventKey", x."importedBy", x.trusted
    from json_to_recordset(${JSON.stringify(sources)}::json)
      as x("stopId" uuid, "sourceUrl" text, "eventKey" text, "importedBy" uuid, trusted boolean)
    on conflict (stop_id) do nothing`);
}

/**
 * The stop an import wrote (or found): artist, date and venue identify it. With `pendingOf`, only
 * that fan's own pending stop: a fan's import never touches a public stop or another fan's.
 */
export async function findStopId(
  executor: Executor,
  match: { artistId: string; date: string; venueKey: string; pendingOf: string | null },
): Promise<string | null> {
  const own =
    match.pendingOf === null ? sql`true` : sql`s.review_state = 'pending' and s.submitted_by = ${match.pendingOf}`;
  const rows = await rowsOf<{ id: string }>(
    executor,
    sql`select s.id from tour_stops s join venues v on v.id = s.venue_id
        where s.artist_id = ${match.artistId} and s.event_date = ${match.date}::date and v.identity_key = ${match.venueKey}
          and ${own}
        order by (s.review_state = 'approved') desc, s.created_at limit 1`,
  );
  return rows[0]?.id ?? null;
}

/** A public stop as a change request shows it: what the catalog says now. */
export interface ApprovedStop extends Pick<VenuePlace, 'venueName' | 'city'> {
  id: string;
  date: string;
  time: string | null;
  venueKey: string;
  status: string;
}

const approvedStopColumns = sql`s.id, s.event_date::text as date, to_char(s.start_time, 'HH24:MI') as time,
  v.identity_key as "venueKey", v.name as "venueName", s.city, s.status`;

/** The public stop a page's event was imported as before (same page, same event key), if any. */
export async function selectApprovedStopBySource(
  executor: Executor,
  url: string,
  eventKey: string,
): Promise<ApprovedStop | null> {
  const rows = await rowsOf<ApprovedStop>(
    executor,
    sql`select ${approvedStopColumns} from scraped_stop_sources x
        join tour_stops s on s.id = x.stop_id join venues v on v.id = s.venue_id
        where x.source_url = ${url} and x.event_key = ${eventKey} and s.review_state = 'approved' limit 1`,
  );
  return rows[0] ?? null;
}

export function selectApprovedStop(executor: Executor, stopId: string): Promise<ApprovedStop | undefined> {
  return rowsOf<ApprovedStop>(
    executor,
    sql`select ${approvedStopColumns} from tour_stops s join venues v on v.id = s.venue_id
        where s.id = ${stopId} and s.review_state = 'approved'`,
  ).then((rows) => rows[0]);
}

export interface NewChangeRequest {
  stopId: string;
  submittedBy: string;
  sourceUrl: string;
  before: StopClaim;
  after: StopClaimAfter;
}

/** A fan's claim about a public stop, for review; the same open claim is not asked twice. */
export async function insertChangeRequests(tx: Tx, requests: NewChangeRequest[]): Promise<void> {
  if (requests.length === 0) return;
  await tx.execute(sql`
    insert into catalog_change_requests (stop_id, submitted_by, source_url, before, after)
    select x."stopId", x."submittedBy", x."sourceUrl", x.before, x.after
    from json_to_recordset(${JSON.stringify(requests)}::json)
      as x("stopId" uuid, "submittedBy" uuid, "sourceUrl" text, before jsonb, after jsonb)
    on conflict do nothing`);
}

/** Postponed, rescheduled or cancelled as the page says (the catalog writer adds stops 'scheduled'). */
export async function setStopStatus(tx: Tx, stopId: string, status: string): Promise<void> {
  await tx.execute(sql`
    update tour_stops set status = ${status}, revision = revision + 1, updated_at = now()
    where id = ${stopId} and status <> ${status}`);
}

/**
 * Which sources the weekly re-check follows (ADR 0037): an admin's, and a fan's only while its
 * stop is still their pending submission. A public stop never changes because a fan's page did.
 */
const followedSource = sql`(x.trusted or s.review_state = 'pending')`;

/** Source pages whose stops are due a re-check (none in the last `days`), oldest first. */
export function selectDueSourceUrls(executor: Executor, days: number): Promise<{ url: string }[]> {
  return rowsOf(
    executor,
    sql`select x.source_url as url from scraped_stop_sources x join tour_stops s on s.id = x.stop_id
        where ${followedSource}
        group by x.source_url
        having max(coalesce(x.last_checked_at, 'epoch'::timestamptz)) < now() - ${days} * interval '1 day'
        order by min(coalesce(x.last_checked_at, 'epoch'::timestamptz)), x.source_url`,
  );
}

export interface SourcedStop extends Pick<VenuePlace, 'venueName' | 'city'> {
  id: string;
  artistId: string;
  eventKey: string;
  date: string;
  time: string | null;
  venueKey: string;
  status: string;
  ticketUrl: string | null;
}

export function selectStopsFromSource(executor: Executor, url: string): Promise<SourcedStop[]> {
  return rowsOf<SourcedStop>(
    executor,
    sql`select s.id, s.artist_id as "artistId", x.event_key as "eventKey", s.event_date::text as date,
               to_char(s.start_time, 'HH24:MI') as time, v.identity_key as "venueKey", v.name as "venueName",
               s.city, s.status, s.ticket_url as "ticketUrl"
        from scraped_stop_sources x join tour_stops s on s.id = x.stop_id join venues v on v.id = s.venue_id
        where x.source_url = ${url} and ${followedSource}`,
  );
}

export async function markChecked(executor: Executor, url: string, error: string | null): Promise<void> {
  await executor.execute(sql`
    update scraped_stop_sources set last_checked_at = now(), last_error = ${error} where source_url = ${url}`);
}
