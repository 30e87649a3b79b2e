import { sql } from 'drizzle-orm';
import type { artists, tours } from '#server/db/schema/index.ts';
import { batched, type Executor, recordset, rowsOf, type Tx } from '#server/db/sql.ts';
import type { SourceStop } from '#server/providers/source-stop.ts';
import type { CityPlace } from '#shared/place-label.ts';
import { sortKey } from '#shared/text.ts';
import { noteCatalogChanged } from './catalog-version.ts';
import type { StoredStop } from './stop-identity.ts';

/** Serialises catalog writers (import, provider syncs) so their slug choices never race. */
export async function lockCatalogWrites(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
}

export async function isCatalogEmpty(executor: Executor): Promise<boolean> {
  const [row] = await rowsOf<{ empty: boolean }>(executor, sql`select not exists (select 1 from artists) as empty`);
  return row?.empty ?? true;
}

// ---------------------------------------------------------------------------------------- artists

export type ArtistRow = Pick<typeof artists.$inferSelect, 'id' | 'name' | 'slug' | 'mbid'>;

export interface NewArtist {
  name: string;
  slug: string;
  mbid: string | null;
  genres: string[];
  /** The fan whose submission made it (ADR 0037): the artist is theirs alone until approved. */
  submittedBy?: string | null;
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
      from artists a join ${recordset(
        batch.map((slug) => ({ slug })),
        { slug: 'text' },
      )} on a.slug = x.slug`,
  );
  const byMbid = await batched<string, ArtistRow>(
    executor,
    mbids,
    (batch) => sql`
      select a.id, a.name, a.slug, a.mbid
      from artists a join ${recordset(
        batch.map((mbid) => ({ mbid })),
        { mbid: 'text' },
      )} on a.mbid = x.mbid`,
  );
  return [...bySlug, ...byMbid];
}

/** Inserts the artists that are new; returns only those actually added. */
export function insertArtists(executor: Executor, artists: NewArtist[]): Promise<ArtistRow[]> {
  const rows = artists.map((artist) => ({
    ...artist,
    sortName: sortKey(artist.name),
    // A list per row does not fit a flat array parameter: it travels as JSON text.
    genres: JSON.stringify(artist.genres),
  }));
  return batched(
    executor,
    rows,
    (batch) => sql`
      insert into artists (name, slug, mbid, genres, sort_name, pending, submitted_by)
      select x.name, x.slug, x.mbid, array(select json_array_elements_text(x.genres::json)), x."sortName",
             x."submittedBy" is not null, x."submittedBy"
      from ${recordset(batch, {
        name: 'text',
        slug: 'text',
        mbid: 'text',
        genres: 'text',
        sortName: 'text',
        submittedBy: 'uuid',
      })}
      on conflict do nothing
      returning id, name, slug, mbid`,
  );
}

/** Fills an mbid or genres the catalog did not know yet; never overwrites what is there. Returns the artists filled. */
export async function fillMissingArtistDetails(
  executor: Executor,
  details: { id: string; mbid: string | null; genres: string[] }[],
): Promise<number> {
  const useful = details
    .filter((detail) => detail.mbid || detail.genres.length > 0)
    .map((detail) => ({ ...detail, genres: JSON.stringify(detail.genres) }));
  const filled = await batched(
    executor,
    useful,
    (batch) => sql`
      update artists a set
        mbid = coalesce(a.mbid, case when exists (select 1 from artists b where b.mbid = x.mbid) then null else x.mbid end),
        genres = case when cardinality(a.genres) = 0 then array(select json_array_elements_text(x.genres::json)) else a.genres end,
        updated_at = now()
      from ${recordset(batch, { id: 'uuid', mbid: 'text', genres: 'text' })}
      where a.id = x.id
        and ((a.mbid is null and x.mbid is not null) or (cardinality(a.genres) = 0 and x.genres <> '[]'))
      returning a.id`,
  );
  return filled.length;
}

// ------------------------------------------------------------------------------------------ tours

export interface TourKey {
  artistId: string;
  name: string;
}

export type TourRow = Pick<typeof tours.$inferSelect, 'id' | 'artistId' | 'name'>;

const tourColumns = { artistId: 'uuid', name: 'text' } as const;

/** Inserts the tours that are new; returns only those actually added. */
export function insertTours(executor: Executor, tours: TourKey[]): Promise<TourRow[]> {
  return batched(
    executor,
    tours,
    (batch) => sql`
      insert into tours (artist_id, name)
      select x."artistId", x.name from ${recordset(batch, tourColumns)}
      on conflict do nothing
      returning id, artist_id as "artistId", name`,
  );
}

export function findTours(executor: Executor, tours: TourKey[]): Promise<TourRow[]> {
  return batched(
    executor,
    tours,
    (batch) => sql`
      select t.id, t.artist_id as "artistId", t.name
      from tours t join ${recordset(batch, tourColumns)} on t.artist_id = x."artistId" and t.name = x.name`,
  );
}

// ----------------------------------------------------------------------------------------- venues

export interface NewVenue extends CityPlace {
  identityKey: string;
  slug: string;
  name: string;
  address: string | null;
  lat: number | null;
  lon: number | null;
  timeZone: string | null;
  /** As NewArtist.submittedBy. */
  submittedBy?: string | null;
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
      from venues v join ${recordset(
        batch.map((key) => ({ key })),
        { key: 'text' },
      )} on v.identity_key = x.key`,
  );
}

export function findTakenVenueSlugs(executor: Executor, slugs: string[]): Promise<{ slug: string }[]> {
  return batched(
    executor,
    slugs,
    (batch) => sql`
      select v.slug from venues v join ${recordset(
        batch.map((slug) => ({ slug })),
        { slug: 'text' },
      )} on v.slug = x.slug`,
  );
}

/** Inserts the venues that are new; returns only those actually added. */
export function insertVenues(executor: Executor, venues: NewVenue[]): Promise<{ id: string; identityKey: string }[]> {
  return batched(
    executor,
    venues,
    (batch) => sql`
      insert into venues (identity_key, slug, name, address, city, region, country, lat, lon, time_zone, pending, submitted_by)
      select x."identityKey", x.slug, x.name, x.address, x.city, x.region, x.country, x.lat, x.lon, x."timeZone",
             x."submittedBy" is not null, x."submittedBy"
      from ${recordset(batch, {
        identityKey: 'text',
        slug: 'text',
        name: 'text',
        address: 'text',
        city: 'text',
        region: 'text',
        country: 'text',
        lat: 'float8',
        lon: 'float8',
        timeZone: 'text',
        submittedBy: 'uuid',
      })}
      on conflict do nothing
      returning id, identity_key as "identityKey"`,
  );
}

// ------------------------------------------------------------------------------------------ stops

export interface StopKey {
  tourId: string;
  date: string;
  venueId: string;
}

export interface NewStop extends StopKey, CityPlace {
  artistId: string;
  slug: string;
  time: string | null;
  lat: number | null;
  lon: number | null;
  ticketUrl: string | null;
  source: string;
  externalId: string | null;
  /** The fan who submitted it through Add Show: the stop then waits for review ('pending'). */
  submittedBy: string | null;
}

/** The stops held at these tours, dates and venues, with their start times (several at one venue: early and late shows). */
/** A slot a writer wants to fill, and the fan writing it (null: a trusted writer). */
export interface SlotLookup extends StopKey {
  submittedBy: string | null;
}

/**
 * The stops that already hold these slots for their writer: for a trusted writer (a provider, an
 * admin's import) approved stops only, so no fan's pending or rejected stop keeps a show out of the
 * public catalog (ADR 0037); for a fan, any stop (another fan's request for the show is shared).
 */
export function findExistingStops(
  executor: Executor,
  stops: SlotLookup[],
): Promise<(SlotLookup & { time: string | null })[]> {
  return batched(
    executor,
    stops,
    (batch) => sql`
      select distinct s.tour_id as "tourId", s.event_date::text as date, s.venue_id as "venueId",
             to_char(s.start_time, 'HH24:MI') as time, x."submittedBy"
      from tour_stops s
      join ${recordset(batch, { tourId: 'uuid', date: 'date', venueId: 'uuid', submittedBy: 'uuid' })}
        on s.tour_id = x."tourId" and s.event_date = x.date and s.venue_id = x."venueId"
      where s.review_state = 'approved' or x."submittedBy" is not null`,
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
      join ${recordset(batch, { artistId: 'uuid', slug: 'text' })} on s.artist_id = x."artistId" and s.slug = x.slug`,
  );
}

const stopColumns = {
  tourId: 'uuid',
  artistId: 'uuid',
  venueId: 'uuid',
  date: 'date',
  time: 'time',
  city: 'text',
  region: 'text',
  country: 'text',
  lat: 'float8',
  lon: 'float8',
  ticketUrl: 'text',
  source: 'text',
  externalId: 'text',
  slug: 'text',
  submittedBy: 'uuid',
} as const;

/**
 * A load of this many stops into an empty tour_stops table builds its secondary indexes and
 * checks its foreign keys once at the end instead of row by row (see suspendStopChecks).
 */
export const BULK_STOP_LOAD_MIN = 5_000;

export async function isTourStopsEmpty(executor: Executor): Promise<boolean> {
  const [row] = await rowsOf<{ empty: boolean }>(executor, sql`select not exists (select 1 from tour_stops) as empty`);
  return row?.empty ?? true;
}

/**
 * Drops tour_stops' non-unique indexes and foreign keys for a bulk load and returns what puts them
 * back, as the database itself defines them (so this never drifts from the migrations). Maintaining
 * its indexes and checking its foreign keys per row is most of a large first import; one
 * build and one validating join at the end cost a fraction. The unique indexes stay: `on conflict`
 * and slug uniqueness rely on them. Runs inside the import's transaction: DDL is transactional,
 * so a failed import restores everything, and the table is locked until commit (an empty table
 * has nothing to read).
 */
export async function suspendStopChecks(tx: Tx): Promise<() => Promise<void>> {
  const statements = await rowsOf<{ drop: string; restore: string }>(
    tx,
    sql`
      select format('drop index %I', i.relname) as drop, pg_get_indexdef(i.oid) as restore
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = 'tour_stops'::regclass and not x.indisunique and not x.indisprimary
      union all
      select format('alter table tour_stops drop constraint %I', c.conname),
             format('alter table tour_stops add constraint %I %s', c.conname, pg_get_constraintdef(c.oid))
      from pg_constraint c
      where c.conrelid = 'tour_stops'::regclass and c.contype = 'f'`,
  );
  for (const { drop } of statements) await tx.execute(sql.raw(drop));
  return async () => {
    for (const { restore } of statements) await tx.execute(sql.raw(restore));
  };
}

/** Inserts the stops that are new; returns how many were added. */
export async function insertStops(executor: Executor, stops: NewStop[]): Promise<number> {
  // Counted in the database: the caller has no use for a batch's 5,000 new ids.
  const counts = await batched<NewStop, { count: number }>(
    executor,
    stops,
    (batch) => sql`
      with added as (
        insert into tour_stops (tour_id, artist_id, venue_id, event_date, start_time, city, region, country,
                                lat, lon, ticket_url, source, external_id, slug,
                                review_state, submitted_by, submitted_at)
        select x."tourId", x."artistId", x."venueId", x.date, x.time, x.city, x.region, x.country,
               x.lat, x.lon, x."ticketUrl", x.source, x."externalId", x.slug,
               case when x."submittedBy" is null then 'approved' else 'pending' end, x."submittedBy",
               case when x."submittedBy" is null then null else now() end
        from ${recordset(batch, stopColumns)}
        on conflict do nothing
        returning 1
      )
      select count(*)::int as count from added`,
  );
  return counts.reduce((sum, row) => sum + row.count, 0);
}

// -------------------------------------------------------------------------------- stop provenance

/** A provider listing of one artist's stop: the listing's source and its id there. */
export interface ListingRef {
  artistId: string;
  provider: string;
  externalId: string;
}

/**
 * The approved stops these listings are linked to: by their stop_sources row, else by the stop's
 * own provider id (a stop written before provenance was recorded).
 */
export async function findStopsByListing(
  executor: Executor,
  refs: ListingRef[],
): Promise<(ListingRef & { stopId: string })[]> {
  const found = await batched<ListingRef, ListingRef & { stopId: string; linked: boolean }>(
    executor,
    refs,
    (batch) => sql`
      with x as (select * from ${recordset(batch, { artistId: 'uuid', provider: 'text', externalId: 'text' })})
      select x."artistId", x.provider, x."externalId", s.id as "stopId", true as linked
      from x
      join stop_sources ss on ss.artist_id = x."artistId" and ss.provider = x.provider and ss.external_id = x."externalId"
      join tour_stops s on s.id = ss.stop_id and s.review_state = 'approved'
      union all
      select x."artistId", x.provider, x."externalId", s.id, false
      from x
      join tour_stops s on s.source = x.provider and s.external_id = x."externalId" and s.artist_id = x."artistId"
      where s.review_state = 'approved'`,
  );
  // A linked source wins over a stop's own provider id.
  const byRef = new Map<string, ListingRef & { stopId: string }>();
  for (const row of [...found].sort((a, b) => Number(b.linked) - Number(a.linked))) {
    const key = `${row.artistId}|${row.provider}|${row.externalId}`;
    if (!byRef.has(key))
      byRef.set(key, {
        artistId: row.artistId,
        provider: row.provider,
        externalId: row.externalId,
        stopId: row.stopId,
      });
  }
  return [...byRef.values()];
}

/** The artists' approved stops on these dates, with the listings linked to each (the merge rules' candidates). */
export function findStoredStopsOn(
  executor: Executor,
  days: { artistId: string; date: string }[],
): Promise<StoredStop[]> {
  return batched(
    executor,
    days,
    (batch) => sql`
      select s.id, s.artist_id as "artistId", s.event_date::text as date, to_char(s.start_time, 'HH24:MI') as time,
             v.identity_key as "venueKey", v.name as "venueName", s.city,
             coalesce(s.lat, v.lat) as lat, coalesce(s.lon, v.lon) as lon,
             coalesce((select json_agg(json_build_object('provider', ss.provider, 'externalId', ss.external_id))
                       from stop_sources ss where ss.stop_id = s.id), '[]'::json) as sources
      from (select distinct "artistId", date from ${recordset(batch, { artistId: 'uuid', date: 'date' })}) x
      join tour_stops s on s.artist_id = x."artistId" and s.event_date = x.date and s.review_state = 'approved'
      join venues v on v.id = s.venue_id`,
  );
}

/** The approved stops just written under these provider ids (a fan's pending stop has none). */
export function findStopIdsBySource(
  executor: Executor,
  keys: { artistId: string; source: string; externalId: string }[],
): Promise<{ id: string; artistId: string; source: string; externalId: string }[]> {
  return batched(
    executor,
    keys,
    (batch) => sql`
      select s.id, s.artist_id as "artistId", s.source, s.external_id as "externalId"
      from ${recordset(batch, { artistId: 'uuid', source: 'text', externalId: 'text' })}
      join tour_stops s on s.source = x.source and s.external_id = x."externalId" and s.artist_id = x."artistId"
      where s.review_state = 'approved' and s.submitted_by is null`,
  );
}

/**
 * Each listing against its stop (ADR 0044): what the source says now, seen now. A listing known
 * under another stop of the artist moves to this one (a merge decided they are one show).
 */
export async function upsertStopSources(
  executor: Executor,
  rows: { stopId: string; artistId: string; listing: SourceStop }[],
): Promise<void> {
  // One row per listing (the last wins): a statement may not update one row twice.
  const unique = new Map(rows.map((row) => [`${row.artistId}|${row.listing.provider}|${row.listing.externalId}`, row]));
  const records = [...unique.values()].map(({ stopId, artistId, listing }) => ({
    stopId,
    artistId,
    provider: listing.provider,
    externalId: listing.externalId,
    url: listing.url,
    ticketUrl: listing.ticketUrl,
    seller: listing.seller,
    status: listing.status,
    date: listing.date,
    time: listing.time,
    lineup: JSON.stringify(listing.lineup.map((performer) => performer.name)),
    onSaleAt: listing.onSaleAt ?? null,
    presaleAt: listing.presaleAt ?? null,
    presaleName: listing.presaleName ?? null,
  }));
  await batched(
    executor,
    records,
    (batch) => sql`
      insert into stop_sources (stop_id, artist_id, provider, external_id, url, ticket_url, seller, status,
                                reported_date, reported_time, lineup, on_sale_at, presale_at, presale_name,
                                last_seen_at, missing_since)
      select x."stopId", x."artistId", x.provider, x."externalId", x.url, x."ticketUrl", x.seller, x.status,
             x.date, x.time, x.lineup::jsonb, x."onSaleAt", x."presaleAt", x."presaleName", now(), null
      from ${recordset(batch, {
        stopId: 'uuid',
        artistId: 'uuid',
        provider: 'text',
        externalId: 'text',
        url: 'text',
        ticketUrl: 'text',
        seller: 'text',
        status: 'text',
        date: 'date',
        time: 'time',
        lineup: 'text',
        onSaleAt: 'timestamptz',
        presaleAt: 'timestamptz',
        presaleName: 'text',
      })}
      on conflict (artist_id, provider, external_id) do update set
        stop_id = excluded.stop_id, url = excluded.url, ticket_url = excluded.ticket_url,
        seller = excluded.seller, status = excluded.status, reported_date = excluded.reported_date,
        reported_time = excluded.reported_time, lineup = excluded.lineup, on_sale_at = excluded.on_sale_at,
        presale_at = excluded.presale_at, presale_name = excluded.presale_name,
        last_seen_at = excluded.last_seen_at, missing_since = null`,
  );
}

// ------------------------------------------------------------------------------------ artist stats

/**
 * Recomputes the denormalised columns the home list reads (docs/decisions/0002) for these artists
 * with one set-based UPDATE per 5,000 artists. Every writer of artists, tours or stops must call it
 * for the artists it touched, inside the same transaction.
 */
export async function refreshArtistStats(executor: Executor, artistIds: readonly string[]): Promise<void> {
  // Kept list pages are dropped now and not kept again until the writer has had time to commit.
  noteCatalogChanged();
  const ids = [...new Set(artistIds)].map((id) => ({ id }));
  const names = await batched<{ id: string }, { id: string; name: string }>(
    executor,
    ids,
    (batch) => sql`select a.id, a.name from artists a join ${recordset(batch, { id: 'uuid' })} on a.id = x.id`,
  );
  // sort_name comes from the shared sortKey so the database orders exactly as the helper says.
  const sortNames = names.map((artist) => ({ id: artist.id, sortName: sortKey(artist.name) }));
  await batched(
    executor,
    sortNames,
    (batch) => sql`
      with stats as (
        select x.id, x."sortName" as sort_name,
               -- Only approved, not cancelled stops count in public (stop-visibility.ts): a tour counts
               -- when it has such a stop or no stop at all (announced, dates to come).
               (select count(*)::int from tours t where t.artist_id = x.id
                  and (exists (select 1 from tour_stops s where s.tour_id = t.id
                                 and s.review_state = 'approved' and s.status <> 'cancelled')
                       or not exists (select 1 from tour_stops s where s.tour_id = t.id))) as tour_count,
               (select max(s.event_date) from tour_stops s
                where s.artist_id = x.id and s.review_state = 'approved' and s.status <> 'cancelled') as last_event_date
        from ${recordset(batch, { id: 'uuid', sortName: 'text' })}
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

/**
 * Artists and venues a trusted writer (an admin, a provider, an approval) uses become public
 * (ADR 0037): a fan's pending one is then everyone's. Returns how many were pending.
 */
export async function publishArtistsAndVenues(
  executor: Executor,
  ids: { artistIds: readonly string[]; venueIds: readonly string[] },
): Promise<number> {
  const artistsPublished =
    ids.artistIds.length === 0
      ? []
      : await rowsOf(
          executor,
          sql`update artists set pending = false, updated_at = now()
              where pending and id in (select (jsonb_array_elements_text(${JSON.stringify(ids.artistIds)}::jsonb))::uuid)
              returning id`,
        );
  const venuesPublished =
    ids.venueIds.length === 0
      ? []
      : await rowsOf(
          executor,
          sql`update venues set pending = false
              where pending and id in (select (jsonb_array_elements_text(${JSON.stringify(ids.venueIds)}::jsonb))::uuid)
              returning id`,
        );
  return artistsPublished.length + venuesPublished.length;
}
