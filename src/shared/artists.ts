import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import type { VenuePlace } from './place-label.ts';
import { storableString } from './text-schema.ts';
import type { StopSourceView } from './tour-sources.ts';

/** Home page list: 20 per page (spec section 9). */
export const ARTISTS_PAGE_SIZE = 20;

const isoDate = storableString().refine(isIsoDate, 'expected YYYY-MM-DD');

/** GET /api/artists?page=1&today=YYYY-MM-DD&all=0|1 */
export const listArtistsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** The visitor's local calendar date: "upcoming" means on or after it. */
  today: isoDate,
  /** 1 = include artists without upcoming dates (the home page switch). */
  all: z.enum(['0', '1']).default('0'),
});
export type ListArtistsQuery = z.infer<typeof listArtistsQuerySchema>;

export interface ArtistListEntry {
  /** Title-cased display name. */
  name: string;
  slug: string;
  tourCount: number;
  hasUpcomingShows: boolean;
  imageUrl: string | null;
}

export interface ArtistListPage {
  artists: ArtistListEntry[];
  /** Artists in the list as filtered (the 'N total artists' figure). */
  total: number;
  /** The page actually served: requests past the end are clamped to the last page. */
  page: number;
  /** Always at least 1, so 1 <= page <= totalPages holds: an empty list is page 1 of 1. */
  totalPages: number;
  pageSize: number;
}

/** One stop as pages list shows: when, where and tickets (the artist page's next shows). */
export interface StopView extends VenuePlace {
  /** For the show state buttons (/api/shows). */
  stopId: string;
  /** STOP_STATUSES; public lists other than the tour page skip cancelled stops. */
  status: string;
  stopSlug: string;
  date: string;
  /** 'HH:MM' local to the venue, or null when unknown. */
  time: string | null;
  /** The venue's IANA time zone (the time is local to it), or null when unknown. */
  timeZone: string | null;
  ticketUrl: string | null;
}

/** A stop on the tour page: a StopView keyed by its id and slug. */
export interface TourStopView extends Omit<StopView, 'stopSlug' | 'stopId'> {
  id: string;
  slug: string;
  isUpcoming: boolean;
  /** The sources listing it now, best first (provenance, ADR 0044); empty for imports and fans' shows. */
  sources: StopSourceView[];
}

export interface TourView {
  id: string;
  name: string;
  stops: TourStopView[];
  upcomingCount: number;
  pastCount: number;
}

/** GET /api/artists/:slug?today=YYYY-MM-DD — the tour page. */
export interface ArtistTourPage {
  artist: {
    name: string;
    slug: string;
    mbid: string | null;
    genres: string[];
    imageUrl: string | null;
  };
  /**
   * Tours with an upcoming stop first (by next date), then past tours (most recent first), then
   * tours without stops. An unknown slug answers 404 NOT_FOUND 'Artist not found'.
   */
  tours: TourView[];
}

export const artistSlugParamSchema = z.object({
  slug: storableString()
    .min(1)
    .max(120)
    .regex(/^[a-z0-9-]+$/),
});
export const tourPageQuerySchema = z.object({ today: isoDate });
