import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showToast } from '#client/components/ui/toaster.tsx';
import type { NotificationsResponse } from '#shared/notifications.ts';
import { withAllRead, withOneRead, withUnreadCount } from '../notifications-cache.ts';
import { markAllNotificationsRead, markNotificationRead, notificationsKeys } from './notifications-api.ts';

type Change = (list: NotificationsResponse) => NotificationsResponse;

/**
 * The list changes on screen at once (the click feels instant); the server's answer then sets the
 * count, and a failure fetches the list as the server has it. (Plain calls rather than useMutation:
 * sharing it with the home route would split it into a chunk of its own on the home page.)
 */
function useReadAction<TArgs extends unknown[]>(
  request: (...args: TArgs) => Promise<{ unreadCount: number }>,
  change: (...args: TArgs) => Change,
): (...args: TArgs) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (...args: TArgs) => {
      const key = notificationsKeys.list();
      const update = (apply: Change) =>
        queryClient.setQueryData<NotificationsResponse>(key, (list) => (list ? apply(list) : list));
      await queryClient.cancelQueries({ queryKey: key });
      update(change(...args));
      try {
        const { unreadCount } = await request(...args);
        update((list) => withUnreadCount(list, unreadCount));
      } catch (error) {
        showToast({
          id: 'notifications-error',
          title: 'Error',
          description: `Could not mark notifications as read. ${(error as Error).message}`,
          variant: 'destructive',
        });
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [queryClient, request, change],
  );
}

const oneRead = (id: string) => (list: NotificationsResponse) => withOneRead(list, id);
const allRead = () => withAllRead;

/** Marks one notification read. */
export const useMarkRead = () => useReadAction(markNotificationRead, oneRead);

/** Marks every notification of the user read. */
export const useMarkAllRead = () => useReadAction(markAllNotificationsRead, allRead);
