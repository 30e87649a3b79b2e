import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { artistImages, artists, tourStops, tours, venues } from '#server/db/schema/index.ts';
import { slugify, sortKey } from '#shared/text.ts';

export interface FactoryStop {
  date: string;
  time?: string;
  venue: string;
  city: string;
  region?: string;
  country: string;
  ticketUrl?: string;
}

export interface FactoryArtist {
  name: string;
  mbid?: string;
  genres?: string[];
  imageUrl?: string;
  tours: { name: string; stops: FactoryStop[] }[];
}

/**
 * Test data written straight through Drizzle, including the denormalised artist columns the
 * catalog writers maintain (sort_name, tour_count, last_event_date), so API tests do not depend
 * on the import's own rules.
 */
export async function seedCatalog(database: Database, list: FactoryArtist[]): Promise<void> {
  for (const artist of list) await insertArtist(database, artist);
}

async function insertArtist(database: Database, input: FactoryArtist): Promise<void> {
  const dates = input.tours.flatMap((tour) => tour.stops.map((stop) => stop.date)).sort();
  const [artist] = await database.db
    .insert(artists)
    .values({
      name: input.name,
      slug: slugify(input.name),
      mbid: input.mbid,
      genres: input.genres ?? [],
      sortName: sortKey(input.name),
      tourCount: input.tours.length,
      lastEventDate: dates.at(-1) ?? null,
    })
    .returning({ id: artists.id });
  const artistId = artist!.id;
  if (input.imageUrl) {
    await database.db.insert(artistImages).values({ artistId, artistName: input.name, imageUrl: input.imageUrl });
  }
  for (const tour of input.tours) {
    const [row] = await database.db.insert(tours).values({ artistId, name: tour.name }).returning({ id: tours.id });
    for (const stop of tour.stops) await insertStop(database, artistId, row!.id, stop);
  }
}

async function insertStop(database: Database, artistId: string, tourId: string, stop: FactoryStop): Promise<void> {
  const venueId = await venueFor(database, stop);
  await database.db.insert(tourStops).values({
    tourId,
    artistId,
    venueId,
    eventDate: stop.date,
    startTime: stop.time ?? null,
    city: stop.city,
    region: stop.region ?? null,
    country: stop.country,
    ticketUrl: stop.ticketUrl ?? null,
    slug: `${stop.date}-${slugify(stop.venue)}-${slugify(stop.city)}`,
  });
}

async function venueFor(database: Database, stop: FactoryStop): Promise<string> {
  const identityKey = [stop.venue, stop.city, stop.region ?? '', stop.country].join('|').toLowerCase();
  const [existing] = await database.db
    .select({ id: venues.id })
    .from(venues)
    .where(eq(venues.identityKey, identityKey));
  if (existing) return existing.id;
  const [created] = await database.db
    .insert(venues)
    .values({
      name: stop.venue,
      slug: `${slugify(stop.venue)}-${slugify(stop.city)}`,
      identityKey,
      city: stop.city,
      region: stop.region ?? null,
      country: stop.country,
    })
    .returning({ id: venues.id });
  return created!.id;
}

/** Removes every catalog row, for test files that reseed between cases. */
export async function clearCatalog(database: Database): Promise<void> {
  await database.db.execute(sql`truncate ${tourStops}, ${artistImages}, ${tours}, ${venues}, ${artists} cascade`);
}
