import { eq, gte, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '#server/db/client.ts';
import { artistImages, artists, tourStops, tours } from '#server/db/schema/index.ts';
import {
  ARTISTS_PAGE_SIZE,
  type ArtistListEntry,
  type ArtistListPage,
  listArtistsQuerySchema,
} from '#shared/artists.ts';
import { sortKey, titleCase } from '#shared/text.ts';

/**
 * What the original app did, moved to the server so both sides are measured over the same HTTP
 * path: read every tour and every upcoming stop, then count, filter, sort and paginate in
 * JavaScript. It exists only for the benchmark.
 */

interface Aggregate {
  id: string;
  name: string;
  slug: string;
  tourIds: Set<string>;
  hasUpcomingShows: boolean;
}

async function aggregateArtists(database: Database, today: string): Promise<Map<string, Aggregate>> {
  const tourRows = await database.db
    .select({ tourId: tours.id, artistId: artists.id, name: artists.name, slug: artists.slug })
    .from(tours)
    .innerJoin(artists, eq(artists.id, tours.artistId));
  const upcomingStops = await database.db
    .select({ tourId: tourStops.tourId })
    .from(tourStops)
    .where(gte(tourStops.eventDate, today));
  const upcomingTours = new Set(upcomingStops.map((stop) => stop.tourId));

  const bySlug = new Map<string, Aggregate>();
  for (const row of tourRows) {
    let entry = bySlug.get(row.slug);
    if (!entry) {
      entry = { id: row.artistId, name: row.name, slug: row.slug, tourIds: new Set(), hasUpcomingShows: false };
      bySlug.set(row.slug, entry);
    }
    entry.tourIds.add(row.tourId);
    if (upcomingTours.has(row.tourId)) entry.hasUpcomingShows = true;
  }
  return bySlug;
}

/** Code-unit order, like the C collation the indexed query runs under, so both answers match. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function naiveArtistList(database: Database, page: number, today: string, all: boolean) {
  const aggregates = [...(await aggregateArtists(database, today)).values()]
    .filter((entry) => all || entry.hasUpcomingShows)
    .map((entry) => ({ entry, key: sortKey(entry.name) }))
    .sort((a, b) => byCodeUnits(a.key, b.key) || byCodeUnits(a.entry.id, b.entry.id))
    .map(({ entry }) => entry);
  const totalPages = Math.max(1, Math.ceil(aggregates.length / ARTISTS_PAGE_SIZE));
  const served = Math.min(page, totalPages);
  const pageEntries = aggregates.slice((served - 1) * ARTISTS_PAGE_SIZE, served * ARTISTS_PAGE_SIZE);
  const images = await imagesFor(database, pageEntries);
  const list: ArtistListEntry[] = pageEntries.map((entry) => ({
    name: titleCase(entry.name),
    slug: entry.slug,
    tourCount: entry.tourIds.size,
    hasUpcomingShows: entry.hasUpcomingShows,
    imageUrl: images.get(entry.id) ?? null,
  }));
  const body: ArtistListPage = {
    artists: list,
    total: aggregates.length,
    page: served,
    totalPages,
    pageSize: ARTISTS_PAGE_SIZE,
  };
  return body;
}

async function imagesFor(database: Database, entries: Aggregate[]): Promise<Map<string, string>> {
  if (entries.length === 0) return new Map();
  const rows = await database.db
    .select({ artistId: artistImages.artistId, imageUrl: artistImages.imageUrl })
    .from(artistImages)
    .where(
      inArray(
        artistImages.artistId,
        entries.map((entry) => entry.id),
      ),
    );
  return new Map(rows.map((row) => [row.artistId, row.imageUrl]));
}

/** GET handler with the product endpoint's query string. */
export function naiveArtistListHandler(database: Database) {
  return async (c: Context) => {
    const query = listArtistsQuerySchema.parse(c.req.query());
    return c.json(await naiveArtistList(database, query.page, query.today, query.all === '1'));
  };
}
