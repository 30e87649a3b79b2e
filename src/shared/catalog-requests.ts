/** The admin's queue of fans' submitted stops (Add Show, ADR 0017): types and texts. */

export const CATALOG_REQUESTS_PAGE_SIZE = 20;
export const REJECT_REASON_MAX = 500;
/** A bulk approve handles at most this many requests at once. */
export const BULK_APPROVE_MAX = 500;

export interface CatalogMatchView {
  stopId: string;
  artistName: string;
  artistSlug: string;
  date: string;
  venueName: string;
  city: string;
  /** 'same-show' (same artist, venue and date: approving merges into it), 'same-artist-near-date', 'same-venue-date'. */
  reason: 'same-show' | 'same-artist-near-date' | 'same-venue-date';
}

export interface CatalogRequestView {
  stopId: string;
  artistName: string;
  artistSlug: string;
  /** The artist has no approved stop yet: the submission brought it into the catalog. */
  newArtist: boolean;
  tourName: string;
  date: string;
  time: string | null;
  venueName: string;
  city: string;
  region: string | null;
  country: string;
  venueSlug: string;
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

export const catalogRequestTexts = {
  approvedTitle: 'Your show was added',
  rejectedTitle: 'Your show was not added',
  approved: (artist: string, date: string, venue: string) =>
    `${artist} on ${date} at ${venue} is now in the catalog for everyone.`,
  merged: (artist: string, date: string, venue: string) =>
    `${artist} on ${date} at ${venue} was already in the catalog: your show now points to it.`,
  rejected: (artist: string, date: string, venue: string, reason: string) =>
    `${artist} on ${date} at ${venue} was not added: ${reason}`,
  notPending: 'This request was already reviewed.',
} as const;
