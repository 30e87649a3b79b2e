import type { Database } from '#server/db/client.ts';
import { distanceKm } from '#server/features/favorites/favorites.service.ts';
import { selectTrackedPlaces } from '#server/features/places/tracked-places.repo.ts';
import type { Actor } from '#server/lib/actor.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { SHOW_LIMITS, type ShowState, type StopStatus } from '#shared/shows.ts';
import {
  type BillArtist,
  guidePath,
  type PutShowStateBody,
  type ShowStateResponse,
  type ShowStatesResponse,
  type ShowsSettingsResponse,
  showDetailPath,
  UPCOMING_SHOWS_PAGE,
  type UpcomingFilter,
  type UpcomingMonth,
  type UpcomingShow,
  type UpcomingShowsResponse,
  type UserShowState,
  upcomingCursorOf,
} from '#shared/shows-api.ts';
import { titleCase } from '#shared/text.ts';
import {
  type Area,
  areaAround,
  deleteUserShow,
  markUserShowSeen,
  selectHomeAndRadius,
  selectUpcoming,
  selectUserShows,
  selectVisibleStop,
  type UpcomingRow,
  type UserShowRow,
  updateRadius,
  upsertUserShow,
} from './shows.repo.ts';

/** Every operation acts on the signed-in user's own rows only: the actor's id scopes each query. */
const UPCOMING_STATES: ShowState[] = ['interested', 'going'];
const PAST_STATES: ShowState[] = ['attended', 'missed'];

/** A user_shows row as the API shows it (also the guide page's myState). */
export function toState(
  row: Pick<UserShowRow, 'stopId' | 'state' | 'hasTickets' | 'seat' | 'status' | 'revision' | 'seenRevision'>,
): UserShowState {
  return {
    stopId: row.stopId,
    state: row.state as ShowState,
    hasTickets: row.hasTickets,
    seat: row.seat,
    status: row.status as StopStatus,
    moved: row.seenRevision < row.revision,
  };
}

/** The server's date in UTC, for clients that do not send theirs. */
function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

function checkRules(stop: { date: string; status: string }, state: ShowState, today: string): void {
  if (stop.status === 'cancelled') throw new AppError('CONFLICT', 'This show was cancelled.');
  if (UPCOMING_STATES.includes(state) && stop.date < today) {
    throw new AppError('BAD_REQUEST', 'This show has already happened: mark it I was there instead.');
  }
  if (PAST_STATES.includes(state) && stop.date > today) {
    throw new AppError('BAD_REQUEST', 'This show has not happened yet: mark it Interested or Going instead.');
  }
}

/** Marks (or re-marks) a stop. Unknown stops and other users' pending stops are 404 alike. */
export async function setShowState(
  database: Database,
  actor: Actor,
  stopId: string,
  body: PutShowStateBody,
): Promise<ShowStateResponse> {
  const today = body.today ?? utcToday();
  return database.db.transaction(async (tx) => {
    const stop = await selectVisibleStop(tx, actor.userId, stopId);
    if (!stop) throw notFound('Show');
    const year = Number(stop.date.slice(0, 4));
    if (year < SHOW_LIMITS.minYear || year > SHOW_LIMITS.maxYear) {
      throw new AppError('BAD_REQUEST', `Shows must be between ${SHOW_LIMITS.minYear} and ${SHOW_LIMITS.maxYear}.`);
    }
    checkRules(stop, body.state, today);
    const going = body.state === 'going';
    const row = {
      userId: actor.userId,
      stopId,
      state: body.state,
      hasTickets: going && (body.hasTickets ?? false),
      seat: going && body.seat ? body.seat : null,
      revision: stop.revision,
    };
    await upsertUserShow(tx, row);
    return { show: toState({ ...row, status: stop.status, seenRevision: stop.revision }) };
  });
}

/** Un-marking twice is fine; a stop the actor never marked (or cannot see) is 404. */
export async function clearShowState(database: Database, actor: Actor, stopId: string): Promise<void> {
  if (!(await deleteUserShow(database.db, actor.userId, stopId))) throw notFound('Show');
}

export async function markShowSeen(database: Database, actor: Actor, stopId: string): Promise<ShowStateResponse> {
  if (!(await markUserShowSeen(database.db, actor.userId, stopId))) throw notFound('Show');
  const [row] = await selectUserShows(database.db, actor.userId, [stopId]);
  return { show: toState(row!) };
}

export async function showStates(database: Database, actor: Actor, stopIds: string[]): Promise<ShowStatesResponse> {
  const rows = await selectUserShows(database.db, actor.userId, stopIds);
  return { states: Object.fromEntries(rows.map((row) => [row.stopId, toState(row)])) };
}

export async function saveShowsSettings(
  database: Database,
  actor: Actor,
  radiusKm: number | null,
): Promise<ShowsSettingsResponse> {
  await updateRadius(database.db, actor.userId, radiusKm);
  return { radiusKm };
}

// --- My Shows -----------------------------------------------------------------------------------

export interface UpcomingInput {
  today: string;
  filter: UpcomingFilter;
  /** Undefined: the saved radius. */
  radiusKm?: number | null;
  /** The page after this show (date, venue id); undefined: the first page. */
  after?: { date: string; venueId: string };
}

export async function upcomingShows(
  database: Database,
  actor: Actor,
  input: UpcomingInput,
): Promise<UpcomingShowsResponse> {
  const [home, tracked] = await Promise.all([
    selectHomeAndRadius(database.db, actor.userId),
    selectTrackedPlaces(database.db, actor.userId),
  ]);
  const radiusKm = input.radiusKm === undefined ? (home?.radiusKm ?? null) : input.radiusKm;
  const origin = home?.lat != null && home.lon != null ? { lat: Number(home.lat), lon: Number(home.lon) } : null;
  // "Near you" is near any of the fan's places: home with My Shows' radius, each tracked place with its own.
  const areas: Area[] =
    radiusKm === null
      ? []
      : [
          ...(origin ? [areaAround(origin, radiusKm)] : []),
          ...tracked.map((place) => areaAround({ lat: place.lat, lon: place.lon }, place.radiusKm)),
        ];
  const origins: Origin[] = [
    ...(origin ? [{ ...origin, name: null }] : []),
    ...tracked.map((place) => ({ lat: place.lat, lon: place.lon, name: place.name })),
  ];
  // Without a place, "near" means nothing unless the radius is anywhere.
  const nowhere = input.filter === 'near' && areas.length === 0 && radiusKm !== null;
  const nearby: Area[] | true | false = radiusKm === null ? true : areas.length > 0 ? areas : false;
  const rows = nowhere
    ? []
    : await selectUpcoming(database.db, {
        userId: actor.userId,
        today: input.today,
        markedStates: input.filter === 'going' || input.filter === 'interested' ? [input.filter] : null,
        followed: input.filter === 'all' || input.filter === 'near' ? nearby : false,
        markedArea: input.filter === 'near' && radiusKm !== null ? areas : null,
        // One more than a page: whether a next page exists, without counting them all.
        limit: UPCOMING_SHOWS_PAGE + 1,
        after: input.after,
      });
  const { page, nextCursor } = onePage(groupBills(rows, origins));
  return {
    months: byMonth(page),
    filter: input.filter,
    radiusKm,
    home: { city: home?.city ?? null, hasCoordinates: origin !== null },
    places: tracked.map((place) => place.name),
    followingCount: home?.followingCount ?? 0,
    nextCursor,
  };
}

type PlacedShow = { show: UpcomingShow; date: string; venueId: string };

const byCursorOrder = (a: PlacedShow, b: PlacedShow) =>
  a.date === b.date ? (a.venueId < b.venueId ? -1 : 1) : a.date < b.date ? -1 : 1;

/**
 * The query found one show more than a page, in its (date, venue id) order: that last one is the
 * next page's first, and the page's own last one is the cursor. The list keeps its time order.
 */
function onePage(shows: PlacedShow[]): { page: UpcomingShow[]; nextCursor: string | null } {
  if (shows.length <= UPCOMING_SHOWS_PAGE) return { page: shows.map((each) => each.show), nextCursor: null };
  const ordered = [...shows].sort(byCursorOrder);
  const next = ordered.at(-1);
  return {
    page: shows.filter((each) => each !== next).map((each) => each.show),
    nextCursor: upcomingCursorOf(ordered.at(-2)!),
  };
}

function billArtist(row: UpcomingRow): BillArtist {
  return {
    stopId: row.stopId,
    artistName: titleCase(row.artistName),
    artistSlug: row.artistSlug,
    stopSlug: row.stopSlug,
    guidePath: guidePath(row.artistSlug, row.stopSlug),
    status: row.status as StopStatus,
    state:
      row.state === null
        ? null
        : toState({
            stopId: row.stopId,
            state: row.state,
            hasTickets: row.hasTickets ?? false,
            seat: row.seat,
            status: row.status,
            revision: row.revision,
            seenRevision: row.seenRevision ?? 0,
          }),
    followed: row.followed,
  };
}

/**
 * Rows arrive ordered by date, time, venue: stops of one venue on one date are one show (the bill).
 * Each show keeps its venue id and date: the page cursor (the query's own order).
 */
/** A place distances are measured from: home (name null) or a tracked place. */
type Origin = { lat: number; lon: number; name: string | null };

/** The nearest of the fan's places to a show, in whole km. */
function nearestPlace(origins: Origin[], point: { lat: number; lon: number }) {
  let best: { km: number; name: string | null } | null = null;
  for (const origin of origins) {
    const km = distanceKm(origin, point);
    if (!best || km < best.km) best = { km, name: origin.name };
  }
  return best ? { km: Math.round(best.km), name: best.name } : null;
}

function groupBills(rows: UpcomingRow[], origins: Origin[]): PlacedShow[] {
  const shows = new Map<string, { first: UpcomingRow; artists: BillArtist[] }>();
  for (const row of rows) {
    const key = `${row.venueId}|${row.date}`;
    const show = shows.get(key) ?? { first: row, artists: [] };
    show.artists.push(billArtist(row));
    shows.set(key, show);
  }
  return [...shows.entries()].map(([key, { first, artists }]) => ({
    show: toShow(key, first, artists, origins),
    date: first.date,
    venueId: first.venueId,
  }));
}

function toShow(key: string, first: UpcomingRow, artists: BillArtist[], origins: Origin[]): UpcomingShow {
  // The buttons act on the fan's marked stop, else the first followed artist's, else the headliner's.
  const lead = artists.find((a) => a.state) ?? artists.find((a) => a.followed) ?? artists[0]!;
  const nearest =
    first.lat !== null && first.lon !== null
      ? nearestPlace(origins, { lat: Number(first.lat), lon: Number(first.lon) })
      : null;
  return {
    key,
    stopId: lead.stopId,
    date: first.date,
    time: first.time,
    status: artists.every((a) => a.status === 'cancelled') ? 'cancelled' : lead.status,
    venue: {
      name: first.venueName,
      slug: first.venueSlug,
      city: first.city,
      region: first.region,
      country: first.country,
      timeZone: first.timeZone,
    },
    distanceKm: nearest?.km ?? null,
    distanceFrom: nearest?.name ?? null,
    artists: [lead, ...artists.filter((a) => a !== lead)],
    state: lead.state,
    guidePath: lead.guidePath,
    detailPath: showDetailPath(lead.stopId),
  };
}

function byMonth(shows: UpcomingShow[]): UpcomingMonth[] {
  const months: UpcomingMonth[] = [];
  for (const show of shows) {
    const month = show.date.slice(0, 7);
    const last = months.at(-1);
    if (last?.month === month) last.shows.push(show);
    else months.push({ month, shows: [show] });
  }
  return months;
}
