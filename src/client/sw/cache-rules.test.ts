import { describe, expect, it } from 'vitest';
import {
  catalogCacheKey,
  isCatalogRead,
  isEventStream,
  isNeverCached,
  isPrivateAnswer,
  isSameOriginImage,
  isUserRead,
  SERVER_ONLY_PATHS,
  userCacheName,
} from './cache-rules.ts';
import { parsePageMessage } from './messages.ts';

const origin = 'https://tourguides.example';

describe('what the service worker may cache', () => {
  it('keeps public catalog reads in the shared cache', () => {
    for (const path of [
      '/api/artists',
      '/api/artists/the-national',
      '/api/venues/red-rocks',
      '/api/artist-profile/x',
    ]) {
      expect(isCatalogRead(path), path).toBe(true);
    }
    for (const path of ['/api/artistsx', '/api/venues/', '/api/me', '/api/favorites']) {
      expect(isCatalogRead(path), path).toBe(false);
    }
  });

  it("keeps the user's own reads apart from the catalog", () => {
    for (const path of [
      '/api/me',
      '/api/favorites',
      '/api/favorites/status',
      '/api/account',
      '/api/notifications',
      '/api/setlists/stops/00000000-0000-4000-8000-000000000000',
      '/api/setlists/artists/northern-lanterns',
      '/api/guides/the-band/2027-03-06-tokyo-jp',
      '/api/shows/upcoming',
      '/api/shows/00000000-0000-4000-8000-000000000000',
    ]) {
      expect(isUserRead(path), path).toBe(true);
      expect(isCatalogRead(path), path).toBe(false);
    }
    expect(isUserRead('/api/meetups')).toBe(false);
    // A kept batch of states would outlive the next change of state and override newer copies offline.
    expect(isUserRead('/api/shows/states')).toBe(false);
  });

  it('never caches sign-in traffic or the event stream', () => {
    for (const path of [
      '/api/auth/get-session',
      '/api/auth',
      '/api/events',
      '/api/events/stream',
      '/api/guides/a/b/events',
    ]) {
      expect(isNeverCached(path), path).toBe(true);
      expect(isUserRead(path) || isCatalogRead(path), path).toBe(false);
    }
    const stream = new Response('', { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    expect(isEventStream(stream)).toBe(true);
    expect(isEventStream(new Response('{}', { headers: { 'content-type': 'application/json' } }))).toBe(false);
  });

  it('leaves server paths out of the single-page fallback', () => {
    const handledByServer = (path: string) => SERVER_ONLY_PATHS.some((pattern) => pattern.test(path));
    expect(['/api/artists', '/files/a.webp', '/healthz'].every(handledByServer)).toBe(true);
    expect(['/', '/tour/x', '/apis', '/install'].some(handledByServer)).toBe(false);
  });

  it('caches same-origin images only', () => {
    expect(isSameOriginImage(new URL(`${origin}/files/artist-images/a.webp`), origin, '')).toBe(true);
    expect(isSameOriginImage(new URL(`${origin}/icons/icon-192.png`), origin, 'image')).toBe(true);
    expect(isSameOriginImage(new URL('https://cdn.example/a.jpg'), origin, 'image')).toBe(false);
  });

  it("never keeps a fan's images (photos, stats maps) in the shared image cache", () => {
    expect(isSameOriginImage(new URL(`${origin}/api/shows/photos/1f0e`), origin, 'image')).toBe(false);
    expect(isSameOriginImage(new URL(`${origin}/api/stats/map?region=world`), origin, 'image')).toBe(false);
    expect(isUserRead('/api/shows/photos/1f0e')).toBe(true);
  });

  it('tells private and no-store answers from public ones', () => {
    const answer = (cacheControl?: string) =>
      new Response('{}', { headers: cacheControl ? { 'cache-control': cacheControl } : {} });
    for (const value of ['private, no-store', 'no-store', 'Private', 'max-age=0, private']) {
      expect(isPrivateAnswer(answer(value)), value).toBe(true);
    }
    for (const value of [undefined, 'public, max-age=0, must-revalidate, s-maxage=60', 'no-cache']) {
      expect(isPrivateAnswer(answer(value)), String(value)).toBe(false);
    }
  });

  it("keys catalog reads without the visitor's date, so yesterday's page opens offline today", () => {
    const yesterday = catalogCacheKey(new URL(`${origin}/api/artists?today=2026-11-21&page=2&all=1`));
    const today = catalogCacheKey(new URL(`${origin}/api/artists?page=2&all=1&today=2026-11-22`));
    expect(yesterday).toBe(today);
    expect(yesterday).toBe(`${origin}/api/artists?all=1&page=2`);
    // My Shows too: the list seen yesterday opens offline today.
    expect(catalogCacheKey(new URL(`${origin}/api/shows/upcoming?today=2026-11-21&filter=all`))).toBe(
      `${origin}/api/shows/upcoming?filter=all`,
    );
  });
});

describe('messages from the page', () => {
  it('accepts the known shapes and a plain user id only', () => {
    expect(parsePageMessage({ type: 'set-user', userId: 'u_1-2' })).toEqual({ type: 'set-user', userId: 'u_1-2' });
    expect(parsePageMessage({ type: 'signed-out' })).toEqual({ type: 'signed-out' });
    expect(parsePageMessage({ type: 'SKIP_WAITING' })).toEqual({ type: 'SKIP_WAITING' });
    expect(parsePageMessage({ type: 'set-user', userId: '../other' })).toBeNull();
    expect(parsePageMessage({ type: 'set-user' })).toBeNull();
    expect(parsePageMessage('signed-out')).toBeNull();
    expect(userCacheName('abc')).toBe('tourguides-user-abc');
  });
});
