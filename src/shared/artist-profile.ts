import { z } from 'zod';
import type { StopView } from './artists.ts';
import { isIsoDate } from './dates.ts';
import { storableString } from './text-schema.ts';

/** GET /api/artist-profile/:slug?today=YYYY-MM-DD — the artist page. */
export const artistProfileQuerySchema = z.object({ today: storableString().refine(isIsoDate, 'expected YYYY-MM-DD') });

/** The artist page lists this many of the next shows (the tour page has them all). */
export const ARTIST_NEXT_SHOWS = 5;

export interface ArtistTourSummary {
  id: string;
  name: string;
  upcomingCount: number;
  pastCount: number;
  firstDate: string | null;
  lastDate: string | null;
}

export interface ArtistProfile {
  artist: {
    /** Title-cased. */
    name: string;
    slug: string;
    mbid: string | null;
    genres: string[];
    imageUrl: string | null;
    /** Users who follow the artist. */
    followerCount: number;
  };
  nextShows: StopView[];
  upcomingShowCount: number;
  /** Tours with upcoming dates first (soonest first), then past tours (most recent first). */
  tours: ArtistTourSummary[];
  links: {
    musicBrainz: string | null;
    official: string | null;
  };
}

export function musicBrainzArtistUrl(mbid: string): string {
  return `https://musicbrainz.org/artist/${encodeURIComponent(mbid)}`;
}
