import type { Database } from '#server/db/client.ts';
import { selectArtistBySlug } from '#server/features/artists/artists.repo.ts';
import { orderTours } from '#server/features/artists/tour-order.ts';
import { isVisibleTo } from '#server/features/catalog/stop-visibility.ts';
import { notFound } from '#server/lib/app-error.ts';
import { ARTIST_NEXT_SHOWS, type ArtistProfile, musicBrainzArtistUrl } from '#shared/artist-profile.ts';
import { titleCase } from '#shared/text.ts';
import { countFollowers, countUpcomingShows, selectNextShows, selectTourSummaries } from './artist-profile.repo.ts';

export async function getArtistProfile(
  database: Database,
  slug: string,
  today: string,
  viewerId: string | null = null,
): Promise<ArtistProfile & { personal: boolean }> {
  const artist = await selectArtistBySlug(database.db, slug);
  if (!artist || !isVisibleTo(artist, viewerId)) throw notFound('Artist');
  const [followerCount, nextShows, upcomingShowCount, tours] = await Promise.all([
    countFollowers(database.db, artist.id),
    selectNextShows(database.db, artist.id, today, ARTIST_NEXT_SHOWS),
    countUpcomingShows(database.db, artist.id, today),
    selectTourSummaries(database.db, artist.id, today),
  ]);
  return {
    artist: {
      name: titleCase(artist.name),
      slug: artist.slug,
      mbid: artist.mbid,
      genres: artist.genres,
      imageUrl: artist.imageUrl,
      followerCount,
    },
    nextShows,
    upcomingShowCount,
    tours: orderTours(tours, (tour) => tour).map(({ nextDate: _, ...summary }) => summary),
    links: {
      musicBrainz: artist.mbid ? musicBrainzArtistUrl(artist.mbid) : null,
      official: artist.officialUrl,
    },
    personal: artist.pending,
  };
}
