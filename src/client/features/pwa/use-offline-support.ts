import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryOptions } from '#client/features/auth/session.ts';
import { keepGoingGuidesOffline } from '#client/features/guides/offline-guides.ts';
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

  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQueryOptions);
  const userId = me?.id;
  useEffect(() => {
    if (userId) setCacheUser(userId);
    else if (me === null) void clearUserCaches();
  }, [userId, me]);

  // The guides of the fan's Going shows, kept for the venue's dead zone (issue 13).
  useEffect(() => {
    if (userId) keepGoingGuidesOffline(userId, { refresh: true });
  }, [userId]);

  // The setlists of the fan's Going shows, kept for offline use (issue 12); its code loads only then.
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    void import('#client/features/setlists/api/warm-going-setlists.ts')
      .then((module) => module.warmGoingSetlists(queryClient, userId, controller.signal))
      .catch(() => {});
    return () => controller.abort();
  }, [userId, queryClient]);
}
