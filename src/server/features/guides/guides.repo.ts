import type { Database } from '#server/db/client.ts';
import type { guideParts } from '#server/db/schema/index.ts';
import type { GoingGuide, GuidePartKind, GuideStop, NearbyShow } from '#shared/guides.ts';
import type { CityPlace } from '#shared/place-label.ts';

/** Queries of the guides feature: parts by kind and key, the stop a guide is about, its neighbours. */

export type PartRow = Pick<
  typeof guideParts.$inferSelect,
  'key' | 'data' | 'fetchedAt' | 'lastError' | 'failures' | 'retryAt'
> & { kind: GuidePartKind };

const partColumns = `kind, key, data, fetched_at as "fetchedAt", last_error as "lastError", failures, retry_at as "retryAt"`;

export async function findParts(
  database: Database,
  wanted: { kind: GuidePartKind; key: string }[],
): Promise<PartRow[]> {
  if (wanted.length === 0) return [];
  // A literal list of pairs: each is a primary-key look-up.
  const pairs = wanted.map((_, i) => `($${i * 2 + 1}, $${i * 2 + 2})`).join(', ');
  const { rows } = await database.query<PartRow>(
    `select ${partColumns} from guide_parts where (kind, key) in (${pairs})`,
    wanted.flatMap((part) => [part.kind, part.key]),
  );
  return rows.map((row) => ({
    ...row,
    fetchedAt: row.fetchedAt ? new Date(row.fetchedAt) : null,
    retryAt: row.retryAt ? new Date(row.retryAt) : null,
  }));
}

/** A good fetch: the new copy replaces the old, the failure count resets. `data` null: the source has nothing. */
export async function savePart(database: Database, kind: GuidePartKind, key: string, data: unknown): Promise<void> {
  await database.query(
    `insert into guide_parts (kind, key, data, fetched_at, last_error, failures, retry_at, updated_at)
     values ($1, $2, $3::jsonb, now(), null, 0, null, now())
     on conflict (kind, key) do update
       set data = excluded.data, fetched_at = now(), last_error = null, failures = 0, retry_at = null, updated_at = now()`,
    [kind, key, data === null ? null : JSON.stringify(data)],
  );
}

/** A failed fetch keeps the last good copy; the next try waits `retryInSeconds`. Returns the failures in a row. */
export async function recordPartFailure(
  database: Database,
  kind: GuidePartKind,
  key: string,
  error: string,
  retryIn: (failures: number) => number,
): Promise<number> {
  const { rows } = await database.query<{ failures: number }>(
    `insert into guide_parts (kind, key, last_error, failures, updated_at) values ($1, $2, $3, 1, now())
     on conflict (kind, key) do update
       set last_error = excluded.last_error, failures = guide_parts.failures + 1, updated_at = now()
     returning failures`,
    [kind, key, error.slice(0, 500)],
  );
  const failures = rows[0]?.failures ?? 1;
  await database.query(
    `update guide_parts set retry_at = now() + $3::int * interval '1 second' where kind = $1 and key = $2`,
    [kind, key, retryIn(failures)],
  );
  return failures;
}

export interface VenuePoint extends CityPlace {
  id: string;
  name: string;
  address: string | null;
  lat: number | null;
  lon: number | null;
  timeZone: string | null;
}

const venueColumns = `id, name, address, city, region, country, lat, lon, time_zone as "timeZone"`;

export async function findVenueById(database: Database, id: string): Promise<VenuePoint | null> {
  const { rows } = await database.query<VenuePoint>(`select ${venueColumns} from venues where id = $1`, [id]);
  return rows[0] ?? null;
}

/** A geocoded point for a venue that had none (a point set meanwhile is kept). */
export async function setVenuePoint(
  database: Database,
  venueId: string,
  lat: number,
  lon: number,
  timeZone: string | null,
): Promise<void> {
  await database.query(
    `update venues set lat = $2, lon = $3, time_zone = coalesce(time_zone, $4) where id = $1 and lat is null`,
    [venueId, lat, lon, timeZone],
  );
}

export async function findVenueBySlug(database: Database, slug: string): Promise<VenuePoint | null> {
  const { rows } = await database.query<VenuePoint>(`select ${venueColumns} from venues where slug = $1`, [slug]);
  return rows[0] ?? null;
}

/** One venue of the city (its name as written, for the article title). */
export async function findCityByKey(database: Database, cityKey: string): Promise<VenuePoint | null> {
  const { rows } = await database.query<VenuePoint>(
    `select ${venueColumns} from venues where lower(city) || '|' || lower(country) = $1 limit 1`,
    [cityKey],
  );
  return rows[0] ?? null;
}

export type GuideStopRow = GuideStop & { venueId: string; tourId: string; artistId: string };

/** The signed-in fan's side of a guide, read with its stop: home point and this show's row (null when none). */
export interface GuideFanColumns {
  homeCity: string | null;
  homeLat: number | null;
  homeLon: number | null;
  myState: string | null;
  myHasTickets: boolean | null;
  mySeat: string | null;
  myRevision: number;
  mySeenRevision: number | null;
}

/**
 * A public stop (approved) by artist and stop slug, with its venue. With `userId`, the same row
 * carries the fan's home and show state (the guide page's "from home" and Going/Seen), so a
 * signed-in read costs no extra statements; without one, those columns are null.
 */
export async function findGuideStop(
  database: Database,
  artistSlug: string,
  stopSlug: string,
  userId: string | null = null,
): Promise<(GuideStopRow & GuideFanColumns) | null> {
  const { rows } = await database.query<GuideStopRow & GuideFanColumns>(
    `select s.id as "stopId", s.slug as "stopSlug", s.status, to_char(s.event_date, 'YYYY-MM-DD') as date,
            to_char(s.start_time, 'HH24:MI') as time, v.time_zone as "timeZone",
            a.name as "artistName", a.slug as "artistSlug", t.name as "tourName", t.id as "tourId", a.id as "artistId",
            v.id as "venueId", v.name as "venueName", v.slug as "venueSlug", v.address,
            v.city, v.region, v.country, coalesce(v.lat, s.lat) as lat, coalesce(v.lon, s.lon) as lon,
            s.ticket_url as "ticketUrl",
            u.home_city as "homeCity", u.home_lat as "homeLat", u.home_lon as "homeLon",
            us.state as "myState", us.has_tickets as "myHasTickets", us.seat as "mySeat",
            s.revision as "myRevision", us.seen_revision as "mySeenRevision"
       from tour_stops s
       join artists a on a.id = s.artist_id
       join tours t on t.id = s.tour_id
       join venues v on v.id = s.venue_id
       left join users u on u.id = $3::uuid
       left join user_shows us on us.user_id = $3::uuid and us.stop_id = s.id
      where (a.slug = $1 or a.id = (select r.artist_id from artist_slug_redirects r where r.slug = $1))
        and s.slug = $2 and s.review_state = 'approved'`,
    [artistSlug, stopSlug, userId],
  );
  return rows[0] ?? null;
}

/** The tour's stop before this one (by date), for fans following the whole tour. */
export async function findPreviousStop(
  database: Database,
  artistId: string,
  tourId: string,
  date: string,
): Promise<{ city: string; lat: number; lon: number } | null> {
  const { rows } = await database.query<{ city: string; lat: number; lon: number }>(
    `select v.city, coalesce(v.lat, s.lat) as lat, coalesce(v.lon, s.lon) as lon
       from tour_stops s join venues v on v.id = s.venue_id
      where s.artist_id = $3 and s.tour_id = $1 and s.event_date < $2::date and s.review_state = 'approved'
        and s.status <> 'cancelled' and coalesce(v.lat, s.lat) is not null
      order by s.event_date desc limit 1`,
    [tourId, date, artistId],
  );
  return rows[0] ?? null;
}

/**
 * Other approved, not cancelled stops within `days` of the date and a lat/lon box around the venue
 * (the caller trims to the exact distance); the fan's followed artists first.
 */
export async function findNearbyStops(
  database: Database,
  params: {
    stopId: string;
    date: string;
    days: number;
    lat: number;
    lon: number;
    km: number;
    userId: string | null;
    limit: number;
  },
): Promise<(Omit<NearbyShow, 'distanceKm'> & { lat: number; lon: number })[]> {
  const dLat = params.km / 111;
  const dLon = params.km / (111 * Math.max(0.1, Math.cos((params.lat * Math.PI) / 180)));
  const { rows } = await database.query<Omit<NearbyShow, 'distanceKm'> & { lat: number; lon: number }>(
    `select s.slug as "stopSlug", a.name as "artistName", a.slug as "artistSlug", to_char(s.event_date, 'YYYY-MM-DD') as date,
            v.name as "venueName", v.city, v.lat, v.lon,
            ($9::uuid is not null and exists (select 1 from favorite_artists f where f.user_id = $9::uuid and f.artist_id = a.id)) as followed
       from tour_stops s
       join venues v on v.id = s.venue_id
       join artists a on a.id = s.artist_id
      where s.event_date between $2::date - $3::int and $2::date + $3::int
        and s.id <> $1 and s.review_state = 'approved' and s.status <> 'cancelled'
        and v.lat between $4::float8 - $6::float8 and $4::float8 + $6::float8
        and v.lon between $5::float8 - $7::float8 and $5::float8 + $7::float8
      order by followed desc, s.event_date, a.sort_name
      limit $8`,
    [params.stopId, params.date, params.days, params.lat, params.lon, dLat, dLon, params.limit * 3, params.userId],
  );
  return rows;
}

export interface PlanParams {
  today: string;
  artistId: string | null;
  limit: number;
  /** Days a good copy stays fresh, per kind. */
  freshDays: { around: number; venue: number; city: number; geocode: number };
  /** Only stops added or changed after this (the last complete plan); null: every upcoming stop. */
  since: Date | null;
}

/**
 * Upcoming public stops' parts that are missing or older than their freshness (the planner's work
 * list): per venue with a point its places and facts, per venue without one its geocoding, per city
 * its article. With `since`, only venues and cities of stops changed since then are looked at (an
 * index on tour_stops.updated_at): a restart does not walk the whole catalog.
 */
export async function findPartsToBuild(
  database: Database,
  params: PlanParams,
): Promise<{ around: string[]; venue: string[]; geocode: string[]; cities: string[] }> {
  const stopFilter = `s.event_date >= $1::date and s.review_state = 'approved' and s.status <> 'cancelled'
        and ($2::uuid is null or s.artist_id = $2::uuid) and ($5::timestamptz is null or s.updated_at > $5::timestamptz)`;
  const stale = `(p.key is null or (p.fetched_at is null and (p.retry_at is null or p.retry_at < now()))
        or p.fetched_at < now() - $4::int * interval '1 day')`;
  const args = (freshDays: number) => [params.today, params.artistId, params.limit, freshDays, params.since];
  const venueParts = async (kind: 'around' | 'venue' | 'geocode', freshDays: number) => {
    const point = kind === 'geocode' ? 'v.lat is null' : 'v.lat is not null';
    const { rows } = await database.query<{ key: string }>(
      `select v.id::text as key from venues v
        left join guide_parts p on p.kind = '${kind}' and p.key = v.id::text
        where v.id in (select s.venue_id from tour_stops s where ${stopFilter})
          and ${point} and ${stale}
        order by v.id limit $3`,
      args(freshDays),
    );
    return rows.map((row) => row.key);
  };
  const around = await venueParts('around', params.freshDays.around);
  const venue = await venueParts('venue', params.freshDays.venue);
  const geocode = await venueParts('geocode', params.freshDays.geocode);
  const cities = await database.query<{ key: string }>(
    `select c.key from (
       select distinct lower(v.city) || '|' || lower(v.country) as key from venues v
        where v.id in (select s.venue_id from tour_stops s where ${stopFilter})) c
      left join guide_parts p on p.kind = 'city' and p.key = c.key
      where ${stale}
      order by c.key limit $3`,
    args(params.freshDays.city),
  );
  return { around, venue, geocode, cities: cities.rows.map((row) => row.key) };
}

/** The database's clock at the start of a plan: the next plan looks at stops changed after it. */
export async function databaseNow(database: Database): Promise<Date> {
  const { rows } = await database.query<{ at: Date | string }>(`select now() as at`);
  return new Date(rows[0]!.at);
}

export async function readPlanMark(database: Database, scope: string): Promise<Date | null> {
  const { rows } = await database.query<{ at: Date | string }>(
    `select planned_through as at from guide_plan_marks where scope = $1`,
    [scope],
  );
  return rows[0] ? new Date(rows[0].at) : null;
}

/** A complete plan moves the mark forward (never back: an older, slower run finishing late). */
export async function writePlanMark(database: Database, scope: string, at: Date): Promise<void> {
  await database.query(
    `insert into guide_plan_marks (scope, planned_through, updated_at) values ($1, $2, now())
     on conflict (scope) do update
       set planned_through = greatest(guide_plan_marks.planned_through, excluded.planned_through), updated_at = now()`,
    [scope, at.toISOString()],
  );
}

/** Stops within the forecast horizon whose forecast is missing or older than `maxAgeHours`. */
export async function findForecastsToBuild(
  database: Database,
  params: { today: string; horizonDays: number; maxAgeHours: number; limit: number },
): Promise<string[]> {
  const { rows } = await database.query<{ key: string }>(
    `select distinct s.venue_id::text || '|' || to_char(s.event_date, 'YYYY-MM-DD') as key
       from tour_stops s
       join venues v on v.id = s.venue_id
       left join guide_parts p on p.kind = 'forecast' and p.key = s.venue_id::text || '|' || to_char(s.event_date, 'YYYY-MM-DD')
      where s.event_date between $1::date and $1::date + $2::int
        and s.review_state = 'approved' and s.status <> 'cancelled' and v.lat is not null
        and (p.key is null or (p.fetched_at is null and (p.retry_at is null or p.retry_at < now()))
             or p.fetched_at < now() - $3::int * interval '1 hour')
      limit $4`,
    [params.today, params.horizonDays, params.maxAgeHours, params.limit],
  );
  return rows.map((row) => row.key);
}

export async function findStopSlugs(
  database: Database,
  stopId: string,
): Promise<{ artistSlug: string; stopSlug: string } | null> {
  const { rows } = await database.query<{ artistSlug: string; stopSlug: string }>(
    `select a.slug as "artistSlug", s.slug as "stopSlug" from tour_stops s join artists a on a.id = s.artist_id where s.id = $1`,
    [stopId],
  );
  return rows[0] ?? null;
}

/**
 * The fan's upcoming Going shows' guides (yesterday included: time zones), soonest first: kept offline.
 * Each carries that night's bill (tour_stops by venue and date) for the setlists kept with it.
 */
export async function findGoingGuides(database: Database, userId: string, limit: number): Promise<GoingGuide[]> {
  const { rows } = await database.query<GoingGuide>(
    `select s.id as "stopId", a.slug as "artistSlug", s.slug as "stopSlug", v.slug as "venueSlug",
            to_char(s.event_date, 'YYYY-MM-DD') as date,
            (select coalesce(json_agg(json_build_object('stopId', b.id, 'artistSlug', ba.slug)
                                      order by b.start_time nulls last, ba.sort_name, b.id), '[]'::json)
               from tour_stops b join artists ba on ba.id = b.artist_id
              where b.venue_id = s.venue_id and b.event_date = s.event_date
                and b.review_state = 'approved' and b.status <> 'cancelled') as bill
       from user_shows u
       join tour_stops s on s.id = u.stop_id
       join artists a on a.id = s.artist_id
       join venues v on v.id = s.venue_id
      where u.user_id = $1 and u.state = 'going' and s.event_date >= current_date - 1
        and s.review_state = 'approved' and s.status <> 'cancelled'
      order by s.event_date, s.id
      limit $2`,
    [userId, limit],
  );
  return rows;
}
