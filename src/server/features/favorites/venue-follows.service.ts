import type { Database } from '#server/db/client.ts';
import { isVisibleTo } from '#server/features/catalog/stop-visibility.ts';
import { selectVenueBySlug } from '#server/features/venues/venues.repo.ts';
import type { Actor } from '#server/lib/actor.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { FollowedVenuesList, VenueFollowChange } from '#shared/favorites.ts';
import * as repo from './venue-follows.repo.ts';

async function venueOrNotFound(database: Database, slug: string, viewerId: string) {
  const venue = await selectVenueBySlug(database.db, slug);
  if (!venue || !isVisibleTo(venue, viewerId)) throw notFound('Venue');
  return venue;
}

export async function listFollowedVenues(database: Database, actor: Actor): Promise<FollowedVenuesList> {
  return { venues: await repo.selectFollowedVenues(database.db, actor.userId) };
}

export async function venueFollowStatus(database: Database, actor: Actor, slug: string): Promise<VenueFollowChange> {
  const venue = await venueOrNotFound(database, slug, actor.userId);
  const following = await repo.isFollowingVenue(database.db, actor.userId, venue.id);
  return { venueSlug: venue.slug, venueName: venue.name, following };
}

/** Following twice is the same as following once; only the actor's own row is ever touched. */
export async function followVenue(database: Database, actor: Actor, slug: string): Promise<VenueFollowChange> {
  const venue = await venueOrNotFound(database, slug, actor.userId);
  await repo.insertVenueFollow(database.db, actor.userId, venue.id);
  return { venueSlug: venue.slug, venueName: venue.name, following: true };
}

export async function unfollowVenue(database: Database, actor: Actor, slug: string): Promise<VenueFollowChange> {
  const venue = await venueOrNotFound(database, slug, actor.userId);
  await repo.deleteVenueFollow(database.db, actor.userId, venue.id);
  return { venueSlug: venue.slug, venueName: venue.name, following: false };
}
