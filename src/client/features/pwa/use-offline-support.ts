import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryOptions } from '#client/lib/session/session.ts';
import { clearUserCaches, clearUserCachesOnSignOut, setCacheUser } from './user-caches.ts';

/**
 * Starts the service worker once the page has loaded (its code stays out of the first render) and keeps
 * its per-user cache in step with the session: a known user gets their own cache, a definite "nobody
 * signed in" (GET /api/me answered null) deletes it. An unanswered check changes nothing.
 */
export function useOfflineSupport(): void {
  useEffect(() => {
    const start = () => void import('./register-service-worker.ts').then((module) => module.registerServiceWorker());
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return clearUserCachesOnSignOut();
  }, []);

  const { data: me } = useQuery(meQueryOptions);
  const userId = me?.id;
  useEffect(() => {
    if (userId) setCacheUser(userId);
    else if (me === null) void clearUserCaches();
  }, [userId, me]);
}
