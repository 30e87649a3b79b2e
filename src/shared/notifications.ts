import type { ListeningImportProgressEvent } from './listening-import.ts';
import type { HistoryImportProgressEvent } from './setlists.ts';
/**
 * Notifications (spec sections 2 "Header", 4 "Notifications", 7): what the bell, the event stream
 * and Settings share. Types and constants only, so the browser bundle stays free of zod; the
 * request schemas are in notifications-api.ts.
 */

/** The bell shows the newest ten (spec section 9: "Notifications kept 10"). */
export const NOTIFICATIONS_KEPT = 10;

/**
 * - new-dates: a followed artist announced shows (one per artist per sync);
 * - stop-moved / stop-cancelled: a show of a followed artist (or one the user marked) changed date or
 *   venue, or was dropped;
 * - show-reminder: the day before a show the user marked as Going;
 * - trip-show: a new show where and when the user travels (Vacation mode), once per show.
 * - submission-reviewed: an admin approved or rejected a show the user submitted (Add Show).
 */
export const notificationKinds = [
  'new-dates',
  'stop-moved',
  'stop-cancelled',
  'show-reminder',
  'trip-show',
  'submission-reviewed',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** GET /api/notifications → NotificationsResponse */
export interface NotificationView {
  id: string;
  kind: NotificationKind;
  title: string;
  message: string;
  read: boolean;
  artistSlug: string | null;
  /** ISO 8601 */
  createdAt: string;
}

export interface NotificationsResponse {
  /** Newest first, at most NOTIFICATIONS_KEPT, in-app ones only. */
  notifications: NotificationView[];
  unreadCount: number;
}

/** POST /api/notifications/:id/read and POST /api/notifications/read-all → */
export interface UnreadCountResponse {
  unreadCount: number;
}

/** Preference groups shown in Settings; moved and cancelled share "tour changes". */
export const notificationPreferenceGroups = ['newDates', 'tourChanges', 'reminders', 'tripShows'] as const;
export type NotificationPreferenceGroup = (typeof notificationPreferenceGroups)[number];

export interface ChannelChoice {
  inApp: boolean;
  email: boolean;
}

/** GET/PUT /api/notifications/preferences */
export type NotificationPreferences = Record<NotificationPreferenceGroup, ChannelChoice>;

export const defaultNotificationPreferences: NotificationPreferences = {
  newDates: { inApp: true, email: false },
  tourChanges: { inApp: true, email: false },
  reminders: { inApp: true, email: false },
  tripShows: { inApp: true, email: false },
};

export function preferenceGroupOf(kind: NotificationKind): NotificationPreferenceGroup {
  if (kind === 'new-dates') return 'newDates';
  if (kind === 'show-reminder') return 'reminders';
  if (kind === 'trip-show') return 'tripShows';
  return 'tourChanges';
}

/**
 * Events on the signed-in user's stream, GET /api/events (SSE). Each carries an `id:` line; a
 * client reconnecting with Last-Event-ID receives the ones it missed.
 */
export interface NotificationCreatedEvent {
  type: 'notification-created';
  notification: NotificationView;
}

/** Another tab (or device) marked some read: `ids` null means all. */
export interface NotificationsReadEvent {
  type: 'notifications-read';
  ids: string[] | null;
  unreadCount: number;
}

export type UserEvent =
  | NotificationCreatedEvent
  | NotificationsReadEvent
  | HistoryImportProgressEvent
  | ListeningImportProgressEvent;
export const userEventTypes = [
  'notification-created',
  'notifications-read',
  'history-import-progress',
  'listening-import-progress',
] as const satisfies readonly UserEvent['type'][];

/** How many streams one user may hold open at once (tabs and devices); the oldest is closed beyond it. */
export const MAX_STREAMS_PER_USER = 5;
