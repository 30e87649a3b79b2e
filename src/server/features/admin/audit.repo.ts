import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { adminAuditLog } from '#server/db/schema/admin-audit.ts';
import type { Executor } from '#server/db/sql.ts';

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
