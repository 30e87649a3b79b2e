import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sortKey } from '#shared/text.ts';

/** The database handle or an open transaction: every catalog query runs on either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/**
 * Rows travel as one JSON parameter unpacked by json_to_recordset: one parameter per statement
 * whatever the batch size (PostgreSQL caps a statement at 65,535 parameters), on PGlite and pg alike.
 */
const BATCH_SIZE = 5000;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH_SIZE) result.push(items.slice(start, start + BATCH_SIZE));
  return result;
}

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::json`;

async function rowsOf<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function batched<In, Out>(executor: Executor, items: readonly In[], query: (batch: In[]) => SQL): Promise<Out[]> {
  const out: Out[] = [];
  for (const batch of chunks(items)) out.push(...(await rowsOf<Out>(executor, query(batch))));
  return out;
}

/** Serialises catalog writers (import, provider syncs) so their slug choices never race. */
export async function lockCatalogWrites(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
}

export async function isCatalogEmpty(executor: Executor): Promise<boolean> {
  const [row] = await rowsOf<{ empty: boolean }>(executor, sql`select not exists (select 1 from artists) as empty`);
  return row?.empty ?? true;
}

// ---------------------------------------------------------------------------------------- artists

export interface ArtistRow {
  id: string;
  name: string;
  slug: string;
  mbid: string | null;
}

export interface NewArtist {
  name: string;
  slug: string;
  mbid: string | null;
  genres: string[];
}

/** Two equi-joins rather than one OR-join, so both lookups use their unique index. */
export async function findArtistsBySlugOrMbid(
  executor: Executor,
  slugs: string[],
  mbids: string[],
): Promise<ArtistRow[]> {
  const bySlug = await batched<string, ArtistRow>(
    executor,
    slugs,
    (batch) => sql`
      select a.id, a.name, a.slug, a.mbid
      from artists a join json_array_elements_text(${json(batch)}) as k(slug) on a.slug = k.slug`,
  );
  const byMbid = await batched<string, ArtistRow>(
    executor,
    mbids,
    (batch) => sql`
      select a.id, a.name, a.slug, a.mbid
      from artists a join json_array_elements_text(${json(batch)}) as k(mbid) on a.mbid = k.mbid`,
  );
  return [...bySlug, ...byMbid];
}

/** Inserts the artists that are new; returns only those actually added. */
export function insertArtists(executor: Executor, artists: NewArtist[]): Promise<ArtistRow[]> {
  const rows = artists.map((artist) => ({ ...artist, sort_name: sortKey(artist.name) }));
  return batched(
    executor,
    rows,
    (batch) => sql`
      insert into artists (name, slug, mbid, genres, sort_name)
      select x.name, x.slug, x.mbid, array(select json_array_elements_text(x.genres)), x.sort_name
      from json_to_recordset(${json(batch)}) as x(name text, slug text, mbid text, genres json, sort_name text)
      on conflict do nothing
      returning id, name, slug, mbid`,
  );
}

/** Fills an mbid or genres the catalog did not know yet; never overwrites what is there. */
export async function fillMissingArtistDetails(
  executor: Executor,
  details: { id: string; mbid: string | null; genres: string[] }[],
): Promise<void> {
  const useful = details.filter((detail) => detail.mbid || detail.genres.length > 0);
  await batched(
    executor,
    useful,
    (batch) => sql`
      update artists a set
        mbid = coalesce(a.mbid, case when exists (select 1 from artists b where b.mbid = x.mbid) then null else x.mbid end),
        genres = case when cardinality(a.genres) = 0 then array(select json_array_elements_text(x.genres)) else a.genres end,
        updated_at = now()
      from json_to_recordset(${json(batch)}) as x(id uuid, mbid text, genres json)
      where a.id = x.id
        and ((a.mbid is null and x.mbid is not null) or (cardinality(a.genres) = 0 and json_array_length(x.genres) > 0))`,
  );
}

// ------------------------------------------------------------------------------------------ tours

export interface TourKey {
  artistId: string;
  name: string;
}

export interface TourRow extends TourKey {
  id: string;
}

const tourRecordset = (batch: TourKey[]) =>
  sql`json_to_recordset(${json(batch.map((tour) => ({ artist_id: tour.artistId, name: tour.name })))}) as x(artist_id uuid, name text)`;

export async function insertTours(executor: Executor, tours: TourKey[]): Promise<number> {
  const added = await batched(
    executor,
    tours,
    (batch) => sql`
      insert into tours (artist_id, name)
      select x.artist_id, x.name from ${tourRecordset(batch)}
      on conflict do nothing
      returning id`,
  );
  return added.length;
}

export function findTours(executor: Executor, tours: TourKey[]): Promise<TourRow[]> {
  return batched(
    executor,
    tours,
    (batch) => sql`
      select t.id, t.artist_id as "artistId", t.name
      from tours t join ${tourRecordset(batch)} on t.artist_id = x.artist_id and t.name = x.name`,
  );
}

// ----------------------------------------------------------------------------------------- venues

export interface NewVenue {
  identityKey: string;
  slug: string;
  name: string;
  address: string | null;
  city: string;
  region: string | null;
  country: string;
  lat: number | null;
  lon: number | null;
  timeZone: string | null;
}

export function findVenueIds(
  executor: Executor,
  identityKeys: string[],
): Promise<{ id: string; identityKey: string }[]> {
  return batched(
    executor,
    identityKeys,
    (batch) => sql`
      select v.id, v.identity_key as "identityKey"
      from venues v join json_array_elements_text(${json(batch)}) as k(key) on v.identity_key = k.key`,
  );
}

export function findTakenVenueSlugs(executor: Executor, slugs: string[]): Promise<{ slug: string }[]> {
  return batched(
    executor,
    slugs,
    (batch) =>
      sql`select v.slug from venues v join json_array_elements_text(${json(batch)}) as k(slug) on v.slug = k.slug`,
  );
}

export async function insertVenues(executor: Executor, venues: NewVenue[]): Promise<number> {
  const added = await batched(
    executor,
    venues,
    (batch) => sql`
      insert into venues (identity_key, slug, name, address, city, region, country, lat, lon, time_zone)
      select x.identity_key, x.slug, x.name, x.address, x.city, x.region, x.country, x.lat, x.lon, x.time_zone
      from json_to_recordset(${json(
        batch.map((venue) => ({ ...venue, identity_key: venue.identityKey, time_zone: venue.timeZone })),
      )}) as x(identity_key text, slug text, name text, address text, city text, region text, country text,
               lat double precision, lon double precision, time_zone text)
      on conflict do nothing
      returning id`,
  );
  return added.length;
}

// ------------------------------------------------------------------------------------------ stops

export interface StopKey {
  tourId: string;
  date: string;
  venueId: string;
}

export interface NewStop extends StopKey {
  artistId: string;
  slug: string;
  time: string | null;
  city: string;
  region: string | null;
  country: string;
  lat: number | null;
  lon: number | null;
  ticketUrl: string | null;
  source: string;
  externalId: string | null;
}

export function findExistingStops(executor: Executor, stops: StopKey[]): Promise<StopKey[]> {
  return batched(
    executor,
    stops,
    (batch) => sql`
      select s.tour_id as "tourId", s.event_date::text as date, s.venue_id as "venueId"
      from tour_stops s
      join json_to_recordset(${json(batch)}) as k("tourId" uuid, date date, "venueId" uuid)
        on s.tour_id = k."tourId" and s.event_date = k.date and s.venue_id = k."venueId"`,
  );
}

export function findTakenStopSlugs(
  executor: Executor,
  keys: { artistId: string; slug: string }[],
): Promise<{ artistId: string; slug: string }[]> {
  return batched(
    executor,
    keys,
    (batch) => sql`
      select s.artist_id as "artistId", s.slug
      from tour_stops s
      join json_to_recordset(${json(batch)}) as k("artistId" uuid, slug text)
        on s.artist_id = k."artistId" and s.slug = k.slug`,
  );
}

export async function insertStops(executor: Executor, stops: NewStop[]): Promise<number> {
  const added = await batched(
    executor,
    stops,
    (batch) => sql`
      insert into tour_stops (tour_id, artist_id, venue_id, event_date, start_time, city, region, country,
                              lat, lon, ticket_url, source, external_id, slug)
      select x."tourId", x."artistId", x."venueId", x.date, x.time, x.city, x.region, x.country,
             x.lat, x.lon, x."ticketUrl", x.source, x."externalId", x.slug
      from json_to_recordset(${json(batch)}) as x("tourId" uuid, "artistId" uuid, "venueId" uuid, date date,
             time time, city text, region text, country text, lat double precision, lon double precision,
             "ticketUrl" text, source text, "externalId" text, slug text)
      on conflict do nothing
      returning id`,
  );
  return added.length;
}

// ------------------------------------------------------------------------------------ artist stats

/**
 * Recomputes the denormalised columns the home list reads (docs/decisions/0002) for these artists,
 * in one set-based UPDATE per 5,000 artists. Every writer of artists, tours or stops must call it
 * for the artists it touched, inside the same transaction.
 */
export async function refreshArtistStats(executor: Executor, artistIds: readonly string[]): Promise<void> {
  const unique = [...new Set(artistIds)];
  const names = await batched<string, { id: string; name: string }>(
    executor,
    unique,
    (batch) =>
      sql`select a.id, a.name from artists a join json_array_elements_text(${json(batch)}) as k(id) on a.id = k.id::uuid`,
  );
  // sort_name comes from the shared sortKey so the server's order matches the helper the client tests.
  const sortNames = names.map((artist) => ({ id: artist.id, sort_name: sortKey(artist.name) }));
  await batched(
    executor,
    sortNames,
    (batch) => sql`
      with stats as (
        select x.id, x.sort_name,
               (select count(*)::int from tours t where t.artist_id = x.id) as tour_count,
               (select max(s.event_date) from tour_stops s where s.artist_id = x.id) as last_event_date
        from json_to_recordset(${json(batch)}) as x(id uuid, sort_name text)
      )
      update artists a set
        sort_name = stats.sort_name,
        tour_count = stats.tour_count,
        last_event_date = stats.last_event_date,
        updated_at = now()
      from stats
      where a.id = stats.id
        and (a.sort_name, a.tour_count, a.last_event_date)
            is distinct from (stats.sort_name, stats.tour_count, stats.last_event_date)`,
  );
}
