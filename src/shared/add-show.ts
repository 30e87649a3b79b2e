/**
 * Add Show (/add-show): a fan records a show they went to or will go to. Contracts of
 * POST /api/add-show and the catalog venue typeahead GET /api/add-show/venues?q=.
 */
import type { CityPlace } from './place-label.ts';
import { SHOW_LIMITS, type ShowState } from './shows.ts';

export const ADD_SHOW_MESSAGES = {
  dateOutOfRange: `Pick a date between ${SHOW_LIMITS.minYear} and ${SHOW_LIMITS.maxYear}.`,
  notesTooLong: `Notes can be at most ${SHOW_LIMITS.notesMax.toLocaleString('en-US')} characters.`,
  artistRequired: 'Choose an artist.',
  venueRequired: 'Choose a venue, or add a new one with its city.',
  unknownArtist: 'That artist is not in the catalog any more. Search again.',
  unknownVenue: 'That venue is not in the catalog any more. Search again.',
} as const;

export interface AddShowResponse {
  stopId: string;
  /** true: the catalog already had this artist at this venue on this date, and the show links to it. */
  linked: boolean;
  state: Extract<ShowState, 'attended' | 'going'>;
  /** true while the stop awaits review (a new submission, or one another fan submitted). */
  pending: boolean;
}

/** GET /api/add-show/venues?q= — catalog venues whose name contains the text. */
export const VENUE_SEARCH_LIMIT = 8;

export interface VenueMatch extends CityPlace {
  name: string;
  slug: string;
}

export interface VenueSearchResponse {
  venues: VenueMatch[];
}

/** Past shows are attended, today's and later ones Going. */
export function addedShowState(date: string, today: string): AddShowResponse['state'] {
  return date < today ? 'attended' : 'going';
}
