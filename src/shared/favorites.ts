import type { StopView } from './artists.ts';
import type { VenuePlace } from './place-label.ts';

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

export type FavoriteNextShow = Omit<StopView, 'time' | 'ticketUrl' | 'timeZone' | 'stopId' | 'status'>;

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

/** A venue the fan follows ("tell me about every show here"). */
export interface FollowedVenue extends VenuePlace {
  followedAt: string;
}

export interface FollowedVenuesList {
  venues: FollowedVenue[];
}

export interface VenueFollowChange {
  venueSlug: string;
  venueName: string;
  following: boolean;
}

export const venueFollowMessages = {
  signInTitle: 'Sign in required',
  signInDescription: 'Please sign in to follow venues',
  followedTitle: 'Following venue',
  followed: (venue: string) => `We'll tell you about every new show at ${venue}`,
  unfollowedTitle: 'Venue unfollowed',
  unfollowed: (venue: string) => `${venue} has been removed from your venues`,
  errorDescription: 'Failed to update your venues. Please try again.',
} as const;
