import { notFound } from '#server/lib/app-error.ts';
import type { Place, PlacesQuery } from '#shared/places.ts';
import { getGazetteer } from './gazetteer.ts';

export async function searchPlaces(query: PlacesQuery): Promise<Place[]> {
  return (await getGazetteer()).search(query.q, query.limit);
}

/** The place with this GeoNames id, or AppError NOT_FOUND. */
export async function getPlace(id: string): Promise<Place> {
  const place = (await getGazetteer()).get(id);
  if (!place) throw notFound('Place');
  return place;
}

/** The place with this id, or null (the caller words its own error). */
export async function findPlace(id: string): Promise<Place | null> {
  return (await getGazetteer()).get(id);
}
