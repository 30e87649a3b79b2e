import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onAppEvent } from '#client/lib/app-events.ts';
import { meQueryOptions } from '#client/lib/session/session.ts';

/** The warm-up's code loads for a signed-in fan only: a visitor's first render does not carry it. */
function warm(queryClient: QueryClient, userId: string, options: { refresh?: boolean; changedStopId?: string }) {
  void import('./offline-warm-up.ts').then((module) => module.warmGoingShows(queryClient, userId, options));
}

/**
 * When the Going shows' guides and setlists are kept offline (offline-warm-up.ts), mounted once by
 * the root layout: when the fan becomes known (app start or sign-in: every kept guide is fetched
 * again) and after each change of a show state the shows feature announces (that stop's guide).
 */
export function useOfflineWarmUp(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId) warm(queryClient, userId, { refresh: true });
  }, [userId, queryClient]);
  useEffect(
    () =>
      onAppEvent('show-state-changed', ({ stopId }) => {
        const me = queryClient.getQueryData(meQueryOptions.queryKey);
        if (me) warm(queryClient, me.id, { changedStopId: stopId });
      }),
    [queryClient],
  );
}
