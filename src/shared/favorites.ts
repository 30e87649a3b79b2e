import type { StopView } from './artists.ts';

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

/** GET /api/favorites/status?slugs=a,b answers at most this many artists at once. */
export const FAVORITE_STATUS_MAX_SLUGS = 100;

export interface FavoriteStatus {
  /** The slugs asked about that the user follows. */
  favorited: string[];
}

export interface FavoriteChange {
  artistSlug: string;
  artistName: string;
  favorited: boolean;
}

export type FavoriteNextShow = Omit<StopView, 'time' | 'ticketUrl'>;

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
