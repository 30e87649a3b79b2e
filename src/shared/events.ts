/**
 * Events the server pushes to browsers over SSE. Public events carry nothing private: anyone may
 * listen to them (the card waiting for an artist image is shown to visitors too).
 */
export interface ArtistImageReadyEvent {
  type: 'artist-image-ready';
  artistSlug: string;
  imageUrl: string;
}

/**
 * An admin cleared the artist's image (/admin/image-testing): open pages show the placeholder until
 * the automatic image the clear queued arrives as 'artist-image-ready'.
 */
export interface ArtistImageClearedEvent {
  type: 'artist-image-cleared';
  artistSlug: string;
}

export type PublicEvent = ArtistImageReadyEvent | ArtistImageClearedEvent;

export const publicEventTypes = [
  'artist-image-ready',
  'artist-image-cleared',
] as const satisfies readonly PublicEvent['type'][];

/**
 * Anonymous image-event streams one client (an IPv4 address or an IPv6 /64) may hold open in one
 * server process: a page opens one, a few tabs or people behind one address a few more.
 */
export const MAX_PUBLIC_STREAMS_PER_CLIENT = 20;

/** GET /api/events/public?artist=slug1,slug2 — at most this many slugs per stream. */
export const MAX_PUBLIC_EVENT_ARTISTS = 50;
