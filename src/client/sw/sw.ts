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
  isPrivateAnswer,
  isSameOriginFont,
  isSameOriginImage,
  isUserRead,
  SERVER_ONLY_PATHS,
} from './cache-rules.ts';
import { parsePageMessage } from './messages.ts';
import { clickTarget, notificationFor, parsePushPayload } from './push.ts';
import { currentUserCacheName, forgetCurrentUser, setCurrentUser } from './user-cache.ts';

declare const self: ServiceWorkerGlobalScope;

const DAY_SECONDS = 24 * 60 * 60;
/** Past this, a slow network loses to the saved copy (a stadium with one bar of signal). */
const NETWORK_TIMEOUT_SECONDS = 3;

/**
 * Shared caches (every visitor of this browser reads them) keep only complete, successful, public
 * answers: never a live stream, never one marked private or no-store (a fan's own answer, ADR 0039).
 */
const sharedCacheOnlyOk = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && !isEventStream(response) && !isPrivateAnswer(response) ? response : null,
};

/**
 * A catalog page answered for one signed-in fan (their pending artist or venue shows) is private: it
 * goes to that fan's own cache, under the catalog key, and offline it wins over the public copy.
 */
const personalCatalogCopies = {
  cacheWillUpdate: async ({ request, response }: { request: Request; response: Response }) => {
    if (response.status !== 200 || !isPrivateAnswer(response)) return response;
    const cacheName = await currentUserCacheName();
    if (cacheName) await (await caches.open(cacheName)).put(catalogCacheKey(new URL(request.url)), response.clone());
    return response;
  },
  cachedResponseWillBeUsed: async ({ request, cachedResponse }: { request: Request; cachedResponse?: Response }) => {
    const cacheName = await currentUserCacheName();
    if (!cacheName) return cachedResponse ?? null;
    const own = await (await caches.open(cacheName)).match(catalogCacheKey(new URL(request.url)));
    return own ?? cachedResponse ?? null;
  },
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
      personalCatalogCopies,
      sharedCacheOnlyOk,
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
      sharedCacheOnlyOk,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, request }) => isSameOriginFont(url, self.location.origin, request.destination),
  new CacheFirst({
    cacheName: FONT_CACHE,
    plugins: [sharedCacheOnlyOk, new ExpirationPlugin({ maxEntries: 30, purgeOnQuotaError: true })],
  }),
);

function userReadStrategy(cacheName: string): NetworkFirst {
  return new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      {
        // My Shows sends the fan's date too: the list seen yesterday still opens offline today.
        cacheKeyWillBeUsed: async ({ request }) => catalogCacheKey(new URL(request.url)),
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

// Web Push (issue 29.3): every push shows a notification (browsers require it); a click opens the
// show in an open window of the app when there is one, else in a new one.
self.addEventListener('push', (event) => {
  const { title, options } = notificationFor(parsePushPayload(event.data?.text()));
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = clickTarget(event.notification.data, self.location.origin);
  event.waitUntil(openOrFocus(target));
});

async function openOrFocus(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    try {
      // Only a window this worker controls can be navigated; any other opens a new one.
      const navigated = await open.navigate(url);
      await (navigated ?? open).focus();
      return;
    } catch {}
  }
  await self.clients.openWindow(url);
}
