/**
 * Which requests the service worker may answer from a cache, and under which key.
 * Pure functions of the URL so they are unit-tested without a browser.
 */

export const CACHE_PREFIX = 'tourguides';
export const CATALOG_CACHE = `${CACHE_PREFIX}-catalog`;
export const IMAGE_CACHE = `${CACHE_PREFIX}-images`;
export const FONT_CACHE = `${CACHE_PREFIX}-fonts`;
export const USER_CACHE_PREFIX = `${CACHE_PREFIX}-user-`;

export function userCacheName(userId: string): string {
  return `${USER_CACHE_PREFIX}${userId}`;
}

/** Paths the single-page app never handles: navigations to them go to the server. */
export const SERVER_ONLY_PATHS = [/^\/api(\/|$)/, /^\/files(\/|$)/, /^\/healthz$/];

/** Sign-in traffic and the live event stream must always reach the server, never a cache. */
export function isNeverCached(pathname: string): boolean {
  return (
    /^\/api\/auth(\/|$)/.test(pathname) ||
    /^\/api\/events/.test(pathname) ||
    // A guide's live stream (it tells a waiting page when a part is ready).
    /^\/api\/guides\/.+\/events$/.test(pathname)
  );
}

/** Public catalog reads: the same answer for every visitor, so one shared cache serves them offline. */
export function isCatalogRead(pathname: string): boolean {
  if (isNeverCached(pathname)) return false;
  return /^\/api\/artists(\/|$)/.test(pathname) || /^\/api\/(venues|artist-profile)\/./.test(pathname);
}

/** The signed-in user's own reads: cached only under that user's key and dropped on sign-out. */
export function isUserRead(pathname: string): boolean {
  if (isNeverCached(pathname)) return false;
  // Setlists carry the fan's own setlists: kept per user, so Going shows' setlists open offline.
  // Guides carry the fan's distance from home; a guide opened while signed in stays readable offline
  // (the venue's dead zone), Going shows first among them (ADR 0005, issue 13).
  // Shows carry My Shows and each show's detail: kept so they open offline (issue 26). Not the batched
  // states (`/api/shows/states?stopIds=…`): a change of state never updates a kept batch, so offline
  // an old one would override the state the kept guide or show page carries (they are fetched again
  // on every change).
  if (/^\/api\/shows\/states$/.test(pathname)) return false;
  return /^\/api\/(me|favorites|account|notifications|setlists|guides|shows)(\/|$)/.test(pathname);
}

/** Images of the shared cache: public files only. Images under /api (a fan's photos, stats maps) are per user. */
export function isSameOriginImage(url: URL, origin: string, destination: string): boolean {
  if (url.origin !== origin || /^\/api(\/|$)/.test(url.pathname)) return false;
  return /^\/files\//.test(url.pathname) || destination === 'image';
}

/**
 * An answer marked `private` or `no-store` belongs to one signed-in fan: it never goes into a cache
 * every visitor of this browser reads (catalog, images, fonts). ADR 0039.
 */
export function isPrivateAnswer(response: Response): boolean {
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  return /(^|[,\s])(private|no-store)([,\s=]|$)/.test(cacheControl);
}

export function isSameOriginFont(url: URL, origin: string, destination: string): boolean {
  return url.origin === origin && (destination === 'font' || /\.woff2?$/.test(url.pathname));
}

/**
 * The client sends the visitor's local date (`today`) with catalog reads and My Shows. Offline, the
 * page seen yesterday should still open today, so the date is left out of the cache key.
 */
export function catalogCacheKey(url: URL): string {
  const key = new URL(url.href);
  key.searchParams.delete('today');
  key.searchParams.sort();
  return key.href;
}

export function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('text/event-stream');
}
