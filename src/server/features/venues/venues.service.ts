import type { Database } from '#server/db/client.ts';
import { isVisibleTo } from '#server/features/catalog/stop-visibility.ts';
import { notFound } from '#server/lib/app-error.ts';
import { titleCase } from '#shared/text.ts';
import { openStreetMapUrl, VENUE_UPCOMING_LIMIT, type VenuePage } from '#shared/venues.ts';
import { countPastShows, selectUpcomingShows, selectVenueBySlug } from './venues.repo.ts';

export async function getVenuePage(
  database: Database,
  slug: string,
  today: string,
  viewerId: string | null = null,
): Promise<VenuePage & { personal: boolean }> {
  const found = await selectVenueBySlug(database.db, slug);
  if (!found || !isVisibleTo(found, viewerId)) throw notFound('Venue');
  const { pending, submittedBy: _by, ...venue } = found;
  const [shows, pastShowCount] = await Promise.all([
    selectUpcomingShows(database.db, venue.id, today, VENUE_UPCOMING_LIMIT),
    countPastShows(database.db, venue.id, today),
  ]);
  const { id: _id, ...place } = venue;
  return {
    venue: { ...place, mapUrl: openStreetMapUrl(place) },
    upcomingShows: shows.map((show) => ({ ...show, artistName: titleCase(show.artistName) })),
    pastShowCount,
    personal: pending,
  };
}
