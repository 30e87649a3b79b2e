import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { findPlace } from '#server/features/places/places.service.ts';
import { timeZoneAt } from '#server/features/places/time-zone.ts';
import type { Actor } from '#server/lib/actor.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import { distanceKm as kmBetween, placeLabel, placesMessages } from '#shared/places.ts';
import { titleCase } from '#shared/text.ts';
import {
  daysBetween,
  type PastTrip,
  type SharedTripResponse,
  TRIP_LIMITS,
  type TravelHint,
  type Trip,
  type TripDay,
  type TripDetailResponse,
  type TripInput,
  type TripShow,
  type TripShowRank,
  type TripShowState,
  type TripsResponse,
  tripMessages,
} from '#shared/trips.ts';
import {
  countUpcomingTrips,
  insertTrip,
  lockOwnTrip,
  lockUserTrips,
  restoreTrip as restoreTripRow,
  selectAttendedDuring,
  selectFollowedGenres,
  selectOwnTrip,
  selectOwnTrips,
  selectTripByShareToken,
  selectTripShows,
  setShareToken,
  softDeleteTrip,
  type TripArea,
  type TripRow,
  type TripShowRow,
  type TripValues,
  updateTrip as updateTripRow,
} from './trips.repo.ts';

/** Every operation acts on the signed-in user's own trips: the actor's id scopes each query. */
export interface TripsDeps {
  database: Database;
  events: Pick<EventBus, 'publish'>;
  logger: Logger;
}

/** A deleted trip can be brought back (Undo) for this long; the daily job purges it after. */
export const UNDO_WINDOW_HOURS = 24;

/** The calendar day now at a place (its IANA zone). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function sharePathOf(token: string): string {
  return `/trip/${token}`;
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function toTrip(row: TripRow): Trip {
  const state = row.searchState as Trip['search']['state'];
  return {
    id: row.id,
    name: row.name,
    placeId: row.placeId,
    placeLabel: row.placeLabel,
    lat: Number(row.lat),
    lon: Number(row.lon),
    timeZone: row.timeZone,
    radiusKm: row.radiusKm,
    arriveOn: row.arriveOn,
    departOn: row.departOn,
    sharePath: row.shareToken ? sharePathOf(row.shareToken) : null,
    search: {
      state,
      searchedAt: iso(row.searchedAt),
      message: state === 'failed' ? tripMessages.searchRetry : null,
    },
  };
}

function areaOf(row: Pick<TripRow, 'lat' | 'lon' | 'radiusKm' | 'timeZone' | 'arriveOn' | 'departOn'>): TripArea {
  return {
    lat: Number(row.lat),
    lon: Number(row.lon),
    radiusKm: row.radiusKm,
    timeZone: row.timeZone,
    arriveOn: row.arriveOn,
    departOn: row.departOn,
  };
}

// --- saving -------------------------------------------------------------------------------------

const invalid = (message: string, path: string) =>
  new AppError('BAD_REQUEST', message, { issues: [{ path, message }] });

/** The destination as stored: a gazetteer place, or a point picked on the map. */
async function destinationOf(
  input: TripInput,
): Promise<Omit<TripValues, 'name' | 'radiusKm' | 'arriveOn' | 'departOn'>> {
  if (input.placeId !== undefined) {
    const place = await findPlace(input.placeId);
    if (!place) throw invalid(placesMessages.unknownPlace, 'placeId');
    return {
      placeId: place.id,
      placeLabel: placeLabel(place),
      lat: place.lat,
      lon: place.lon,
      timeZone: place.timeZone,
    };
  }
  const point = input.point!;
  const timeZone = timeZoneAt(point.lat, point.lon);
  if (!timeZone) throw invalid(tripMessages.destinationRequired, 'point');
  return {
    placeId: null,
    placeLabel: `Point at ${point.lat.toFixed(3)}, ${point.lon.toFixed(3)}`,
    lat: point.lat,
    lon: point.lon,
    timeZone,
  };
}

async function valuesOf(input: TripInput): Promise<TripValues> {
  const destination = await destinationOf(input);
  // "Starting over two years ahead" is judged by the destination's calendar.
  if (daysBetween(todayIn(destination.timeZone), input.arriveOn) > TRIP_LIMITS.maxDaysAhead) {
    throw invalid(tripMessages.tooFarAhead, 'arriveOn');
  }
  const name = input.name?.trim() || null;
  return { ...destination, name, radiusKm: input.radiusKm, arriveOn: input.arriveOn, departOn: input.departOn };
}

function isUpcoming(values: Pick<TripValues, 'departOn' | 'timeZone'>): boolean {
  return values.departOn >= todayIn(values.timeZone);
}

/** Tells the trip search (trips.jobs) to look for shows there; a lost announcement is caught by the daily run. */
async function announceSaved(deps: TripsDeps, row: TripRow): Promise<void> {
  try {
    await deps.events.publish({ type: 'trip-saved', tripId: row.id, userId: row.userId });
  } catch (error) {
    deps.logger.error({ err: error, tripId: row.id }, 'trip-saved not announced: the daily trip search will run it');
  }
}

export async function createTrip(deps: TripsDeps, actor: Actor, input: TripInput): Promise<Trip> {
  const values = await valuesOf(input);
  const row = await deps.database.db.transaction(async (tx) => {
    await lockUserTrips(tx, actor.userId);
    if (isUpcoming(values) && (await countUpcomingTrips(tx, actor.userId)) >= TRIP_LIMITS.maxUpcomingTrips) {
      throw new AppError('CONFLICT', tripMessages.tooManyTrips);
    }
    return insertTrip(tx, actor.userId, values);
  });
  await announceSaved(deps, row);
  return toTrip(row);
}

export async function updateTrip(deps: TripsDeps, actor: Actor, id: string, input: TripInput): Promise<Trip> {
  const values = await valuesOf(input);
  const { row, areaChanged } = await deps.database.db.transaction(async (tx) => {
    await lockUserTrips(tx, actor.userId);
    const before = await lockOwnTrip(tx, actor.userId, id);
    if (!before) throw notFound('Trip');
    if (
      isUpcoming(values) &&
      !isUpcoming(before) &&
      (await countUpcomingTrips(tx, actor.userId, id)) >= TRIP_LIMITS.maxUpcomingTrips
    ) {
      throw new AppError('CONFLICT', tripMessages.tooManyTrips);
    }
    const changed =
      Number(before.lat) !== values.lat ||
      Number(before.lon) !== values.lon ||
      before.radiusKm !== values.radiusKm ||
      before.arriveOn !== values.arriveOn ||
      before.departOn !== values.departOn;
    const updated = await updateTripRow(tx, actor.userId, id, values, changed);
    return { row: updated!, areaChanged: changed };
  });
  if (areaChanged) await announceSaved(deps, row);
  return toTrip(row);
}

export async function deleteTrip(deps: TripsDeps, actor: Actor, id: string): Promise<void> {
  if (!(await softDeleteTrip(deps.database.db, actor.userId, id))) throw notFound('Trip');
}

/** Undo of a delete: the trip is back as it was (its share link too), within the undo window. */
export async function restoreTrip(deps: TripsDeps, actor: Actor, id: string): Promise<Trip> {
  const row = await deps.database.db.transaction(async (tx) => {
    await lockUserTrips(tx, actor.userId);
    const restored = await restoreTripRow(tx, actor.userId, id, UNDO_WINDOW_HOURS);
    if (!restored) throw notFound('Trip');
    if (isUpcoming(restored) && (await countUpcomingTrips(tx, actor.userId, id)) >= TRIP_LIMITS.maxUpcomingTrips) {
      throw new AppError('CONFLICT', tripMessages.tooManyTrips);
    }
    return restored;
  });
  return toTrip(row);
}

// --- sharing ------------------------------------------------------------------------------------

export async function shareTrip(deps: TripsDeps, actor: Actor, id: string): Promise<Trip> {
  return deps.database.db.transaction(async (tx) => {
    const row = await lockOwnTrip(tx, actor.userId, id);
    if (!row) throw notFound('Trip');
    if (row.shareToken) return toTrip(row);
    // 24 random bytes: 32 URL-safe characters nobody guesses.
    return toTrip((await setShareToken(tx, actor.userId, id, randomBytes(24).toString('base64url')))!);
  });
}

/** The old link stops working at once; sharing again makes a new one. */
export async function revokeShare(deps: TripsDeps, actor: Actor, id: string): Promise<Trip> {
  const row = await setShareToken(deps.database.db, actor.userId, id, null);
  if (!row) throw notFound('Trip');
  return toTrip(row);
}

export async function sharedTrip(deps: Pick<TripsDeps, 'database'>, token: string): Promise<SharedTripResponse> {
  const row = await selectTripByShareToken(deps.database.db, token);
  if (!row) throw new AppError('NOT_FOUND', 'This shared trip does not exist or is no longer shared.');
  const rows = await selectTripShows(deps.database.db, { area: areaOf(row), userId: null });
  const shows = rows.map((show) => toShow(show, 'other', null, false));
  const days = byDay(shows);
  // Named one by one: nothing about the owner, the trip's id or its link leaves through a shared view.
  const { name, placeLabel, lat, lon, timeZone, radiusKm, arriveOn, departOn } = toTrip(row);
  return {
    trip: { name, placeLabel, lat, lon, timeZone, radiusKm, arriveOn, departOn },
    days,
    hints: travelHints(days),
  };
}

// --- reading ------------------------------------------------------------------------------------

export async function listTrips(deps: Pick<TripsDeps, 'database'>, actor: Actor): Promise<TripsResponse> {
  const rows = await selectOwnTrips(deps.database.db, actor.userId);
  const upcoming = rows.filter(isUpcoming).map(toTrip);
  const pastRows = rows.filter((row) => !isUpcoming(row)).reverse();
  const past: PastTrip[] = [];
  for (const row of pastRows) {
    const attended = await selectAttendedDuring(deps.database.db, actor.userId, areaOf(row));
    past.push({
      ...toTrip(row),
      attended: attended.map((show) => ({ ...show, artistName: titleCase(show.artistName) })),
    });
  }
  return { upcoming, past };
}

export async function tripDetail(
  deps: Pick<TripsDeps, 'database'>,
  actor: Actor,
  id: string,
): Promise<TripDetailResponse> {
  const row = await selectOwnTrip(deps.database.db, actor.userId, id);
  if (!row) throw notFound('Trip');
  const [rows, followed] = await Promise.all([
    selectTripShows(deps.database.db, { area: areaOf(row), userId: actor.userId }),
    selectFollowedGenres(deps.database.db, actor.userId),
  ]);
  const rank = ranker(followed);
  const shows = rows.map((show) => {
    const { tier, reason } = rank(show);
    return toShow(show, tier, reason, true);
  });
  const days = byDay(shows);
  return { trip: toTrip(row), days, hints: travelHints(days) };
}

function toShow(row: TripShowRow, rank: TripShowRank, reason: string | null, withState: boolean): TripShow {
  const state: TripShowState | null = row.state
    ? {
        stopId: row.stopId,
        state: row.state as TripShowState['state'],
        hasTickets: row.hasTickets ?? false,
        seat: row.seat,
        status: row.status,
        moved: (row.seenRevision ?? 0) < row.revision,
      }
    : null;
  return {
    stopId: row.stopId,
    artistName: titleCase(row.artistName),
    artistSlug: row.artistSlug,
    stopSlug: row.stopSlug,
    venueName: row.venueName,
    venueSlug: row.venueSlug,
    city: row.city,
    region: row.region,
    country: row.country,
    date: row.date,
    time: row.time,
    timeZone: row.timeZone,
    lat: Number(row.lat),
    lon: Number(row.lon),
    ticketUrl: row.ticketUrl,
    status: row.status,
    distanceKm: Math.round(Number(row.distanceKm) * 10) / 10,
    rank,
    reason,
    ...(withState ? { state } : {}),
  };
}

const TIER_ORDER: Record<TripShowRank, number> = { followed: 0, similar: 1, other: 2 };

/**
 * Followed artists first ("You follow X"), then artists sharing a genre with followed ones
 * ("Like X and Y — indie rock": the genre most followed artists share, two of them named), then
 * the rest. Genres compare case-insensitively.
 */
export function ranker(followed: { artistId: string; name: string; genres: string[] }[]) {
  const followedIds = new Map(followed.map((artist) => [artist.artistId, titleCase(artist.name)]));
  const byGenre = new Map<string, string[]>();
  for (const artist of followed) {
    for (const genre of new Set(artist.genres.map((g) => g.toLowerCase()))) {
      byGenre.set(genre, [...(byGenre.get(genre) ?? []), titleCase(artist.name)]);
    }
  }
  return (show: Pick<TripShowRow, 'artistId' | 'genres'>): { tier: TripShowRank; reason: string | null } => {
    const name = followedIds.get(show.artistId);
    if (name) return { tier: 'followed', reason: `You follow ${name}` };
    let best: { genre: string; names: string[] } | null = null;
    for (const genre of show.genres ?? []) {
      const names = byGenre.get(genre.toLowerCase());
      if (names && (!best || names.length > best.names.length)) best = { genre: genre.toLowerCase(), names };
    }
    if (!best) return { tier: 'other', reason: null };
    const [first, second] = best.names;
    return { tier: 'similar', reason: `Like ${second ? `${first} and ${second}` : first} — ${best.genre}` };
  };
}

/** Shows by the venue's local day, each day's ranked: tier, then start time, then artist. */
export function byDay(shows: TripShow[]): TripDay[] {
  const days = new Map<string, TripShow[]>();
  for (const show of shows) days.set(show.date, [...(days.get(show.date) ?? []), show]);
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, list]) => ({
      date,
      shows: list.sort(
        (a, b) =>
          TIER_ORDER[a.rank] - TIER_ORDER[b.rank] ||
          (a.time ?? '99').localeCompare(b.time ?? '99') ||
          a.artistName.localeCompare(b.artistName),
      ),
    }));
}

// --- travel hints -------------------------------------------------------------------------------

/** The day's show the fan plans on: Going, else Interested, else the first ranked. */
function anchorOf(day: TripDay): TripShow {
  return (
    day.shows.find((show) => show.state?.state === 'going') ??
    day.shows.find((show) => show.state?.state === 'interested') ??
    day.shows[0]!
  );
}

function duration(minutes: number): string {
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes - hours * 60);
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * A rough "how far to the next night's show" between consecutive days: straight-line distance,
 * walking up to 2 km (4.5 km/h), local transport or a taxi up to 25 km (25 km/h door to door),
 * else the road (1.3 × the straight line at 80 km/h). A hint, not a route planner.
 */
export function travelHint(fromDate: string, from: TripShow, toDate: string, to: TripShow): TravelHint {
  const distanceKm = Math.round(kmBetween(from, to) * 10) / 10;
  const places = `${from.venueName} → ${to.venueName}`;
  let mode: TravelHint['mode'];
  let minutes: number;
  let how: string;
  if (distanceKm < 0.1) {
    mode = 'same-venue';
    minutes = 0;
    how = '';
  } else if (distanceKm <= 2) {
    mode = 'walk';
    minutes = (distanceKm / 4.5) * 60;
    how = `About ${duration(minutes)} on foot`;
  } else if (distanceKm <= 25) {
    mode = 'local';
    minutes = (distanceKm / 25) * 60;
    how = `About ${duration(minutes)} by local transport or taxi`;
  } else {
    mode = 'drive';
    minutes = ((distanceKm * 1.3) / 80) * 60;
    how = `About ${duration(minutes)} by road`;
  }
  if (mode === 'same-venue') how = `Same venue as the day before: ${to.venueName}`;
  const away = ` (${distanceKm < 10 ? distanceKm.toFixed(1) : Math.round(distanceKm)} km)`;
  return {
    fromDate,
    toDate,
    from: { venueName: from.venueName, city: from.city },
    to: { venueName: to.venueName, city: to.city },
    distanceKm,
    mode,
    minutes: Math.round(minutes),
    text: mode === 'same-venue' ? how : `${how}: ${places}${away}`,
  };
}

export function travelHints(days: TripDay[]): TravelHint[] {
  const hints: TravelHint[] = [];
  for (let i = 1; i < days.length; i++) {
    const before = days[i - 1]!;
    const after = days[i]!;
    if (daysBetween(before.date, after.date) !== 1) continue;
    hints.push(travelHint(before.date, anchorOf(before), after.date, anchorOf(after)));
  }
  return hints;
}
