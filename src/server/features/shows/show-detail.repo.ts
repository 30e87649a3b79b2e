import { sql } from 'drizzle-orm';
import type { userShows } from '#server/db/schema/index.ts';
import { type Executor, rowsOf } from '#server/db/sql.ts';
import type { VenuePlace } from '#shared/place-label.ts';
import type { ReviewState, ShowState, StopStatus } from '#shared/shows.ts';
import type { StopSourceView } from '#shared/tour-sources.ts';

/**
 * A stop the fan may see: a public (approved) one, one they submitted, or one they marked (a
 * submission of another fan they linked to, or one rejected later: their history keeps it).
 */
const visibleTo = (alias: string, userId: string) => sql`(
  ${sql.raw(alias)}.review_state = 'approved' or ${sql.raw(alias)}.submitted_by = ${userId}
  or exists (select 1 from user_shows mine where mine.stop_id = ${sql.raw(alias)}.id and mine.user_id = ${userId}))`;

export interface StopRow extends VenuePlace {
  id: string;
  date: string;
  time: string | null;
  status: StopStatus;
  reviewState: ReviewState;
  venueId: string;
  artistSlug: string;
  stopSlug: string;
  timeZone: string | null;
  ticketUrl: string | null;
  /** The sources listing the stop now (provenance, ADR 0044); null when none does. */
  sources: StopSourceView[] | null;
}

export async function selectVisibleStop(db: Executor, stopId: string, userId: string): Promise<StopRow | null> {
  const rows = await rowsOf<StopRow>(
    db,
    sql`select s.id, s.event_date::text as date, to_char(s.start_time, 'HH24:MI') as time, s.status,
               s.review_state as "reviewState", s.venue_id as "venueId", a.slug as "artistSlug",
               s.slug as "stopSlug", v.name as "venueName", v.slug as "venueSlug", v.city, v.region, v.country,
               v.time_zone as "timeZone", s.ticket_url as "ticketUrl",
               (select json_agg(jsonb_build_object('provider', ss.provider, 'url', ss.url,
                                                   'ticketUrl', ss.ticket_url, 'seller', ss.seller)
                                || jsonb_strip_nulls(jsonb_build_object('onSaleAt', ss.on_sale_at,
                                                                        'presaleAt', ss.presale_at)))
                from stop_sources ss where ss.stop_id = s.id and ss.missing_since is null) as sources
        from tour_stops s
        join artists a on a.id = s.artist_id
        join venues v on v.id = s.venue_id
        where s.id = ${stopId} and ${visibleTo('s', userId)}`,
  );
  return rows[0] ?? null;
}

export interface BillRow {
  stopId: string;
  artistName: string;
  artistSlug: string;
  tourName: string;
  stopSlug: string;
  time: string | null;
  status: StopStatus;
  reviewState: ReviewState;
}

/** One show: every stop the fan may see at this venue on this date (uses tour_stops (venue_id, event_date)). */
export function selectBill(db: Executor, venueId: string, date: string, userId: string): Promise<BillRow[]> {
  return rowsOf<BillRow>(
    db,
    sql`select s.id as "stopId", a.name as "artistName", a.slug as "artistSlug", t.name as "tourName",
               s.slug as "stopSlug", to_char(s.start_time, 'HH24:MI') as time, s.status,
               s.review_state as "reviewState"
        from tour_stops s
        join artists a on a.id = s.artist_id
        join tours t on t.id = s.tour_id
        where s.venue_id = ${venueId} and s.event_date = ${date}::date and ${visibleTo('s', userId)}
        order by s.start_time nulls last, a.sort_name, s.id`,
  );
}

export type UserShowRow = Pick<
  typeof userShows.$inferSelect,
  'id' | 'hasTickets' | 'seat' | 'notes' | 'rating' | 'companions'
> & { state: ShowState };

/** The fan's own row for a stop (user_id in the where clause: nobody reads another's). */
export async function selectUserShow(db: Executor, userId: string, stopId: string): Promise<UserShowRow | null> {
  const rows = await rowsOf<UserShowRow>(
    db,
    sql`select id, state, has_tickets as "hasTickets", seat, notes, rating, companions
        from user_shows where user_id = ${userId} and stop_id = ${stopId}`,
  );
  return rows[0] ?? null;
}

export type DetailsRow = Pick<typeof userShows.$inferSelect, 'notes' | 'rating' | 'companions'>;

/** Only the given fields change; the row is the fan's own (user_id in the where clause). */
export async function updateUserShowDetails(
  db: Executor,
  userShowId: string,
  userId: string,
  fields: Partial<DetailsRow>,
): Promise<DetailsRow> {
  const has = (key: keyof DetailsRow) => fields[key] !== undefined;
  const rows = await rowsOf<DetailsRow>(
    db,
    sql`update user_shows set
          notes = case when ${has('notes')} then ${fields.notes ?? null}::text else notes end,
          rating = case when ${has('rating')} then ${fields.rating ?? null}::smallint else rating end,
          companions = case when ${has('companions')} then ${fields.companions ?? null}::text else companions end,
          updated_at = now()
        where id = ${userShowId} and user_id = ${userId}
        returning notes, rating, companions`,
  );
  return rows[0]!;
}
