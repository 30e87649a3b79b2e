import { AUTH_CHANNEL_NAME } from '#client/lib/session/session.ts';
import { USER_CACHE_PREFIX } from '#client/sw/cache-rules.ts';
import { isValidUserId, type PageToWorkerMessage } from '#client/sw/messages.ts';

/** Waits for the active worker: the session is often known before the worker is registered (after load). */
async function postToServiceWorker(message: PageToWorkerMessage): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage(message);
}

/** Lets the service worker keep this user's own pages for offline use (and drop anyone else's). */
export function setCacheUser(userId: string): void {
  if (isValidUserId(userId)) void postToServiceWorker({ type: 'set-user', userId });
}

/**
 * Deletes every saved response of the signed-in user. Call on sign-out: nothing of their session may
 * be shown offline afterwards. The page deletes the caches itself too, so this also works before the
 * service worker runs, and the caller can await it.
 */
export async function clearUserCaches(): Promise<void> {
  // Not awaited: without a registered worker (development) `ready` never settles.
  void postToServiceWorker({ type: 'signed-out' });
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(USER_CACHE_PREFIX)).map((name) => caches.delete(name)));
}

/** Sign-outs announced on the auth channel (by this tab's or another tab's sign-out) clear the caches. */
export function clearUserCachesOnSignOut(): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
  channel.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'signed-out') void clearUserCaches();
  });
  return () => channel.close();
}
