import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { notFound } from '#server/lib/app-error.ts';
import {
  CALENDAR_FEED_LABELS,
  type CalendarFeed,
  type CalendarFeedsResponse,
  googleCalendarUrl,
  webcalUrl,
} from '#shared/calendar.ts';
import { CALENDAR_FEED_KINDS, type CalendarFeedKind } from '#shared/shows.ts';
import { buildIcs } from './calendar.ics.ts';
import * as repo from './calendar.repo.ts';

/** 256 random bits: unguessable, so the URL alone is the credential (as Google's and Apple's feeds). */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function describeFeed(publicUrl: string, kind: CalendarFeedKind, token: string): CalendarFeed {
  const url = `${publicUrl}/api/calendar/${token}.ics`;
  return { kind, ...CALENDAR_FEED_LABELS[kind], url, webcalUrl: webcalUrl(url), googleUrl: googleCalendarUrl(url) };
}

/** The user's three feeds, created on first ask. */
export async function listFeeds(database: Database, publicUrl: string, userId: string): Promise<CalendarFeedsResponse> {
  let rows = await repo.selectFeeds(database.db, userId);
  const missing = CALENDAR_FEED_KINDS.filter((kind) => !rows.some((row) => row.kind === kind));
  if (missing.length > 0) {
    await repo.insertMissingFeeds(
      database.db,
      missing.map((kind) => ({ userId, kind, token: newToken() })),
    );
    rows = await repo.selectFeeds(database.db, userId);
  }
  const tokenOf = new Map(rows.map((row) => [row.kind, row.token]));
  return { feeds: CALENDAR_FEED_KINDS.map((kind) => describeFeed(publicUrl, kind, tokenOf.get(kind)!)) };
}

/** New tokens for the actor's feeds (one kind or all): the old URLs answer 404 from now on. */
export async function rotateFeeds(
  database: Database,
  publicUrl: string,
  userId: string,
  kind: CalendarFeedKind | undefined,
): Promise<CalendarFeedsResponse> {
  const kinds = kind ? [kind] : [...CALENDAR_FEED_KINDS];
  await repo.replaceTokens(
    database.db,
    userId,
    kinds.map((each) => ({ kind: each, token: newToken() })),
  );
  return listFeeds(database, publicUrl, userId);
}

/** Shows whose date is before this are left out of the "near home" feed (yesterday: any zone's today). */
function nearbyFromDate(now = new Date()): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

async function feedStops(database: Database, userId: string, kind: CalendarFeedKind) {
  // Going keeps the shows marked "I was there" afterwards, so past shows stay in the fan's calendar.
  if (kind === 'going') return repo.selectMarkedStops(database.db, userId, ['going', 'attended']);
  if (kind === 'interested') return repo.selectMarkedStops(database.db, userId, ['interested']);
  const home = await repo.selectHome(database.db, userId);
  if (!home) return [];
  if (home.radiusKm == null) return repo.selectNearbyStops(database.db, userId, nearbyFromDate(), null);
  // A radius needs a home: without one, "near home" holds nothing rather than everything.
  if (home.lat == null || home.lon == null) return [];
  return repo.selectNearbyStops(database.db, userId, nearbyFromDate(), {
    lat: home.lat,
    lon: home.lon,
    km: home.radiusKm,
  });
}

/** The .ics text of a feed, found by its secret token alone (calendar apps send no cookie). */
export async function feedIcs(database: Database, publicUrl: string, token: string): Promise<string> {
  const feed = await repo.selectFeedByToken(database.db, token);
  if (!feed) throw notFound('Calendar feed');
  const stops = await feedStops(database, feed.userId, feed.kind);
  return buildIcs(stops, { name: `TourGuides: ${CALENDAR_FEED_LABELS[feed.kind].title}`, publicUrl, ttl: true });
}

/** One show's .ics, for "Add to calendar". */
export async function stopIcs(database: Database, publicUrl: string, stopId: string, viewerId: string | null) {
  const stop = await repo.selectStopForViewer(database.db, stopId, viewerId);
  if (!stop) throw notFound('Show');
  const ics = buildIcs([stop], { name: `${stop.artistName} at ${stop.venueName}`, publicUrl });
  return { ics, fileName: `${stop.artistSlug}-${stop.eventDate}.ics` };
}
