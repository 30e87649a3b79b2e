/**
 * Show detail (/shows/{stopId}): one show (the stops of every artist at one venue on one date),
 * the fan's state, and for attended shows their notes, rating, companions and photos.
 */
import type { ShowVenue } from './place-label.ts';
import { type ReviewState, SHOW_LIMITS, type ShowState, type StopStatus } from './shows.ts';
import type { StopSourceView } from './tour-sources.ts';

export const SHOW_DETAIL_MESSAGES = {
  notFound: 'Show not found',
  ratingRange: `A rating is ${SHOW_LIMITS.ratingMin} to ${SHOW_LIMITS.ratingMax} stars.`,
  companionsTooLong: `Who you went with can be at most ${SHOW_LIMITS.companionsMax} characters.`,
  notMarked: 'Mark the show first: notes belong to shows you are going to or went to.',
  attendedOnly: 'Ratings, companions and photos are for shows you went to ("I was there").',
  notAnImage: 'That file is not an image. Choose a JPEG, PNG, WebP, GIF, AVIF or HEIC photo.',
  photoTooLarge: `A photo can be at most ${SHOW_LIMITS.photoMaxBytes / 1024 / 1024} MB.`,
  photoTooManyPixels: 'That photo is too large to process (over 100 megapixels).',
  tooManyPhotos: `A show can have at most ${SHOW_LIMITS.photosPerShow} photos.`,
  photoNotFound: 'Photo not found',
} as const;

/** Longest side of a stored photo, in pixels. */
export const PHOTO_MAX_SIDE = 2048;
/** What the upload accepts: anything sharp decodes (checked by decoding, not by this list). */
export const PHOTO_ACCEPT = 'image/*';

export interface ShowPhoto {
  id: string;
  /** Owner-only: GET /api/shows/photos/:id with the session; never a public file URL. */
  url: string;
  width: number;
  height: number;
  bytes: number;
  createdAt: string;
}

export interface BillEntry {
  stopId: string;
  artistName: string;
  artistSlug: string;
  tourName: string;
  stopSlug: string;
  /** 'HH:MM' local to the venue, or null. */
  time: string | null;
  status: StopStatus;
  reviewState: ReviewState;
}

export interface ShowDetail {
  stopId: string;
  date: string;
  /** This stop's time, 'HH:MM' local to the venue, or null. */
  time: string | null;
  status: StopStatus;
  reviewState: ReviewState;
  /** The artist of this stop first, then the rest of the bill by start time and name. */
  bill: BillEntry[];
  venue: ShowVenue;
  /** The guide of this stop: /guide/{artistSlug}/{stopSlug}. */
  guidePath: string;
  /** The stop's own ticket link (used when no source names a seller). */
  ticketUrl: string | null;
  /** The sources listing this stop now, best first: "Listed by …" and one "Tickets" per seller. */
  sources: StopSourceView[];
  /** The fan's own layer; null when they have not marked the show. */
  mine: {
    state: ShowState;
    hasTickets: boolean;
    seat: string | null;
    notes: string | null;
    rating: number | null;
    companions: string | null;
    photos: ShowPhoto[];
  } | null;
}

export interface ShowDetailsResponse {
  notes: string | null;
  rating: number | null;
  companions: string | null;
}

export interface ShowPhotoResponse {
  photo: ShowPhoto;
}

export const showPhotoUrl = (photoId: string) => `/api/shows/photos/${photoId}`;
