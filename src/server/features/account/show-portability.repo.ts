import { asc, count, eq } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client.ts';
import { artists, tourStops, tours, userShows, venues } from '#server/db/schema/index.ts';
import type { Executor } from '#server/db/sql.ts';
import type { ShowState } from '#shared/shows.ts';

/** The user's shows with their stops' identity, oldest show first. */
export function selectShowsForExport(db: Db, userId: string) {
  return db
    .select({
      date: tourStops.eventDate,
      time: tourStops.startTime,
      artist: artists.name,
      artistMbid: artists.mbid,
      venue: venues.name,
      city: venues.city,
      region: venues.region,
      country: venues.country,
      tour: tours.name,
      status: tourStops.status,
      state: userShows.state,
      hasTickets: userShows.hasTickets,
      seat: userShows.seat,
      notes: userShows.notes,
      rating: userShows.rating,
      companions: userShows.companions,
      markedAt: userShows.createdAt,
    })
    .from(userShows)
    .innerJoin(tourStops, eq(tourStops.id, userShows.stopId))
    .innerJoin(artists, eq(artists.id, tourStops.artistId))
    .innerJoin(tours, eq(tours.id, tourStops.tourId))
    .innerJoin(venues, eq(venues.id, tourStops.venueId))
    .where(eq(userShows.userId, userId))
    .orderBy(asc(tourStops.eventDate), asc(tourStops.startTime), asc(artists.name));
}

export async function countShows(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userShows).where(eq(userShows.userId, userId));
  return Number(row?.n ?? 0);
}

export interface StopKey {
  row: number;
  date: string;
  artist: string;
  artistMbid: string | null;
  venue: string;
  city: string;
  country: string;
}

/**
 * The catalog stop of each key, by artist (MusicBrainz id, else name), venue name, city, country and
 * date, all case-insensitive; stops the user may see only (public, or pending ones they submitted).
 * One set-based query however many rows: the keys travel as parallel arrays.
 */
export async function matchStops(
  database: Database,
  userId: string,
  keys: StopKey[],
): Promise<Map<number, { stopId: string; revision: number }>> {
  if (keys.length === 0) return new Map();
  const { rows } = await database.query<{ row: number; stop_id: string; revision: number }>(
    `select distinct on (i.row) i.row, s.id as stop_id, s.revision
       from unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         as i(row, d, artist, mbid, venue, city, country)
       join tour_stops s on s.event_date = i.d
       join artists a on a.id = s.artist_id
         and (a.mbid = i.mbid or lower(a.name) = lower(i.artist))
       join venues v on v.id = s.venue_id
         and lower(v.name) = lower(i.venue) and lower(v.city) = lower(i.city) and lower(v.country) = lower(i.country)
      where s.review_state = 'approved' or s.submitted_by = $8
      order by i.row, (a.mbid = i.mbid) desc nulls last, (s.review_state = 'approved') desc`,
    [
      keys.map((key) => key.row),
      keys.map((key) => key.date),
      keys.map((key) => key.artist),
      keys.map((key) => key.artistMbid),
      keys.map((key) => key.venue),
      keys.map((key) => key.city),
      keys.map((key) => key.country),
      userId,
    ],
  );
  return new Map(rows.map((row) => [Number(row.row), { stopId: row.stop_id, revision: Number(row.revision) }]));
}

export interface ShowInsert {
  stopId: string;
  state: ShowState;
  hasTickets: boolean;
  seat: string | null;
  notes: string | null;
  rating: number | null;
  companions: string | null;
  seenRevision: number;
  createdAt: Date | null;
}

const INSERT_CHUNK = 1000;

/**
 * Writes every show in one transaction, only into an account with no shows (checked inside it):
 * either all rows land or none. Returns false when the account had shows by then.
 */
export async function insertShowsIntoEmptyAccount(db: Db, userId: string, shows: ShowInsert[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await countShows(tx, userId)) > 0) return false;
    for (let start = 0; start < shows.length; start += INSERT_CHUNK) {
      const chunk = shows.slice(start, start + INSERT_CHUNK).map(({ createdAt, ...show }) => ({
        ...show,
        userId,
        ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
      }));
      await tx.insert(userShows).values(chunk);
    }
    return true;
  });
}
