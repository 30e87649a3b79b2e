import type { Database } from '#server/db/client.ts';
import { notFound } from '#server/lib/app-error.ts';
import {
  ARTIST_NEXT_SHOWS,
  type ArtistProfile,
  type ArtistTourSummary,
  musicBrainzArtistUrl,
} from '#shared/artist-profile.ts';
import { titleCase } from '#shared/text.ts';
import {
  countUpcomingShows,
  selectArtistWithFollowers,
  selectNextShows,
  selectTourSummaries,
} from './artist-profile.repo.ts';

/** Tours still running first (soonest first), then finished ones (most recent first), then empty ones. */
export function orderTours(tours: ArtistTourSummary[]): ArtistTourSummary[] {
  const running = tours.filter((tour) => tour.upcomingCount > 0);
  const finished = tours.filter((tour) => tour.upcomingCount === 0 && tour.lastDate);
  const empty = tours.filter((tour) => !tour.lastDate);
  const byLastDesc = (a: ArtistTourSummary, b: ArtistTourSummary) => (b.lastDate ?? '').localeCompare(a.lastDate ?? '');
  const byFirstAsc = (a: ArtistTourSummary, b: ArtistTourSummary) =>
    (a.firstDate ?? '').localeCompare(b.firstDate ?? '');
  return [...running.sort(byFirstAsc), ...finished.sort(byLastDesc), ...empty];
}

export async function getArtistProfile(database: Database, slug: string, today: string): Promise<ArtistProfile> {
  const artist = await selectArtistWithFollowers(database.db, slug);
  if (!artist) throw notFound('Artist');
  const [nextShows, upcomingShowCount, tours] = await Promise.all([
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
      followerCount: Number(artist.followerCount),
    },
    nextShows,
    upcomingShowCount,
    tours: orderTours(tours),
    links: {
      musicBrainz: artist.mbid ? musicBrainzArtistUrl(artist.mbid) : null,
      official: artist.officialUrl,
    },
  };
}
