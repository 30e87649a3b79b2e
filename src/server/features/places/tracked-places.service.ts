import type { Database } from '#server/db/client.ts';
import type { Actor } from '#server/lib/actor.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import {
  placesMessages,
  TRACKED_PLACES_MAX,
  type TrackedPlace,
  type TrackedPlacesResponse,
  trackedPlacesMessages,
} from '#shared/places.ts';
import { findPlace } from './places.service.ts';
import * as repo from './tracked-places.repo.ts';

const toTracked = (row: repo.TrackedPlaceRow): TrackedPlace => ({
  id: row.id,
  home: false,
  placeId: row.placeId,
  name: row.name,
  region: row.region,
  country: row.country,
  radiusKm: row.radiusKm,
});

/** Home first (when set: its radius is My Shows'), then the other places in the order they were added. */
export async function listTrackedPlaces(database: Database, actor: Actor): Promise<TrackedPlacesResponse> {
  const [home, rows] = await Promise.all([
    repo.selectHomePlace(database.db, actor.userId),
    repo.selectTrackedPlaces(database.db, actor.userId),
  ]);
  const homePlace: TrackedPlace[] = home?.city
    ? [
        {
          id: 'home',
          home: true,
          placeId: home.placeId,
          name: home.city,
          region: home.region,
          country: home.country ?? '',
          radiusKm: home.radiusKm,
        },
      ]
    : [];
  return { places: [...homePlace, ...rows.map(toTracked)] };
}

/** The place's columns come from the gazetteer's own record: nothing of it from the client. */
export async function addTrackedPlace(
  database: Database,
  actor: Actor,
  input: { placeId: string; radiusKm: number },
): Promise<TrackedPlace> {
  const place = await findPlace(input.placeId);
  if (!place) {
    throw new AppError('BAD_REQUEST', placesMessages.unknownPlace, {
      issues: [{ path: 'placeId', message: placesMessages.unknownPlace }],
    });
  }
  if ((await repo.countTrackedPlaces(database.db, actor.userId)) >= TRACKED_PLACES_MAX) {
    throw new AppError('BAD_REQUEST', trackedPlacesMessages.tooMany);
  }
  const row = await repo.insertTrackedPlace(database.db, {
    userId: actor.userId,
    placeId: place.id,
    name: place.name,
    region: place.region,
    country: place.country,
    lat: place.lat,
    lon: place.lon,
    timeZone: place.timeZone,
    radiusKm: input.radiusKm,
  });
  if (!row) throw new AppError('CONFLICT', trackedPlacesMessages.alreadyTracked);
  return toTracked(row);
}

export async function changeTrackedRadius(database: Database, actor: Actor, id: string, radiusKm: number) {
  if (!(await repo.updateTrackedRadius(database.db, actor.userId, id, radiusKm))) throw notFound('Place');
  return listTrackedPlaces(database, actor);
}

/** Home's radius is the one My Shows uses (null: anywhere); a fan without a home has none to change. */
export async function changeHomeRadius(database: Database, actor: Actor, radiusKm: number | null) {
  const home = await repo.selectHomePlace(database.db, actor.userId);
  if (!home?.city) throw notFound('Place');
  await repo.updateHomeRadius(database.db, actor.userId, radiusKm);
  return listTrackedPlaces(database, actor);
}

export async function removeTrackedPlace(database: Database, actor: Actor, id: string) {
  if (!(await repo.deleteTrackedPlace(database.db, actor.userId, id))) throw notFound('Place');
  return listTrackedPlaces(database, actor);
}
