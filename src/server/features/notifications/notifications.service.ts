import type { Database } from '#server/db/client.ts';
import type { Tx } from '#server/db/sql.ts';
import { appendUserEvents } from '#server/features/realtime/user-events.repo.ts';
import { notFound } from '#server/lib/app-error.ts';
import {
  type ChannelChoice,
  defaultNotificationPreferences,
  NOTIFICATIONS_KEPT,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationsResponse,
  type NotificationView,
  preferenceGroupOf,
  type UnreadCountResponse,
} from '#shared/notifications.ts';
import {
  countUnread,
  insertNotifications,
  lockOwnInApp,
  type NotificationRow,
  type PreferencesRow,
  selectPreferences,
  selectRecentInApp,
  setAllRead,
  setRead,
  upsertPreferences,
} from './notifications.repo.ts';

/** Every operation acts on the signed-in user's own rows: the actor's id scopes each query. */
export interface Actor {
  userId: string;
}

export function toView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    message: row.message,
    read: row.read,
    artistSlug: row.artistSlug,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(database: Database, actor: Actor): Promise<NotificationsResponse> {
  const [rows, unreadCount] = await Promise.all([
    selectRecentInApp(database.db, actor.userId, NOTIFICATIONS_KEPT),
    countUnread(database.db, actor.userId),
  ]);
  return { notifications: rows.map(toView), unreadCount };
}

/** 404 for an id that is not the actor's (or not shown in the app): nobody learns others' ids exist. */
export async function markRead(database: Database, actor: Actor, id: string): Promise<UnreadCountResponse> {
  return database.db.transaction(async (tx) => {
    const row = await lockOwnInApp(tx, actor.userId, id);
    if (!row) throw notFound('Notification');
    if (!row.read) await setRead(tx, actor.userId, id);
    const unreadCount = await countUnread(tx, actor.userId);
    // Other tabs and devices of the user follow along; nothing changed, nothing to tell.
    if (!row.read) {
      await appendUserEvents(tx, [
        { userId: actor.userId, event: { type: 'notifications-read', ids: [id], unreadCount } },
      ]);
    }
    return { unreadCount };
  });
}

export async function markAllRead(database: Database, actor: Actor): Promise<UnreadCountResponse> {
  return database.db.transaction(async (tx) => {
    const changed = await setAllRead(tx, actor.userId);
    if (changed > 0) {
      await appendUserEvents(tx, [
        { userId: actor.userId, event: { type: 'notifications-read', ids: null, unreadCount: 0 } },
      ]);
    }
    return { unreadCount: 0 };
  });
}

// --- preferences --------------------------------------------------------------------------------

function fromRow(row: PreferencesRow | undefined): NotificationPreferences {
  if (!row) return structuredClone(defaultNotificationPreferences);
  return {
    newDates: { inApp: row.newDatesInApp, email: row.newDatesEmail },
    tourChanges: { inApp: row.tourChangesInApp, email: row.tourChangesEmail },
    reminders: { inApp: row.remindersInApp, email: row.remindersEmail },
    tripShows: { inApp: row.tripShowsInApp, email: row.tripShowsEmail },
  };
}

export async function getPreferences(database: Database, actor: Actor): Promise<NotificationPreferences> {
  const [row] = await selectPreferences(database.db, [actor.userId]);
  return fromRow(row);
}

export async function savePreferences(
  database: Database,
  actor: Actor,
  input: Omit<NotificationPreferences, 'tripShows'> & { tripShows?: ChannelChoice },
): Promise<NotificationPreferences> {
  const preferences: NotificationPreferences = {
    ...input,
    tripShows: input.tripShows ?? (await getPreferences(database, actor)).tripShows,
  };
  await upsertPreferences(database.db, {
    userId: actor.userId,
    newDatesInApp: preferences.newDates.inApp,
    newDatesEmail: preferences.newDates.email,
    tourChangesInApp: preferences.tourChanges.inApp,
    tourChangesEmail: preferences.tourChanges.email,
    remindersInApp: preferences.reminders.inApp,
    remindersEmail: preferences.reminders.email,
    tripShowsInApp: preferences.tripShows.inApp,
    tripShowsEmail: preferences.tripShows.email,
  });
  return preferences;
}

// --- delivery -----------------------------------------------------------------------------------

/** A notification some job wants a user to have; the user's preferences decide where it goes. */
export interface NotificationDraft {
  userId: string;
  kind: NotificationKind;
  title: string;
  message: string;
  artistSlug: string | null;
  /** Unique per user: the same draft delivered twice (a repeated sync, a retried job) adds nothing. */
  dedupeKey: string;
}

const INSERT_BATCH = 500;

/**
 * Stores the drafts the users want, by their preferences: a kind off in both channels is
 * dropped; in-app ones are announced on the users' event streams in the same transaction.
 * Returns how many rows were added. Any job that notifies (tour changes, later show reminders)
 * delivers through here.
 */
export async function deliverNotifications(tx: Tx, drafts: NotificationDraft[]): Promise<number> {
  const userIds = [...new Set(drafts.map((draft) => draft.userId))];
  const preferences = new Map((await selectPreferences(tx, userIds)).map((row) => [row.userId, fromRow(row)]));
  const rows = drafts.flatMap((draft) => {
    const choice: ChannelChoice = (preferences.get(draft.userId) ?? defaultNotificationPreferences)[
      preferenceGroupOf(draft.kind)
    ];
    if (!choice.inApp && !choice.email) return [];
    return [{ ...draft, inApp: choice.inApp, email: choice.email }];
  });
  let added = 0;
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const inserted = await insertNotifications(tx, rows.slice(start, start + INSERT_BATCH));
    added += inserted.length;
    await appendUserEvents(
      tx,
      inserted
        .filter((row) => row.inApp)
        .map((row) => ({ userId: row.userId, event: { type: 'notification-created', notification: toView(row) } })),
    );
  }
  return added;
}
