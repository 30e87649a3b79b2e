import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { adminAuditLog } from '#server/db/schema/admin-audit.ts';
import { type Executor, rowsOf } from '#server/db/sql.ts';

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type NewAuditRow = typeof adminAuditLog.$inferInsert;

export async function insertAuditRow(executor: Executor, row: NewAuditRow): Promise<AuditRow> {
  const [inserted] = await executor.insert(adminAuditLog).values(row).returning();
  return inserted!;
}

export interface AuditFilter {
  targetTypes: string[];
  targetId?: string;
  /** Entries strictly older than this (created_at, id) pair. */
  before?: { createdAt: Date; id: string };
  limit: number;
}

/** Newest first; ties on created_at (one transaction's entries) ordered by id so paging is stable. */
export async function selectAuditRows(executor: Executor, filter: AuditFilter): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.targetTypes.length > 0) conditions.push(inArray(adminAuditLog.targetType, filter.targetTypes));
  if (filter.targetId) conditions.push(eq(adminAuditLog.targetId, filter.targetId));
  if (filter.before) {
    const { createdAt, id } = filter.before;
    conditions.push(
      or(
        sql`${adminAuditLog.createdAt} < ${createdAt.toISOString()}`,
        and(sql`${adminAuditLog.createdAt} = ${createdAt.toISOString()}`, sql`${adminAuditLog.id} < ${id}`),
      )!,
    );
  }
  return executor
    .select()
    .from(adminAuditLog)
    .where(and(...conditions))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(filter.limit);
}

/** The whole log as JSON text, taken before a restore replaces every table. */
export async function snapshotAuditLog(executor: Executor): Promise<string> {
  const [row] = await rowsOf<{ log: string }>(
    executor,
    sql`select coalesce(json_agg(a), '[]')::text as log from admin_audit_log a`,
  );
  return row?.log ?? '[]';
}

/**
 * Puts back entries a restore removed (those written after the backup was taken), so the log keeps
 * the whole history; an actor whose account is not in the restored data keeps their email only.
 */
export async function mergeAuditLog(executor: Executor, snapshot: string): Promise<void> {
  await executor.execute(sql`
    insert into admin_audit_log (id, actor_id, actor_email, action, target_type, target_id, target_label, before, after, created_at)
    select x.id, (select u.id from users u where u.id = x.actor_id), x.actor_email, x.action, x.target_type,
           x.target_id, x.target_label, x.before, x.after, x.created_at
      from json_populate_recordset(null::admin_audit_log, ${snapshot}::json) x
    on conflict (id) do nothing`);
}
