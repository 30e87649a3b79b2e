import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showToast } from '#client/components/ui/toaster.tsx';
import { emitAppEvent } from '#client/lib/app-events.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import { showMessages } from '#shared/show-messages.ts';
import type { ShowState, StopStatus } from '#shared/shows.ts';
import type { UserShowState } from '#shared/shows-api.ts';
import { deleteShowState, putShowState, showsKeys } from './api/shows-api.ts';
import { loadShowState } from './state-batcher.ts';

/** A state to save, or null to un-mark. */
export type ShowStateChange = { state: ShowState; hasTickets?: boolean; seat?: string | null } | null;

/**
 * The fan's state on one stop: from a list's answer when it has it, else batched with its neighbours.
 * A `saved` copy (a guide's, perhaps from the offline cache) is shown at once but read again, so
 * offline the page still shows the fan's state instead of none.
 */
export function useShowState(stopId: string, known?: UserShowState | null, saved?: UserShowState | null) {
  return useQuery({
    queryKey: showsKeys.state(stopId),
    queryFn: () => loadShowState(stopId),
    initialData: known !== undefined ? known : saved,
    // A saved copy counts as old: the current state is read straight away.
    initialDataUpdatedAt: known === undefined && saved !== undefined ? 0 : undefined,
    staleTime: 60_000,
    meta: SIGNED_IN_ONLY,
  });
}

/**
 * Saves a state change optimistically: the buttons show it at once; a failure puts the old state
 * back and says so with the spec's error toast. Lists of shows are refreshed afterwards.
 */
export function useChangeShowState(stopId: string, status: StopStatus) {
  const queryClient = useQueryClient();
  const key = showsKeys.state(stopId);
  return useMutation({
    mutationFn: async (change: ShowStateChange) => {
      if (change === null) {
        await deleteShowState(stopId);
        return null;
      }
      return (await putShowState(stopId, change)).show;
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<UserShowState | null>(key);
      const next: UserShowState | null =
        change === null
          ? null
          : {
              stopId,
              state: change.state,
              hasTickets: change.state === 'going' && (change.hasTickets ?? false),
              seat: change.state === 'going' ? (change.seat ?? null) : null,
              status,
              moved: false,
            };
      queryClient.setQueryData(key, next);
      return { previous };
    },
    onError: (_error, _change, context) => {
      queryClient.setQueryData(key, context?.previous ?? null);
      showToast({
        id: 'shows',
        title: showMessages.errorTitle,
        description: showMessages.errorDescription,
        variant: 'destructive',
      });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      // Going now (or no longer): its guide and setlists are kept for offline use (or the guide dropped).
      emitAppEvent('show-state-changed', { stopId });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: showsKeys.upcomingAll() }),
  });
}

/**
 * Answers "Did you go?" for a past Going show (I was there, or I missed it) and marks every cached
 * list of the fan's shows stale. For the history page (app/routes/history.tsx hands it over).
 */
export function useAnswerShow(): (stopId: string, state: 'attended' | 'missed') => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (stopId, state) => {
      await putShowState(stopId, { state });
      await queryClient.invalidateQueries({ queryKey: showsKeys.all });
    },
    [queryClient],
  );
}

export function askToSignInForShows(): void {
  showToast({
    id: 'shows',
    title: showMessages.signInTitle,
    description: showMessages.signInDescription,
    variant: 'destructive',
  });
}
