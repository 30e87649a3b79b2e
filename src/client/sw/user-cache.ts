import { USER_CACHE_PREFIX, userCacheName } from './cache-rules.ts';

/**
 * The current user's cache is the one `tourguides-user-*` cache that exists: the state lives in
 * Cache Storage, so it survives the browser stopping the worker. `undefined` = not looked up yet.
 */
let currentCache: string | null | undefined;

export async function currentUserCacheName(): Promise<string | null> {
  if (currentCache === undefined) {
    const names = await caches.keys();
    currentCache = names.find((name) => name.startsWith(USER_CACHE_PREFIX)) ?? null;
  }
  return currentCache;
}

async function deleteUserCaches(keep: string | null): Promise<void> {
  const names = await caches.keys();
  const stale = names.filter((name) => name.startsWith(USER_CACHE_PREFIX) && name !== keep);
  await Promise.all(stale.map((name) => caches.delete(name)));
}

/** Another user's saved pages must never be shown to this one: drop them before keeping any. */
export async function setCurrentUser(userId: string): Promise<void> {
  const name = userCacheName(userId);
  currentCache = name;
  await deleteUserCaches(name);
  await caches.open(name);
}

export async function forgetCurrentUser(): Promise<void> {
  currentCache = null;
  await deleteUserCaches(null);
}
