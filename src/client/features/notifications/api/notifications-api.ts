import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { NotificationPreferences, NotificationsResponse, UnreadCountResponse } from '#shared/notifications.ts';
import type { NotificationPreferencesInput } from '#shared/notifications-api.ts';

export const notificationsKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
};

/** GET /api/notifications: the newest ten and the unread count. The event stream keeps it current. */
export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsKeys.list(),
    queryFn: ({ signal }) => apiGet<NotificationsResponse>('/api/notifications', { signal }),
    // The stream patches this list as things happen; a refetch is needed only after a reconnect.
    staleTime: Number.POSITIVE_INFINITY,
    meta: SIGNED_IN_ONLY,
  });
}

/** GET /api/notifications/preferences */
export function notificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: notificationsKeys.preferences(),
    queryFn: ({ signal }) => apiGet<NotificationPreferences>('/api/notifications/preferences', { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

/** POST /api/notifications/:id/read */
export const markNotificationRead = (id: string) =>
  apiSend<UnreadCountResponse>('POST', `/api/notifications/${encodeURIComponent(id)}/read`);

/** POST /api/notifications/read-all */
export const markAllNotificationsRead = () => apiSend<UnreadCountResponse>('POST', '/api/notifications/read-all');

/** PUT /api/notifications/preferences: the whole set. */
export const saveNotificationPreferences = (preferences: NotificationPreferencesInput) =>
  apiSend<NotificationPreferences>('PUT', '/api/notifications/preferences', preferences);
