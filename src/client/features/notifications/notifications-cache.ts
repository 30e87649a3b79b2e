import {
  NOTIFICATIONS_KEPT,
  type NotificationsReadEvent,
  type NotificationsResponse,
  type NotificationView,
} from '#shared/notifications.ts';

/**
 * How the bell's list changes, as pure functions over GET /api/notifications' answer, so the event
 * stream, the buttons and the tests share one set of rules (spec section 4 "Notifications").
 */

const atLeastZero = (count: number) => Math.max(0, count);

/**
 * A new notification goes on top and the list keeps the newest ten. One already listed (a stream
 * replay after a reconnect, or the list fetched after it was created) changes nothing.
 */
export function withNewNotification(
  list: NotificationsResponse,
  notification: NotificationView,
): NotificationsResponse {
  if (list.notifications.some((known) => known.id === notification.id)) return list;
  return {
    notifications: [notification, ...list.notifications].slice(0, NOTIFICATIONS_KEPT),
    unreadCount: list.unreadCount + (notification.read ? 0 : 1),
  };
}

/** One marked read here: the count drops by one only if it was unread, and never below 0. */
export function withOneRead(list: NotificationsResponse, id: string): NotificationsResponse {
  const target = list.notifications.find((notification) => notification.id === id);
  if (!target || target.read) return list;
  return {
    notifications: list.notifications.map((notification) =>
      notification.id === id ? { ...notification, read: true } : notification,
    ),
    unreadCount: atLeastZero(list.unreadCount - 1),
  };
}

/** Mark all read sets the count to 0. */
export function withAllRead(list: NotificationsResponse): NotificationsResponse {
  return {
    notifications: list.notifications.map((notification) => ({ ...notification, read: true })),
    unreadCount: 0,
  };
}

/** The server's count after a change wins over ours (it also knows the ones beyond the newest ten). */
export function withUnreadCount(list: NotificationsResponse, unreadCount: number): NotificationsResponse {
  return { ...list, unreadCount: atLeastZero(unreadCount) };
}

/** Another tab or device marked some (or, with ids null, all) read. */
export function withReadEvent(list: NotificationsResponse, event: NotificationsReadEvent): NotificationsResponse {
  const readIds = event.ids === null ? null : new Set(event.ids);
  return {
    notifications: list.notifications.map((notification) =>
      readIds === null || readIds.has(notification.id) ? { ...notification, read: true } : notification,
    ),
    unreadCount: atLeastZero(event.unreadCount),
  };
}
