import type { Database } from '#server/db/client.ts';
import type { artists, tourStops, tours, venues } from '#server/db/schema/index.ts';
import { slugify, sortKey, stateCode } from '#shared/text.ts';
import type { BenchCatalog, BenchStop } from './catalog-generator.ts';

/**
 * Writes a generated catalog with large multi-row inserts, filling the denormalised artist
 * columns (sort_name, tour_count, last_event_date) the way the catalog writers do. It skips the
 * import's validation and idempotency checks and the genres, which the list does not read.
 */

type ArtistRow = typeof artists.$inferInsert;
type TourRow = typeof tours.$inferInsert;
type VenueRow = typeof venues.$inferInsert;
type StopRow = typeof tourStops.$inferInsert;

/** Stable ids so two runs produce identical tables (ids only break sort ties). */
const stableId = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const regionOf = (stop: BenchStop) => (stop.region && stop.country === 'US' ? stateCode(stop.region) : stop.region);

class CatalogRows {
  readonly artists: ArtistRow[] = [];
  readonly tours: TourRow[] = [];
  readonly stops: StopRow[] = [];
  private readonly venueIds = new Map<string, string>();
  readonly venues: VenueRow[] = [];

  venueId(stop: BenchStop): string {
    const region = regionOf(stop);
    const identityKey = [stop.venue, stop.city, region ?? '', stop.country].join('|').toLowerCase();
    let id = this.venueIds.get(identityKey);
    if (!id) {
      id = stableId(3, this.venues.length);
      this.venueIds.set(identityKey, id);
      const slug = `${slugify(stop.venue)}-${this.venues.length}`;
      this.venues.push({ id, name: stop.venue, slug, identityKey, city: stop.city, region, country: stop.country });
    }
    return id;
  }
}

function toRows(catalog: BenchCatalog): CatalogRows {
  const rows = new CatalogRows();
  for (const artist of catalog.artists) {
    const artistId = stableId(1, rows.artists.length);
    let lastEventDate: string | null = null;
    for (const tour of artist.tours) {
      const tourId = stableId(2, rows.tours.length);
      rows.tours.push({ id: tourId, artistId, name: tour.name });
      for (const stop of tour.stops) {
        const venueId = rows.venueId(stop);
        if (!lastEventDate || stop.date > lastEventDate) lastEventDate = stop.date;
        rows.stops.push({
          id: stableId(4, rows.stops.length),
          tourId,
          artistId,
          venueId,
          eventDate: stop.date,
          startTime: stop.time ?? null,
          city: stop.city,
          region: regionOf(stop) ?? null,
          country: stop.country,
          ticketUrl: stop.ticketUrl ?? null,
          slug: `${stop.date}-${slugify(stop.venue)}`,
        });
      }
    }
    rows.artists.push({
      id: artistId,
      name: artist.name,
      slug: slugify(artist.name),
      genres: artist.genres,
      sortName: sortKey(artist.name),
      tourCount: artist.tours.length,
      lastEventDate,
    });
  }
  return rows;
}

/** Rows per INSERT: each column travels as one array parameter, so batches can be large. */
const BATCH_ROWS = 20_000;

interface ColumnSpec<T> {
  name: string;
  type: string;
  value: (row: T) => unknown;
}

/** `insert … select * from unnest($1::uuid[], …)`: one parameter per column instead of one per value. */
async function insertColumns<T>(query: Query, table: string, columns: ColumnSpec<T>[], rows: T[]): Promise<void> {
  const names = columns.map((column) => column.name).join(', ');
  const arrays = columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ');
  const statement = `insert into ${table} (${names}) select * from unnest(${arrays})`;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    await query(
      statement,
      columns.map((column) => batch.map(column.value)),
    );
  }
}

const column = <T>(name: string, type: string, value: (row: T) => unknown): ColumnSpec<T> => ({ name, type, value });

type Query = (text: string, params?: unknown[]) => Promise<unknown>;

/** Runs `work` on one connection (a pool hands out a different one per query otherwise). */
async function inOneSession(database: Database, work: (query: Query) => Promise<void>): Promise<void> {
  if (!database.pool) return work((text, params) => database.query(text, params));
  const client = await database.pool.connect();
  try {
    await work((text, params) => client.query(text, params));
  } finally {
    client.release();
  }
}

export async function bulkLoadCatalog(database: Database, catalog: BenchCatalog): Promise<void> {
  const rows = toRows(catalog);
  await inOneSession(database, async (query) => {
    await query('begin');
    // The generated rows are consistent by construction: skip the per-row foreign-key triggers.
    await query('set local session_replication_role = replica');
    await withoutSecondaryIndexes(query, async () => insertAll(query, rows));
    await query('commit');
  });
  // A steady-state table: statistics for the planner and a visibility map for index-only scans.
  await database.query('vacuum analyze');
}

/** Building an index once after the load is far cheaper than maintaining it row by row. */
async function withoutSecondaryIndexes(query: Query, work: () => Promise<void>): Promise<void> {
  const result = (await query(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1::text[])
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [['artists', 'tours', 'venues', 'tour_stops']],
  )) as { rows: { indexname: string; indexdef: string }[] };
  for (const index of result.rows) await query(`drop index "${index.indexname}"`);
  await work();
  for (const index of result.rows) await query(index.indexdef);
}

async function insertAll(query: Query, rows: CatalogRows): Promise<void> {
  await insertColumns<VenueRow>(
    query,
    'venues',
    [
      column('id', 'uuid', (v) => v.id),
      column('name', 'text', (v) => v.name),
      column('slug', 'text', (v) => v.slug),
      column('identity_key', 'text', (v) => v.identityKey),
      column('city', 'text', (v) => v.city),
      column('region', 'text', (v) => v.region ?? null),
      column('country', 'text', (v) => v.country),
    ],
    rows.venues,
  );
  await insertColumns<ArtistRow>(
    query,
    'artists',
    [
      column('id', 'uuid', (a) => a.id),
      column('name', 'text', (a) => a.name),
      column('slug', 'text', (a) => a.slug),
      column('sort_name', 'text', (a) => a.sortName),
      column('tour_count', 'int', (a) => a.tourCount),
      column('last_event_date', 'date', (a) => a.lastEventDate),
    ],
    rows.artists,
  );
  await insertColumns<TourRow>(
    query,
    'tours',
    [
      column('id', 'uuid', (t) => t.id),
      column('artist_id', 'uuid', (t) => t.artistId),
      column('name', 'text', (t) => t.name),
    ],
    rows.tours,
  );
  await insertColumns<StopRow>(
    query,
    'tour_stops',
    [
      column('id', 'uuid', (s) => s.id),
      column('tour_id', 'uuid', (s) => s.tourId),
      column('artist_id', 'uuid', (s) => s.artistId),
      column('venue_id', 'uuid', (s) => s.venueId),
      column('event_date', 'date', (s) => s.eventDate),
      column('start_time', 'time', (s) => s.startTime),
      column('city', 'text', (s) => s.city),
      column('region', 'text', (s) => s.region),
      column('country', 'text', (s) => s.country),
      column('ticket_url', 'text', (s) => s.ticketUrl),
      column('slug', 'text', (s) => s.slug),
    ],
    rows.stops,
  );
}
