import * as SunCalc from 'suncalc';
import type { Database } from '#server/db/client.ts';
import { toState } from '#server/features/shows/shows.service.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { Queue } from '#server/lib/queue.ts';
import { hitLimit } from '#server/lib/rate-limit.ts';
import { formatLocalTime, formatLongDate } from '#shared/dates.ts';
import {
  type AroundData,
  type CityData,
  type Distance,
  FORECAST_HORIZON_DAYS,
  type ForecastData,
  type GeocodeData,
  type GoingGuidesResponse,
  type GuidePage,
  type GuidePart,
  type GuidePartKind,
  type GuideStop,
  NEARBY_SHOW_DAYS,
  NEARBY_SHOW_KM,
  NEARBY_SHOW_LIMIT,
  type NearbyShow,
  OFFLINE_GUIDES_LIMIT,
  type TypicalData,
  type VenueFactsData,
  type VenueGuideParts,
  weatherLabel,
} from '#shared/guides.ts';
import { distanceKm } from '#shared/places.ts';
import { LLM_STORIES_PER_REQUESTER_PER_DAY } from '#shared/write-limits.ts';
import { guideStoryJob, queuePart } from './guides.jobs.ts';
import { cityKey, forecastKey, PART_FRESH_SECONDS, typicalKey } from './guides.parts.ts';
import {
  findGoingGuides,
  findGuideStop,
  findNearbyStops,
  findParts,
  findPreviousStop,
  findVenueBySlug,
  type GuideFanColumns,
  type GuideStopRow,
  type PartRow,
} from './guides.repo.ts';

export interface GuideDeps {
  database: Database;
  queue: Pick<Queue, 'send'>;
  mapTilesUrl: string;
  /** A model writes the stories: a guide without one queues it. */
  llmConfigured: boolean;
}

interface WantedPart {
  kind: GuidePartKind;
  key: string;
}

/** The part keys a stop's guide is assembled from. */
export function stopPartKeys(stop: { venueId: string; city: string; country: string; date: string }, today: string) {
  const days = (Date.parse(`${stop.date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  const weather: WantedPart =
    days >= 0 && days <= FORECAST_HORIZON_DAYS
      ? { kind: 'forecast', key: forecastKey(stop.venueId, stop.date) }
      : { kind: 'typical', key: typicalKey(stop.venueId, stop.date) };
  return {
    around: { kind: 'around', key: stop.venueId } as WantedPart,
    city: { kind: 'city', key: cityKey(stop) } as WantedPart,
    weather,
    venue: { kind: 'venue', key: stop.venueId } as WantedPart,
    location: { kind: 'geocode', key: stop.venueId } as WantedPart,
  };
}

/**
 * A part as the page shows it; a missing part, a stale one or one whose backoff ran out is queued
 * (the page then waits for its live event). Only a missing part makes the page "building".
 */
async function partView<T>(
  deps: GuideDeps,
  wanted: WantedPart,
  row: PartRow | undefined,
  now: Date,
): Promise<GuidePart<T>> {
  const fetchedAt = row?.fetchedAt?.toISOString() ?? null;
  const retryDue = !row?.retryAt || row.retryAt <= now;
  if (!row || (!row.fetchedAt && !row.lastError)) {
    await queuePart(deps.queue, wanted.kind, wanted.key);
    return { status: 'pending', data: null, fetchedAt: null };
  }
  if (!row.fetchedAt) {
    if (retryDue) await queuePart(deps.queue, wanted.kind, wanted.key);
    return { status: 'unavailable', data: null, fetchedAt: null };
  }
  if (row.data === null) return { status: 'none', data: null, fetchedAt };
  const age = (now.getTime() - row.fetchedAt.getTime()) / 1000;
  const stale = age > PART_FRESH_SECONDS[wanted.kind];
  if (stale && retryDue) await queuePart(deps.queue, wanted.kind, wanted.key);
  return { status: row.lastError || stale ? 'stale' : 'ready', data: row.data as T, fetchedAt };
}

function distance(label: string, from: { lat: number; lon: number }, to: { lat: number; lon: number }): Distance {
  const km = Math.round((1000 * distanceKm(from, to)) / 100) / 10;
  return { label, km, driveHours: km < 2 ? null : Math.round(((km * 1.3) / 80) * 10) / 10 };
}

/** Sunset at the venue on the night, as local 'HH:MM' (null where the sun does not set or no zone/point is known). */
export function sunsetTime(
  lat: number | null,
  lon: number | null,
  date: string,
  timeZone: string | null,
): string | null {
  if (lat === null || lon === null) return null;
  const noon = new Date(`${date}T12:00:00Z`);
  const sunset = SunCalc.getTimes(noon, lat, lon).sunset;
  if (!sunset || Number.isNaN(sunset.getTime())) return null;
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: timeZone ?? 'UTC',
  }).format(sunset);
}

/**
 * "Your night in {city}", written from the facts only and deterministic: the same facts give the
 * same words (the model's version, when one exists, must pass the fact check to replace it).
 */
export function templateStory(facts: {
  stop: GuideStop;
  around: AroundData | null;
  forecast: ForecastData | null;
  typical: TypicalData | null;
  sunset: string | null;
}): string {
  const { stop, around, forecast, typical, sunset } = facts;
  const sentences = [
    // Times as the page's header shows them (7:30 PM, the venue's clock), never 19:30 beside it.
    `${stop.artistName} plays ${stop.venueName} on ${formatLongDate(stop.date)}${stop.time ? `, show at ${formatLocalTime(stop.time)}` : ''}.`,
  ];
  const nearest = (category: string) => around?.places.find((place) => place.category === category);
  const transit = nearest('transit');
  if (transit) sentences.push(`${transit.name} is about ${transit.walkMinutes} min on foot from the doors.`);
  const food = nearest('food');
  if (food) sentences.push(`For a bite before the show, ${food.name} is ${food.walkMinutes} min away.`);
  if (forecast && (forecast.maxC !== null || forecast.weatherCode !== null)) {
    sentences.push(
      `The forecast says ${weatherLabel(forecast.weatherCode).toLowerCase()}${forecast.maxC !== null ? `, up to ${Math.round(forecast.maxC)}°C` : ''}${forecast.minC !== null ? ` and ${Math.round(forecast.minC)}°C at night` : ''}.`,
    );
  } else if (typical && typical.maxC !== null) {
    sentences.push(
      `That week is usually around ${Math.round(typical.maxC)}°C by day${typical.minC !== null ? ` and ${Math.round(typical.minC)}°C at night` : ''}.`,
    );
  }
  if (sunset) sentences.push(`The sun sets at ${formatLocalTime(sunset)}.`);
  return sentences.join(' ');
}

/**
 * One requester's guides may ask the language model for a few stories a day (besides the monthly
 * budget), so one account or address cannot spend the budget by walking every stop; past it, their
 * guides keep the template story.
 */
async function mayWriteStory(database: Database, requester: string | undefined): Promise<boolean> {
  if (!requester) return true;
  const result = await hitLimit(database, `llm-story:${requester}`, LLM_STORIES_PER_REQUESTER_PER_DAY);
  return result.allowed;
}

export async function getGuide(
  deps: GuideDeps,
  params: {
    artistSlug: string;
    stopSlug: string;
    userId: string | null;
    /** Who asked (a fan's id or a visitor's address): counted against the per-requester story quota. */
    requester?: string;
    now?: Date;
  },
): Promise<GuidePage> {
  const now = params.now ?? new Date();
  const stopRow = await findGuideStop(deps.database, params.artistSlug, params.stopSlug, params.userId);
  if (!stopRow) throw notFound('Guide');
  const { venueId, tourId, artistId, ...fanAndStop } = stopRow;
  const { stop, home, myState } = splitFan(fanAndStop);
  const wanted = stopPartKeys({ ...stop, venueId }, now.toISOString().slice(0, 10));
  const storyWanted: WantedPart = { kind: 'story', key: stop.stopId };
  const point = stop.lat !== null && stop.lon !== null ? { lat: stop.lat, lon: stop.lon } : null;
  const rows = await findParts(deps.database, [
    wanted.around,
    wanted.city,
    wanted.weather,
    wanted.venue,
    storyWanted,
    ...(point ? [] : [wanted.location]),
  ]);
  const rowOf = (part: WantedPart) => rows.find((row) => row.kind === part.kind && row.key === part.key);
  const none = { status: 'none', data: null, fetchedAt: null } as const;
  // Without a point, the parts drawn around it wait for the venue to be found (the page says so).
  const pointPart = <T>(part: WantedPart): Promise<GuidePart<T>> =>
    point ? partView<T>(deps, part, rowOf(part), now) : Promise.resolve(none);
  const around = await pointPart<AroundData>(wanted.around);
  const city = await partView<CityData>(deps, wanted.city, rowOf(wanted.city), now);
  const isForecast = wanted.weather.kind === 'forecast';
  const weatherPart = await pointPart<ForecastData | TypicalData>(wanted.weather);
  const forecast = isForecast ? (weatherPart as GuidePart<ForecastData>) : none;
  const typical = isForecast ? none : (weatherPart as GuidePart<TypicalData>);
  const venue = await pointPart<VenueFactsData>(wanted.venue);
  const location = point ? null : await partView<GeocodeData>(deps, wanted.location, rowOf(wanted.location), now);

  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [previous, nearby] = await Promise.all([
    findPreviousStop(deps.database, artistId, tourId, stop.date),
    point ? nearbyShows(deps.database, stop, point, params.userId) : [],
  ]);
  const sunset = sunsetTime(stop.lat, stop.lon, stop.date, stop.timeZone);
  const building = [around, city, weatherPart, venue, location].some((part) => part?.status === 'pending');
  const story = (rowOf(storyWanted)?.data as { text?: string } | null | undefined)?.text ?? null;
  if (!story && !building && deps.llmConfigured && (await mayWriteStory(deps.database, params.requester))) {
    await deps.queue.send(guideStoryJob, { stopId: stop.stopId }, { singletonKey: stop.stopId });
  }
  return {
    stop,
    around,
    city,
    weather: { ...forecast, typical },
    night: {
      sunset,
      story:
        story ?? templateStory({ stop, around: around.data, forecast: forecast.data, typical: typical.data, sunset }),
      storySource: story ? 'model' : 'template',
    },
    fromHome: home && point ? distance(`From ${home.city}`, home, point) : null,
    fromPrevious: previous && point ? distance(`From the previous stop, ${previous.city}`, previous, point) : null,
    nearbyShows: nearby,
    venue,
    location,
    building,
    mapTilesUrl: deps.mapTilesUrl,
    myState,
  };
}

/** The fan's columns of findGuideStop's row apart from the stop's own: home (when set) and show state. */
function splitFan(row: Omit<GuideStopRow, 'venueId' | 'tourId' | 'artistId'> & GuideFanColumns) {
  const { homeCity, homeLat, homeLon, myState, myHasTickets, mySeat, myRevision, mySeenRevision, ...stop } = row;
  const home = homeLat !== null && homeLon !== null ? { city: homeCity ?? 'home', lat: homeLat, lon: homeLon } : null;
  const state =
    myState === null
      ? null
      : toState({
          stopId: stop.stopId,
          state: myState,
          hasTickets: myHasTickets ?? false,
          seat: mySeat,
          status: stop.status,
          revision: myRevision,
          seenRevision: mySeenRevision ?? 0,
        });
  return { stop, home, myState: state };
}

async function nearbyShows(
  database: Database,
  stop: GuideStop,
  point: { lat: number; lon: number },
  userId: string | null,
): Promise<NearbyShow[]> {
  const rows = await findNearbyStops(database, {
    stopId: stop.stopId,
    date: stop.date,
    days: NEARBY_SHOW_DAYS,
    lat: point.lat,
    lon: point.lon,
    km: NEARBY_SHOW_KM,
    userId,
    limit: NEARBY_SHOW_LIMIT,
  });
  return rows
    .map(({ lat, lon, ...show }) => ({
      ...show,
      distanceKm: Math.round((1000 * distanceKm(point, { lat, lon })) / 100) / 10,
    }))
    .filter((show) => show.distanceKm <= NEARBY_SHOW_KM)
    .slice(0, NEARBY_SHOW_LIMIT);
}

/** The venue page's parts: places around it and its city. */
export async function getVenueGuideParts(
  deps: GuideDeps,
  venueSlug: string,
  now = new Date(),
): Promise<VenueGuideParts> {
  const venue = await findVenueBySlug(deps.database, venueSlug);
  if (!venue) throw notFound('Venue');
  const aroundWanted: WantedPart = { kind: 'around', key: venue.id };
  const cityWanted: WantedPart = { kind: 'city', key: cityKey(venue) };
  const factsWanted: WantedPart = { kind: 'venue', key: venue.id };
  const rows = await findParts(deps.database, [aroundWanted, cityWanted, factsWanted]);
  const rowOf = (part: WantedPart) => rows.find((row) => row.kind === part.kind && row.key === part.key);
  const hasPoint = venue.lat !== null && venue.lon !== null;
  const none = { status: 'none', data: null, fetchedAt: null } as const;
  return {
    around: hasPoint ? await partView<AroundData>(deps, aroundWanted, rowOf(aroundWanted), now) : none,
    venue: hasPoint ? await partView<VenueFactsData>(deps, factsWanted, rowOf(factsWanted), now) : none,
    city: await partView<CityData>(deps, cityWanted, rowOf(cityWanted), now),
    mapTilesUrl: deps.mapTilesUrl,
  };
}

/** The part keys a page waits on, for its live stream. */
export async function guideWaitKeys(database: Database, artistSlug: string, stopSlug: string, now = new Date()) {
  const stop = await findGuideStop(database, artistSlug, stopSlug);
  if (!stop) throw notFound('Guide');
  const wanted = stopPartKeys(stop, now.toISOString().slice(0, 10));
  return new Set(
    [wanted.around, wanted.city, wanted.weather, wanted.venue, wanted.location].map(
      (part) => `${part.kind}:${part.key}`,
    ),
  );
}

/** The signed-in fan's own upcoming Going shows: the guides their device keeps for offline use. */
export async function goingGuides(database: Database, userId: string): Promise<GoingGuidesResponse> {
  return { guides: await findGoingGuides(database, userId, OFFLINE_GUIDES_LIMIT) };
}
