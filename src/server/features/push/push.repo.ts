import { and, asc, count, eq, sql } from 'drizzle-orm';
import { pushSubscriptions } from '#server/db/schema/index.ts';
import { type Executor, rowsOf } from '#server/db/sql.ts';

/** Queries of a fan's push devices: each is scoped by the user id it is given (the actor's own). */

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

const deviceColumns = {
  id: pushSubscriptions.id,
  label: pushSubscriptions.label,
  createdAt: pushSubscriptions.createdAt,
  lastPushedAt: pushSubscriptions.lastPushedAt,
};
export type DeviceRow = Pick<PushSubscriptionRow, keyof typeof deviceColumns>;

export function selectDevices(executor: Executor, userId: string): Promise<DeviceRow[]> {
  return executor
    .select(deviceColumns)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

export async function countDevices(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.value ?? 0;
}

/**
 * One row per endpoint: the same browser subscribing again refreshes its keys, and a browser that
 * changes hands (another fan signs in on it) moves to that fan — the device alerts whoever holds it.
 */
export async function upsertDevice(
  executor: Executor,
  row: { userId: string; endpoint: string; p256dh: string; auth: string; label: string },
): Promise<DeviceRow> {
  const [saved] = await executor
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, label: row.label },
    })
    .returning(deviceColumns);
  return saved!;
}

export async function findDeviceByEndpoint(
  executor: Executor,
  endpoint: string,
): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await executor
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

/** Only the owner's row: another fan's id removes nothing. */
export async function deleteDevice(executor: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await executor
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

// --- the push worker ----------------------------------------------------------------------------

export interface ClaimedPush {
  notificationId: string;
  userId: string;
  kind: string;
  title: string;
  message: string;
  link: string | null;
  artistSlug: string | null;
  pushKey: string | null;
}

/**
 * Takes up to `limit` pushes that are due (quiet hours over), marking them taken in the same
 * statement: two workers (processes) never take the same one (skip locked). It is taken once: a
 * device whose push service was busy or failing (429, 5xx) is tried again by a retry-push job.
 */
export function claimDuePushes(executor: Executor, limit: number): Promise<ClaimedPush[]> {
  return rowsOf<ClaimedPush>(
    executor,
    sql`update user_notifications n set pushed_at = now()
        where n.id in (
          select id from user_notifications
          where push and pushed_at is null and (push_after is null or push_after <= now())
          order by push_after nulls first, created_at
          limit ${limit}
          for update skip locked)
        returning n.id as "notificationId", n.user_id as "userId", n.kind, n.title, n.message, n.link,
                  n.artist_slug as "artistSlug", n.push_key as "pushKey"`,
  );
}

export type PushTargetRow = Pick<PushSubscriptionRow, 'id' | 'userId' | 'endpoint' | 'p256dh' | 'auth'>;

export function selectTargets(executor: Executor, userIds: string[]): Promise<PushTargetRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return rowsOf<PushTargetRow>(
    executor,
    sql`select id, user_id as "userId", endpoint, p256dh, auth from push_subscriptions
        where user_id in (select json_array_elements_text(${JSON.stringify(userIds)}::json)::uuid)`,
  );
}

export async function deleteDevicesById(executor: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await executor.execute(
    sql`delete from push_subscriptions where id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`,
  );
}

export async function markDevicesPushed(executor: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await executor.execute(
    sql`update push_subscriptions set last_pushed_at = now()
        where id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`,
  );
}

/**
 * A push to try again on one device: the notification and the device, only while the device still
 * belongs to the notification's fan (a browser that changed hands since gets no one else's alert).
 */
export async function selectRetry(
  executor: Executor,
  notificationId: string,
  deviceId: string,
): Promise<{ push: ClaimedPush; target: PushTargetRow } | undefined> {
  const [row] = await rowsOf<ClaimedPush & { deviceId: string; endpoint: string; p256dh: string; auth: string }>(
    executor,
    sql`select n.id as "notificationId", n.user_id as "userId", n.kind, n.title, n.message, n.link,
               n.artist_slug as "artistSlug", n.push_key as "pushKey",
               d.id as "deviceId", d.endpoint, d.p256dh, d.auth
        from user_notifications n join push_subscriptions d on d.user_id = n.user_id
        where n.id = ${notificationId} and d.id = ${deviceId}`,
  );
  if (!row) return undefined;
  const { deviceId: id, endpoint, p256dh, auth, ...push } = row;
  return { push, target: { id, userId: push.userId, endpoint, p256dh, auth } };
}
