/// <reference lib="webworker" />
/**
 * The TourGuides service worker (built by vite-plugin-pwa, injectManifest). It keeps the app shell,
 * public catalog reads and images for offline use, and the signed-in user's own reads in a cache
 * of that user's only. Sign-in traffic and the live event stream always go to the network.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  CATALOG_CACHE,
  catalogCacheKey,
  FONT_CACHE,
  IMAGE_CACHE,
  isCatalogRead,
  isEventStream,
  isSameOriginFont,
  isSameOriginImage,
  isUserRead,
  SERVER_ONLY_PATHS,
} from './cache-rules.ts';
import { parsePageMessage } from './messages.ts';
import { currentUserCacheName, forgetCurrentUser, setCurrentUser } from './user-cache.ts';

declare const self: ServiceWorkerGlobalScope;

const DAY_SECONDS = 24 * 60 * 60;
/** Past this, a slow network loses to the saved copy (a stadium with one bar of signal). */
const NETWORK_TIMEOUT_SECONDS = 3;

/** Only complete, successful JSON or media answers are worth keeping; never a live stream. */
const cacheOnlyOk = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && !isEventStream(response) ? response : null,
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Take over open pages on first install so the pages seen during the first visit are kept too.
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_ONLY_PATHS }));

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isCatalogRead(url.pathname),
  new NetworkFirst({
    cacheName: CATALOG_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      cacheOnlyOk,
      { cacheKeyWillBeUsed: async ({ request }) => catalogCacheKey(new URL(request.url)) },
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isUserRead(url.pathname),
  async ({ request, event }) => {
    const cacheName = await currentUserCacheName();
    if (!cacheName) return fetch(request);
    return userReadStrategy(cacheName).handle({ request, event });
  },
);

registerRoute(
  ({ url, request }) => isSameOriginImage(url, self.location.origin, request.destination),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      cacheOnlyOk,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, request }) => isSameOriginFont(url, self.location.origin, request.destination),
  new CacheFirst({
    cacheName: FONT_CACHE,
    plugins: [cacheOnlyOk, new ExpirationPlugin({ maxEntries: 30, purgeOnQuotaError: true })],
  }),
);

function userReadStrategy(cacheName: string): NetworkFirst {
  return new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      {
        // An answer that arrives after sign-out (or a switch of user) must not land in any cache.
        cacheWillUpdate: async ({ response }) =>
          response.status === 200 && !isEventStream(response) && (await currentUserCacheName()) === cacheName
            ? response
            : null,
        // The server no longer knows this session: what was saved for it is no longer theirs to see.
        fetchDidSucceed: async ({ response }) => {
          if (response.status === 401) await forgetCurrentUser();
          return response;
        },
      },
    ],
  });
}

self.addEventListener('message', (event) => {
  const message = parsePageMessage(event.data);
  if (!message) return;
  if (message.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  event.waitUntil(message.type === 'set-user' ? setCurrentUser(message.userId) : forgetCurrentUser());
});
