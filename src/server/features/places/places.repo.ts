import type { Database } from '#server/db/client.ts';
import type { CityPlace } from '#shared/place-label.ts';

export interface VenueWithoutZone extends CityPlace {
  id: string;
  lat: number | null;
  lon: number | null;
}

/**
 * Venues with no time zone that no earlier start failed to place, in id order after `afterId`
 * (keyset pages: unmatched ones are not read twice in one run).
 */
export async function findVenuesWithoutTimeZone(
  database: Database,
  afterId: string | null,
  limit: number,
): Promise<VenueWithoutZone[]> {
  const { rows } = await database.query<VenueWithoutZone>(
    `select id, city, region, country, lat, lon from venues v
     where time_zone is null and ($1::uuid is null or id > $1::uuid)
       and not exists (select 1 from place_match_attempts t where t.subject = 'venue:' || v.id)
     order by id limit $2`,
    [afterId, limit],
  );
  return rows;
}

/** Remembers subjects ('home:{id}', 'venue:{id}') that could not be placed: later starts skip them. */
export async function recordFailedAttempts(database: Database, subjects: string[]): Promise<void> {
  if (subjects.length === 0) return;
  await database.query(
    `insert into place_match_attempts (subject)
     select json_array_elements_text($1::json) on conflict (subject) do nothing`,
    [JSON.stringify(subjects)],
  );
}

/** Sets each venue's zone unless one was set meanwhile (an import or an admin wins). */
export async function setVenueTimeZones(
  database: Database,
  zones: { id: string; timeZone: string }[],
): Promise<number> {
  if (zones.length === 0) return 0;
  const { rows } = await database.query<{ id: string }>(
    `update venues v set time_zone = x."timeZone"
     from json_to_recordset($1::json) as x(id uuid, "timeZone" text)
     where v.id = x.id and v.time_zone is null
     returning v.id`,
    [JSON.stringify(zones)],
  );
  return rows.length;
}

export interface FreeTextHome {
  id: string;
  homeCity: string;
}

/**
 * Users whose home is free text from before places (no place chosen) and was never tried, in id
 * order after `afterId`.
 */
export async function findFreeTextHomes(
  database: Database,
  afterId: string | null,
  limit: number,
): Promise<FreeTextHome[]> {
  const { rows } = await database.query<FreeTextHome>(
    `select id, home_city as "homeCity" from users u
     where home_city is not null and home_place_id is null and ($1::uuid is null or id > $1::uuid)
       and not exists (select 1 from place_match_attempts t where t.subject = 'home:' || u.id)
     order by id limit $2`,
    [afterId, limit],
  );
  return rows;
}

export interface MatchedHome extends CityPlace {
  id: string;
  /** The free text it was matched from: a user who changed home meanwhile is left alone. */
  homeCity: string;
  placeId: string;
  lat: number;
  lon: number;
  timeZone: string;
}

export async function setMatchedHomes(database: Database, homes: MatchedHome[]): Promise<number> {
  if (homes.length === 0) return 0;
  const { rows } = await database.query<{ id: string }>(
    `update users u set home_place_id = x."placeId", home_city = x.city, home_region = x.region,
       home_country = x.country, home_lat = x.lat, home_lon = x.lon, home_time_zone = x."timeZone"
     from json_to_recordset($1::json) as x(id uuid, "homeCity" text, "placeId" text, city text, region text,
       country text, lat float8, lon float8, "timeZone" text)
     where u.id = x.id and u.home_place_id is null and u.home_city = x."homeCity"
     returning u.id`,
    [JSON.stringify(homes)],
  );
  return rows.length;
}
