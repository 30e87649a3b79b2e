import type { Database } from '#server/db/client.ts';
import type { Tx } from '#server/db/sql.ts';
import { appendUserEvents } from '#server/features/realtime/user-events.repo.ts';
import type { Actor } from '#server/lib/actor.ts';
import { notFound } from '#server/lib/app-error.ts';
import {
  type ChannelChoice,
  defaultNotificationPreferences,
  NOTIFICATIONS_KEPT,
  type NotificationKind,
  type NotificationPreferenceGroup,
  type NotificationPreferences,
  type NotificationsResponse,
  type NotificationView,
  preferenceGroupOf,
  type UnreadCountResponse,
} from '#shared/notifications.ts';
import type { NotificationPreferencesInput } from '#shared/notifications-api.ts';
import { clockToMinute, minuteToClock, type QuietWindow, quietUntil } from '#shared/quiet-hours.ts';
import {
  countUnread,
  insertNotifications,
  lockOwnInApp,
  type NotificationRow,
  type PreferencesRow,
  selectPreferences,
  selectRecentInApp,
  selectTakenPushKeys,
  selectUsersWithDevices,
  setAllRead,
  setRead,
  upsertPreferences,
} from './notifications.repo.ts';

/** Every operation acts on the signed-in user's own rows: the actor's id scopes each query. */
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

function choice(inApp: boolean, email: boolean, push: boolean): ChannelChoice {
  return { inApp, email, push };
}

function fromRow(row: PreferencesRow | undefined): NotificationPreferences {
  if (!row) return structuredClone(defaultNotificationPreferences);
  const quiet =
    row.quietStartMinute !== null && row.quietEndMinute !== null && row.quietTimeZone
      ? {
          from: minuteToClock(row.quietStartMinute),
          to: minuteToClock(row.quietEndMinute),
          timeZone: row.quietTimeZone,
        }
      : null;
  return {
    newDates: choice(row.newDatesInApp, row.newDatesEmail, row.newDatesPush),
    onSale: choice(row.onSaleInApp, row.onSaleEmail, row.onSalePush),
    tourChanges: choice(row.tourChangesInApp, row.tourChangesEmail, row.tourChangesPush),
    cancellations: choice(row.cancellationsInApp, row.cancellationsEmail, row.cancellationsPush),
    venueShows: choice(row.venueShowsInApp, row.venueShowsEmail, row.venueShowsPush),
    reminders: choice(row.remindersInApp, row.remindersEmail, row.remindersPush),
    tripShows: choice(row.tripShowsInApp, row.tripShowsEmail, row.tripShowsPush),
    quietHours: quiet,
  };
}

function quietWindowOf(preferences: NotificationPreferences): QuietWindow | null {
  const quiet = preferences.quietHours;
  if (!quiet) return null;
  return { startMinute: clockToMinute(quiet.from), endMinute: clockToMinute(quiet.to), timeZone: quiet.timeZone };
}

export async function getPreferences(database: Database, actor: Actor): Promise<NotificationPreferences> {
  const [row] = await selectPreferences(database.db, [actor.userId]);
  return fromRow(row);
}

/** What a client leaves out (a group or channel it does not know yet) stays as it was. */
export async function savePreferences(
  database: Database,
  actor: Actor,
  input: NotificationPreferencesInput,
): Promise<NotificationPreferences> {
  const current = await getPreferences(database, actor);
  const merged = (group: NotificationPreferenceGroup): ChannelChoice => {
    const given = input[group];
    return given ? { inApp: given.inApp, email: given.email, push: given.push ?? current[group].push } : current[group];
  };
  const preferences: NotificationPreferences = {
    newDates: merged('newDates'),
    onSale: merged('onSale'),
    tourChanges: merged('tourChanges'),
    cancellations: merged('cancellations'),
    venueShows: merged('venueShows'),
    reminders: merged('reminders'),
    tripShows: merged('tripShows'),
    quietHours: input.quietHours === undefined ? current.quietHours : input.quietHours,
  };
  const quiet = quietWindowOf(preferences);
  await upsertPreferences(database.db, {
    userId: actor.userId,
    newDatesInApp: preferences.newDates.inApp,
    newDatesEmail: preferences.newDates.email,
    newDatesPush: preferences.newDates.push,
    onSaleInApp: preferences.onSale.inApp,
    onSaleEmail: preferences.onSale.email,
    onSalePush: preferences.onSale.push,
    tourChangesInApp: preferences.tourChanges.inApp,
    tourChangesEmail: preferences.tourChanges.email,
    tourChangesPush: preferences.tourChanges.push,
    cancellationsInApp: preferences.cancellations.inApp,
    cancellationsEmail: preferences.cancellations.email,
    cancellationsPush: preferences.cancellations.push,
    venueShowsInApp: preferences.venueShows.inApp,
    venueShowsEmail: preferences.venueShows.email,
    venueShowsPush: preferences.venueShows.push,
    remindersInApp: preferences.reminders.inApp,
    remindersEmail: preferences.reminders.email,
    remindersPush: preferences.reminders.push,
    tripShowsInApp: preferences.tripShows.inApp,
    tripShowsEmail: preferences.tripShows.email,
    tripShowsPush: preferences.tripShows.push,
    quietStartMinute: quiet?.startMinute ?? null,
    quietEndMinute: quiet?.endMinute ?? null,
    quietTimeZone: quiet?.timeZone ?? null,
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
  /** The show it is about: a push opens it, and a fan gets one push per show per kind. */
  stopId?: string | null;
  /**
   * Whether it is worth a push at all, besides the fan's choice (new dates: only when one is near
   * one of the fan's places). Default true.
   */
  pushWorthy?: boolean;
  /**
   * One push per show per kind: '<kind>:<stop id>' unless given. A second moment about the same
   * show and kind worth its own push (the on-sale reminder after the on-sale notice) names its own.
   */
  pushKey?: string;
}

const INSERT_BATCH = 500;

/** The app path a notification opens: the show, else the artist's tour dates. */
export function linkOf(draft: Pick<NotificationDraft, 'stopId' | 'artistSlug'>): string | null {
  if (draft.stopId) return `/shows/${draft.stopId}`;
  if (draft.artistSlug) return `/artist/${draft.artistSlug}`;
  return null;
}

/**
 * Stores the drafts the users want, by their preferences: a kind off in every channel is dropped;
 * in-app ones are announced on the users' event streams in the same transaction. A push is owed
 * when the fan wants this kind pushed, has a device, and was not pushed about this show and kind
 * before; inside the fan's quiet hours it waits for their end (push_after). The push worker
 * (features/push) sends what is owed. Returns how many rows were added. Any job that notifies
 * (tour changes, show reminders, trip shows) delivers through here.
 */
export async function deliverNotifications(tx: Tx, drafts: NotificationDraft[], now = new Date()): Promise<number> {
  const userIds = [...new Set(drafts.map((draft) => draft.userId))];
  const preferences = new Map((await selectPreferences(tx, userIds)).map((row) => [row.userId, fromRow(row)]));
  const withDevices = await selectUsersWithDevices(tx, userIds);
  const pushKeys = drafts.flatMap((draft) => (draft.stopId ? [pushKeyOf(draft)!] : []));
  const pushedBefore = await selectTakenPushKeys(tx, userIds, pushKeys);
  const rows = drafts.flatMap((draft) => {
    const prefs = preferences.get(draft.userId) ?? defaultNotificationPreferences;
    const wanted = prefs[preferenceGroupOf(draft.kind)];
    const pushKey = pushKeyOf(draft);
    const takenKey = pushKey ? `${draft.userId}|${pushKey}` : null;
    const push =
      wanted.push &&
      draft.pushWorthy !== false &&
      withDevices.has(draft.userId) &&
      (takenKey === null || !pushedBefore.has(takenKey));
    if (takenKey && push) pushedBefore.add(takenKey);
    if (!wanted.inApp && !wanted.email && !push) return [];
    const { stopId: _stopId, pushWorthy: _pushWorthy, pushKey: _pushKey, ...stored } = draft;
    return [
      {
        ...stored,
        inApp: wanted.inApp,
        email: wanted.email,
        link: linkOf(draft),
        push,
        pushKey: push ? pushKey : null,
        pushAfter: push ? quietUntil(now, quietWindowOf(prefs)) : null,
      },
    ];
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

/** One push per show per kind: 'stop-moved:<stop id>'. Null for alerts not about one show. */
function pushKeyOf(draft: Pick<NotificationDraft, 'kind' | 'stopId' | 'pushKey'>): string | null {
  if (!draft.stopId) return null;
  return draft.pushKey ?? `${draft.kind}:${draft.stopId}`;
}
