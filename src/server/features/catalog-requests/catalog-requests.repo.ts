import { sql } from 'drizzle-orm';
import { type Executor, rowsOf, type Tx } from '#server/db/sql.ts';
import type { CityPlace } from '#shared/place-label.ts';

/** '50%_off' must match literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

const pendingMatching = (q: string) => sql`
  select s.id, s.submitted_at from tour_stops s
  join artists a on a.id = s.artist_id
  join venues v on v.id = s.venue_id
  left join users u on u.id = s.submitted_by
  where s.review_state = 'pending'
    and (${q} = '' or a.name ilike ${contains(q)} or v.name ilike ${contains(q)}
         or v.city ilike ${contains(q)} or u.email ilike ${contains(q)})`;

export interface RequestRow extends CityPlace {
  stop_id: string;
  artist_id: string;
  artist_name: string;
  artist_slug: string;
  new_artist: boolean;
  tour_name: string;
  date: string;
  time: string | null;
  venue_name: string;
  venue_slug: string;
  submitter_name: string | null;
  submitter_email: string | null;
  submitted_by: string | null;
  submitted_at: string | Date | null;
  total: number;
}

const requestColumns = sql`
  s.id as stop_id, a.id as artist_id, a.name as artist_name, a.slug as artist_slug,
  not exists (select 1 from tour_stops x where x.artist_id = a.id and x.review_state = 'approved') as new_artist,
  t.name as tour_name, s.event_date::text as date, to_char(s.start_time, 'HH24:MI') as time,
  v.name as venue_name, v.city, v.region, v.country, v.slug as venue_slug,
  coalesce(u.full_name, u.name) as submitter_name, u.email as submitter_email, s.submitted_by, s.submitted_at`;

const requestJoins = sql`
  from tour_stops s join artists a on a.id = s.artist_id join tours t on t.id = s.tour_id
  join venues v on v.id = s.venue_id left join users u on u.id = s.submitted_by`;

/** The oldest submissions first (they waited longest); `total` counts the whole filtered set. */
export function selectRequestPage(executor: Executor, q: string, limit: number, offset: number) {
  return rowsOf<RequestRow>(
    executor,
    sql`with matched as (${pendingMatching(q)}),
        page as (select id from matched order by submitted_at nulls first, id limit ${limit} offset ${offset})
        select ${requestColumns}, (select count(*)::int from matched) as total
        ${requestJoins} where s.id in (select id from page)
        order by s.submitted_at nulls first, s.id`,
  );
}

export async function countRequests(executor: Executor, q: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(executor, sql`select count(*)::int as n from (${pendingMatching(q)}) m`);
  return Number(row?.n ?? 0);
}

export async function selectMatchingIds(executor: Executor, q: string, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    executor,
    sql`select id from (${pendingMatching(q)}) m order by submitted_at nulls first, id limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

export function lockRequest(tx: Tx, stopId: string) {
  return rowsOf<RequestRow & { review_state: string; venue_id: string; tour_id: string }>(
    tx,
    sql`select ${requestColumns}, s.review_state, s.venue_id, s.tour_id, 0 as total
        ${requestJoins} where s.id = ${stopId} for update of s`,
  ).then((rows) => rows[0]);
}

export interface MatchRow extends CityPlace {
  request_id: string;
  stop_id: string;
  artist_name: string;
  artist_slug: string;
  date: string;
  venue_name: string;
  reason: 'same-show' | 'same-artist-near-date' | 'same-venue-date';
}

/**
 * The closest approved catalog stops per request: the same show (approving merges into it), the
 * same artist within a week, another artist at the same venue that day. At most 3 each.
 */
export function selectMatches(executor: Executor, requestIds: string[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return rowsOf<MatchRow>(
    executor,
    sql`select p.id as request_id, m.* from tour_stops p
        cross join lateral (
          select s.id as stop_id, a.name as artist_name, a.slug as artist_slug, s.event_date::text as date,
                 v.name as venue_name, v.city, v.region, v.country,
                 case when s.artist_id = p.artist_id and s.venue_id = p.venue_id and s.event_date = p.event_date
                        then 'same-show'
                      when s.artist_id = p.artist_id then 'same-artist-near-date'
                      else 'same-venue-date' end as reason
          from tour_stops s join artists a on a.id = s.artist_id join venues v on v.id = s.venue_id
          where s.review_state = 'approved' and s.id <> p.id
            and ((s.artist_id = p.artist_id and s.event_date between p.event_date - 7 and p.event_date + 7)
                 or (s.venue_id = p.venue_id and s.event_date = p.event_date))
          order by (s.artist_id = p.artist_id and s.venue_id = p.venue_id and s.event_date = p.event_date) desc,
                   (s.artist_id = p.artist_id) desc, abs(s.event_date - p.event_date), s.id
          limit 3
        ) m
        where p.id in (select (jsonb_array_elements_text(${JSON.stringify(requestIds)}::jsonb))::uuid)`,
  );
}

/** The approved stop of this artist at this venue on this date: approving a duplicate merges into it. */
export async function findApprovedTwin(
  tx: Tx,
  stop: { artistId: string; venueId: string; date: string; exceptId: string },
): Promise<string | null> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`select id from tour_stops where artist_id = ${stop.artistId} and venue_id = ${stop.venueId}
          and event_date = ${stop.date}::date and review_state = 'approved' and id <> ${stop.exceptId}
        order by created_at limit 1`,
  );
  return row?.id ?? null;
}

/** Fans' shows of the duplicate move to the catalog stop (a fan with both keeps one, photos moved); the duplicate goes. */
export async function mergeStopInto(tx: Tx, fromId: string, intoId: string): Promise<void> {
  await tx.execute(sql`
    update show_photos p set user_show_id = keep.id from user_shows gone
    join user_shows keep on keep.stop_id = ${intoId} and keep.user_id = gone.user_id
    where gone.stop_id = ${fromId} and p.user_show_id = gone.id`);
  await tx.execute(sql`
    delete from user_shows gone where gone.stop_id = ${fromId}
      and exists (select 1 from user_shows keep where keep.stop_id = ${intoId} and keep.user_id = gone.user_id)`);
  await tx.execute(sql`update user_shows set stop_id = ${intoId}, updated_at = now() where stop_id = ${fromId}`);
  await tx.execute(sql`delete from tour_stops where id = ${fromId}`);
}

export async function findVenueIdBySlug(tx: Tx, slug: string): Promise<string | null> {
  const [row] = await rowsOf<{ id: string }>(tx, sql`select id from venues where slug = ${slug}`);
  return row?.id ?? null;
}

/** The artist's tour of that name, made when missing. */
export async function tourIdFor(tx: Tx, artistId: string, name: string): Promise<string> {
  await tx.execute(sql`insert into tours (artist_id, name) values (${artistId}, ${name}) on conflict do nothing`);
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`select id from tours where artist_id = ${artistId} and name = ${name}`,
  );
  return row!.id;
}

export async function approveStop(
  tx: Tx,
  stopId: string,
  edit: { tourId: string; venueId: string; date: string; time: string | null },
): Promise<void> {
  await tx.execute(sql`
    update tour_stops s set review_state = 'approved', review_note = null, tour_id = ${edit.tourId},
      venue_id = ${edit.venueId}, event_date = ${edit.date}::date, start_time = ${edit.time}::time,
      city = v.city, region = v.region, country = v.country, lat = coalesce(v.lat, s.lat), lon = coalesce(v.lon, s.lon),
      updated_at = now()
    from venues v where v.id = ${edit.venueId} and s.id = ${stopId}`);
}

export async function rejectStop(tx: Tx, stopId: string, reason: string): Promise<void> {
  await tx.execute(sql`
    update tour_stops set review_state = 'rejected', review_note = ${reason}, updated_at = now() where id = ${stopId}`);
}

/** Tours left without any stop by an edit or a merge (Add Show made them for the submission). */
export async function dropEmptyTour(tx: Tx, tourId: string): Promise<void> {
  await tx.execute(
    sql`delete from tours t where t.id = ${tourId} and not exists (select 1 from tour_stops s where s.tour_id = t.id)`,
  );
}
