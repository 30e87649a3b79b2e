/** The admin's queue of fans' submitted stops (Add Show, ADR 0017): types and texts. */

import { formatLongDate } from './dates.ts';
import type { CityPlace, VenuePlace } from './place-label.ts';

export const CATALOG_REQUESTS_PAGE_SIZE = 20;
export const REJECT_REASON_MAX = 500;
/** A bulk approve handles at most this many requests at once. */
export const BULK_APPROVE_MAX = 500;

export interface CatalogMatchView extends CityPlace {
  stopId: string;
  artistName: string;
  artistSlug: string;
  date: string;
  venueName: string;
  /** 'same-show' (same artist, venue and date: approving merges into it), 'same-artist-near-date', 'same-venue-date'. */
  reason: 'same-show' | 'same-artist-near-date' | 'same-venue-date';
}

export interface CatalogRequestView extends VenuePlace {
  stopId: string;
  artistName: string;
  artistSlug: string;
  /** The artist has no approved stop yet: the submission brought it into the catalog. */
  newArtist: boolean;
  tourName: string;
  date: string;
  time: string | null;
  submitter: { name: string; email: string } | null;
  submittedAt: string | null;
  matches: CatalogMatchView[];
}

export interface CatalogRequestsPage {
  requests: CatalogRequestView[];
  total: number;
  page: number;
  totalPages: number;
}

export interface ReviewOutcome {
  stopId: string;
  /** 'approved' | 'merged' (into `intoStopId`) | 'rejected' */
  result: 'approved' | 'merged' | 'rejected';
  intoStopId: string | null;
  message: string;
}

export interface BulkApproveOutcome {
  approved: number;
  merged: number;
  message: string;
}

/** A public stop as a change request shows it (ADR 0037): its date, time, place and status. */
export interface StopClaim {
  date: string;
  time: string | null;
  venue: string;
  city: string;
  status: string;
}

/** What a fan's page says instead, with the full place so applying it can create the venue. */
export interface StopClaimAfter extends StopClaim {
  region: string | null;
  country: string;
  lat: number | null;
  lon: number | null;
  timeZone: string | null;
  ticketUrl: string | null;
}

/** A fan's import that disagrees with a public stop, waiting for an admin (GET …/catalog-requests/changes). */
export interface ChangeRequestView {
  id: string;
  stopId: string;
  artistName: string;
  artistSlug: string;
  stopSlug: string;
  before: StopClaim;
  after: StopClaimAfter;
  /** The fan's page the claim was read from. */
  sourceUrl: string;
  submitter: { name: string; email: string } | null;
  createdAt: string;
}

export interface ChangeRequestsPage {
  changes: ChangeRequestView[];
  total: number;
}

export const catalogRequestTexts = {
  approvedTitle: 'Your show was added',
  rejectedTitle: 'Your show was not added',
  // `date` is YYYY-MM-DD; a fan reads it in the app's format ('Sat, Oct 3, 2026'), never ISO.
  approved: (artist: string, date: string, venue: string) =>
    `${artist} on ${formatLongDate(date)} at ${venue} is now in the catalog for everyone.`,
  merged: (artist: string, date: string, venue: string) =>
    `${artist} on ${formatLongDate(date)} at ${venue} was already in the catalog: your show now points to it.`,
  rejected: (artist: string, date: string, venue: string, reason: string) =>
    `${artist} on ${formatLongDate(date)} at ${venue} was not added: ${reason}`,
  notPending: 'This request was already reviewed.',
} as const;
