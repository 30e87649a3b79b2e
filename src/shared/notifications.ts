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
 * - on-sale: tickets (or a presale) for a show of a followed artist go on sale, when a source says when.
 * - venue-show: a new show at a venue the user follows (one per show; one grouped when a sync adds several).
 */
export const notificationKinds = [
  'new-dates',
  'stop-moved',
  'stop-cancelled',
  'show-reminder',
  'trip-show',
  'submission-reviewed',
  'on-sale',
  'venue-show',
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

/**
 * Preference groups shown in Settings. `tourChanges` is moved shows (its name predates the split);
 * cancellations have their own.
 */
export const notificationPreferenceGroups = [
  'newDates',
  'venueShows',
  'onSale',
  'tourChanges',
  'cancellations',
  'reminders',
  'tripShows',
] as const;
export type NotificationPreferenceGroup = (typeof notificationPreferenceGroups)[number];

/** Where one kind goes: any of the three, or none (off). Push reaches only the devices the fan added. */
export interface ChannelChoice {
  inApp: boolean;
  email: boolean;
  push: boolean;
}

/**
 * Pushes are held through these hours of the fan's day (in `timeZone`) and sent when they end.
 * 'HH:MM', 24-hour; `from` after `to` spans midnight.
 */
export interface QuietHours {
  from: string;
  to: string;
  timeZone: string;
}

/** GET/PUT /api/notifications/preferences */
export type NotificationPreferences = Record<NotificationPreferenceGroup, ChannelChoice> & {
  quietHours: QuietHours | null;
};

export const defaultNotificationPreferences: NotificationPreferences = {
  newDates: { inApp: true, email: false, push: true },
  onSale: { inApp: true, email: false, push: true },
  tourChanges: { inApp: true, email: false, push: true },
  cancellations: { inApp: true, email: false, push: true },
  venueShows: { inApp: true, email: false, push: true },
  reminders: { inApp: true, email: false, push: true },
  tripShows: { inApp: true, email: false, push: true },
  quietHours: null,
};

/** Submission reviews are answers to the fan's own request: they share the tour changes' choice. */
export function preferenceGroupOf(kind: NotificationKind): NotificationPreferenceGroup {
  if (kind === 'new-dates') return 'newDates';
  if (kind === 'show-reminder') return 'reminders';
  if (kind === 'trip-show') return 'tripShows';
  if (kind === 'on-sale') return 'onSale';
  if (kind === 'stop-cancelled') return 'cancellations';
  if (kind === 'venue-show') return 'venueShows';
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
