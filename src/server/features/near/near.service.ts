import type { Database } from '#server/db/client.ts';
import { selectTrackedPlaces } from '#server/features/places/tracked-places.repo.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  encodeNearCursor,
  NEAR_LIMITS,
  type NearPlace,
  type NearPlacesResponse,
  type NearQuery,
  type NearResponse,
  nearMessages,
} from '#shared/near.ts';
import { placeLabel } from '#shared/place-label.ts';
import { placeLabel as gazetteerLabel } from '#shared/places.ts';
import { titleCase } from '#shared/text.ts';
import { type NearArea, type NearCircle, selectHomePlace, selectNearGenres, selectNearShows } from './near.repo.ts';

/**
 * GET /api/near: one page of the public shows within the radius in the dates. A signed-in fan's
 * followed artists are marked; nothing else differs, so a visitor's answer is the same for all.
 */
export async function listShowsNear(
  database: Database,
  viewerId: string | null,
  query: NearQuery,
): Promise<NearResponse> {
  const circles = await circlesOf(database, viewerId, query);
  if (circles.length === 0) return { shows: [], nextCursor: null, genres: query.cursor ? null : [] };
  const area: NearArea = { circles, from: query.from, to: query.to, genre: query.genre };
  const limit = NEAR_LIMITS.pageSize;
  // One row more than the page tells whether another page follows.
  const [rows, genres] = await Promise.all([
    selectNearShows(database.db, { area, viewerId, after: query.cursor, limit: limit + 1 }),
    query.cursor ? Promise.resolve(null) : selectNearGenres(database.db, area),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeNearCursor({ date: last.date, time: last.sortTime, sortName: last.sortName, stopId: last.stopId })
      : null;
  return {
    shows: page.map(({ sortTime: _time, sortName: _name, ...show }) => ({
      ...show,
      artistName: titleCase(show.artistName),
    })),
    nextCursor,
    genres,
  };
}

/** A place's own radius within what one Near read may cover; a home radius of "anywhere" takes the asked one. */
const nearRadius = (own: number | null, asked: number) =>
  own === null ? asked : Math.min(Math.max(own, NEAR_LIMITS.radiusMinKm), NEAR_LIMITS.radiusMaxKm);

/** The point asked for, or (places=mine) the signed-in fan's own places: theirs only, never another fan's. */
async function circlesOf(database: Database, viewerId: string | null, query: NearQuery): Promise<NearCircle[]> {
  if (query.places !== 'mine') return [{ lat: query.lat!, lon: query.lng!, radiusKm: query.radiusKm }];
  if (!viewerId) throw new AppError('UNAUTHORIZED', nearMessages.mineSignedOut);
  return (await listNearPlaces(database, viewerId)).places.map((place) => ({
    lat: place.lat,
    lon: place.lng,
    radiusKm: nearRadius(place.radiusKm, query.radiusKm),
  }));
}

/** GET /api/near/places: the fan's home (when Settings gives it a point), then their tracked places. */
export async function listNearPlaces(database: Database, userId: string | null): Promise<NearPlacesResponse> {
  if (!userId) return { places: [] };
  const [home, tracked] = await Promise.all([
    selectHomePlace(database.db, userId),
    selectTrackedPlaces(database.db, userId),
  ]);
  const places: NearPlace[] = home
    ? [{ home: true, label: placeLabel(home), lat: home.lat, lng: home.lon, radiusKm: home.radiusKm }]
    : [];
  for (const place of tracked) {
    places.push({
      home: false,
      label: gazetteerLabel(place),
      lat: place.lat,
      lng: place.lon,
      radiusKm: place.radiusKm,
    });
  }
  return { places };
}
