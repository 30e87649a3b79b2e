import { and, asc, desc, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sessions, userEvents } from '#server/db/schema/index.ts';
import { type Executor, rowsOf } from '#server/db/sql.ts';
import type { UserEventMessage } from '#server/lib/event-bus.ts';
import type { UserEvent } from '#shared/notifications.ts';

/** The PostgreSQL channel every server process LISTENs on for users' events. */
export const USER_EVENTS_CHANNEL = 'tourguides_user_events';

export interface UserEventInput {
  userId: string;
  event: UserEvent;
}

/**
 * Stores users' events and announces them in one statement. Called inside the transaction that
 * creates what the event tells about, so the event exists exactly when that does: NOTIFY is
 * delivered on commit, and a rollback drops both. Listeners receive `{id, userId, type, payload}`.
 */
export async function appendUserEvents(executor: Executor, items: UserEventInput[]): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map(({ userId, event }) => ({ userId, type: event.type, payload: event }));
  await executor.execute(sql`
    with inserted as (
      insert into user_events (user_id, type, payload)
      select x."userId", x.type, x.payload
      from json_to_recordset(${JSON.stringify(rows)}::json) as x("userId" uuid, type text, payload jsonb)
      returning id, user_id, type, payload)
    select pg_notify(${USER_EVENTS_CHANNEL},
      json_build_object('id', id, 'userId', user_id, 'type', type, 'payload', payload)::text)
    from inserted`);
}

/** The channel public events (an artist image is ready) travel on between server processes. */
export const PUBLIC_EVENTS_CHANNEL = 'tourguides_public_events';

/** `{userId}` when sessions of that user ended: streams re-check their own session. */
export const SESSIONS_ENDED_CHANNEL = 'tourguides_sessions_ended';

/** Whether a stream's session still exists and has not expired. */
export async function isSessionOpen(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

function toMessage(row: { id: number; userId: string; payload: unknown }): UserEventMessage {
  return { id: Number(row.id), userId: row.userId, event: row.payload as UserEvent };
}

/** One user's events after `afterId`, oldest first: at most the newest `limit` of them. */
export async function selectUserEventsForReplay(
  db: Db,
  userId: string,
  afterId: number,
  limit: number,
): Promise<UserEventMessage[]> {
  const rows = await db
    .select({ id: userEvents.id, userId: userEvents.userId, payload: userEvents.payload })
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), gt(userEvents.id, afterId)))
    .orderBy(desc(userEvents.id))
    .limit(limit);
  return rows.reverse().map(toMessage);
}

/** Every user's events after `afterId`, oldest first, one page. */
export async function selectUserEventsAfter(db: Db, afterId: number, limit: number): Promise<UserEventMessage[]> {
  const rows = await db
    .select({ id: userEvents.id, userId: userEvents.userId, payload: userEvents.payload })
    .from(userEvents)
    .where(gt(userEvents.id, afterId))
    .orderBy(asc(userEvents.id))
    .limit(limit);
  return rows.map(toMessage);
}

export async function selectLatestUserEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(userEvents.id) }).from(userEvents);
  return Number(row?.id ?? 0);
}

/** Returns how many were deleted. */
export async function deleteUserEventsBefore(db: Db, cutoff: Date): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`
    with deleted as (delete from ${userEvents} where ${lt(userEvents.createdAt, cutoff)} returning 1)
    select count(*)::int as count from deleted`,
  );
  return row?.count ?? 0;
}
