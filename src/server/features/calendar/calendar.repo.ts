import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  artists,
  calendarFeeds,
  favoriteArtists,
  tourStops,
  tours,
  userShows,
  users,
  venues,
} from '#server/db/schema/index.ts';
import { distanceKmSql } from '#server/db/sql.ts';
import type { CalendarFeedKind, ShowState } from '#shared/shows.ts';

const feedStopColumns = {
  id: tourStops.id,
  eventDate: tourStops.eventDate,
  startTime: tourStops.startTime,
  status: tourStops.status,
  revision: tourStops.revision,
  stopSlug: tourStops.slug,
  ticketUrl: tourStops.ticketUrl,
  updatedAt: tourStops.updatedAt,
  artistName: artists.name,
  artistSlug: artists.slug,
  tourName: tours.name,
  venueName: venues.name,
  address: venues.address,
  city: venues.city,
  region: venues.region,
  country: venues.country,
  // Venues without coordinates fall back to the stop's own (providers give them per event).
  lat: sql<number | null>`coalesce(${venues.lat}, ${tourStops.lat})`,
  lon: sql<number | null>`coalesce(${venues.lon}, ${tourStops.lon})`,
  timeZone: venues.timeZone,
};

/** One tour stop with what a calendar event shows: the row Drizzle reads for feedStopColumns. */
export type FeedStopRow = Awaited<ReturnType<typeof selectFeedStops>>[number];

function selectFeedStops(db: Db) {
  return db
    .select(feedStopColumns)
    .from(tourStops)
    .innerJoin(artists, eq(artists.id, tourStops.artistId))
    .innerJoin(tours, eq(tours.id, tourStops.tourId))
    .innerJoin(venues, eq(venues.id, tourStops.venueId));
}

export async function selectFeedByToken(db: Db, token: string) {
  const [feed] = await db
    .select({ userId: calendarFeeds.userId, kind: calendarFeeds.kind })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token))
    .limit(1);
  return feed as { userId: string; kind: CalendarFeedKind } | undefined;
}

export async function selectFeeds(db: Db, userId: string) {
  return db
    .select({ kind: calendarFeeds.kind, token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
}

/** Creates the missing feeds only: a concurrent first visit keeps whichever token won. */
export async function insertMissingFeeds(db: Db, rows: { userId: string; kind: string; token: string }[]) {
  if (rows.length === 0) return;
  await db
    .insert(calendarFeeds)
    .values(rows)
    .onConflictDoNothing({ target: [calendarFeeds.userId, calendarFeeds.kind] });
}

/** Replaces the tokens of the user's own feeds (the where clause is the ownership check). */
export async function replaceTokens(db: Db, userId: string, tokens: { kind: string; token: string }[]) {
  await db.transaction(async (tx) => {
    for (const { kind, token } of tokens) {
      await tx
        .insert(calendarFeeds)
        .values({ userId, kind, token })
        .onConflictDoUpdate({
          target: [calendarFeeds.userId, calendarFeeds.kind],
          set: { token, createdAt: sql`now()` },
        });
    }
  });
}

/** The user's marked stops in the given states, whatever their review state (they are the user's own). */
export async function selectMarkedStops(db: Db, userId: string, states: ShowState[]): Promise<FeedStopRow[]> {
  return selectFeedStops(db)
    .innerJoin(userShows, eq(userShows.stopId, tourStops.id))
    .where(and(eq(userShows.userId, userId), inArray(userShows.state, states)))
    .orderBy(asc(tourStops.eventDate), asc(tourStops.startTime));
}

export async function selectHome(db: Db, userId: string) {
  const [home] = await db
    .select({ lat: users.homeLat, lon: users.homeLon, radiusKm: users.showsRadiusKm })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return home;
}

/** Great-circle distance in km between a stop's place and a point. */
function distanceKm(lat: number, lon: number): SQL<number> {
  const stop = {
    lat: sql`coalesce(${venues.lat}, ${tourStops.lat})`,
    lon: sql`coalesce(${venues.lon}, ${tourStops.lon})`,
  };
  return distanceKmSql({ lat, lon }, stop);
}

/**
 * Followed artists' public stops from `fromDate` on, within `radius` of home (null: anywhere),
 * leaving out the stops the fan already marked Going or Interested: those are in the other feeds.
 */
export async function selectNearbyStops(
  db: Db,
  userId: string,
  fromDate: string,
  radius: { lat: number; lon: number; km: number } | null,
): Promise<FeedStopRow[]> {
  const conditions: SQL[] = [
    eq(favoriteArtists.userId, userId),
    sql`${tourStops.eventDate} >= ${fromDate}`,
    eq(tourStops.reviewState, 'approved'),
    sql`not exists (select 1 from ${userShows} where ${userShows.userId} = ${userId}
      and ${userShows.stopId} = ${tourStops.id} and ${userShows.state} in ('going', 'interested'))`,
  ];
  if (radius) conditions.push(sql`${distanceKm(radius.lat, radius.lon)} <= ${radius.km}`);
  return selectFeedStops(db)
    .innerJoin(favoriteArtists, eq(favoriteArtists.artistId, tourStops.artistId))
    .where(and(...conditions))
    .orderBy(asc(tourStops.eventDate), asc(tourStops.startTime));
}

/** One stop for its own .ics: public ones for anyone, a pending one only for its submitter. */
export async function selectStopForViewer(db: Db, stopId: string, viewerId: string | null) {
  const visible = viewerId
    ? sql`(${tourStops.reviewState} = 'approved' or ${tourStops.submittedBy} = ${viewerId})`
    : sql`${tourStops.reviewState} = 'approved'`;
  const [row] = await selectFeedStops(db)
    .where(and(eq(tourStops.id, stopId), visible))
    .limit(1);
  return row;
}
