import { z } from 'zod';
import { isIsoDate } from './dates.ts';

/** Spec section 8: the heart's toasts, word for word. */
export const favoriteMessages = {
  signInTitle: 'Sign in required',
  signInDescription: 'Please sign in to save favorite artists',
  addedTitle: 'Added to favorites',
  added: (artist: string) => `${artist} has been added to your artists`,
  removedTitle: 'Removed from favorites',
  removed: (artist: string) => `${artist} has been removed from your artists`,
  errorTitle: 'Error',
  errorDescription: 'Failed to update favorites. Please try again.',
} as const;

const slug = z.string().regex(/^[a-z0-9-]{1,120}$/, 'Invalid artist slug');

/** PUT/DELETE /api/favorites/:slug */
export const favoriteSlugParamSchema = z.object({ slug });

/** GET /api/favorites/status?slugs=a,b — one request for a page of cards. */
export const FAVORITE_STATUS_MAX_SLUGS = 100;
export const favoriteStatusQuerySchema = z.object({
  slugs: z
    .string()
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(z.array(slug).max(FAVORITE_STATUS_MAX_SLUGS, `At most ${FAVORITE_STATUS_MAX_SLUGS} artists at once`)),
});

/** GET /api/favorites?today=YYYY-MM-DD */
export const favoritesListQuerySchema = z.object({ today: z.string().refine(isIsoDate, 'expected YYYY-MM-DD') });

export interface FavoriteStatus {
  /** The slugs asked about that the user follows. */
  favorited: string[];
}

export interface FavoriteChange {
  artistSlug: string;
  artistName: string;
  favorited: boolean;
}

export interface FavoriteNextShow {
  stopSlug: string;
  date: string;
  venueName: string;
  venueSlug: string;
  city: string;
  region: string | null;
  country: string;
}

export interface FavoriteArtistEntry {
  /** Title-cased. */
  artistName: string;
  artistSlug: string;
  imageUrl: string | null;
  source: string;
  followedAt: string;
  nextShow: FavoriteNextShow | null;
  /** From the home city to the next show, when both places are known. */
  distanceKm: number | null;
}

export interface FavoritesList {
  favorites: FavoriteArtistEntry[];
  homeCity: string | null;
}
