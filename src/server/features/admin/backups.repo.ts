import { and, asc, desc, eq } from 'drizzle-orm';
import { users } from '#server/db/schema/auth.ts';
import { backups } from '#server/db/schema/backups.ts';
import type { Executor } from '#server/db/sql.ts';

export type BackupRow = typeof backups.$inferSelect;

export async function insertBackup(executor: Executor, row: typeof backups.$inferInsert): Promise<BackupRow> {
  const [inserted] = await executor.insert(backups).values(row).returning();
  return inserted!;
}

export async function selectBackups(executor: Executor): Promise<BackupRow[]> {
  return executor.select().from(backups).orderBy(desc(backups.createdAt));
}

export async function selectBackup(executor: Executor, id: string): Promise<BackupRow | undefined> {
  const [row] = await executor.select().from(backups).where(eq(backups.id, id));
  return row;
}

export async function deleteBackupRow(executor: Executor, id: string): Promise<void> {
  await executor.delete(backups).where(eq(backups.id, id));
}

/** Scheduled backups, oldest first (the retention count removes from the front). */
export async function selectScheduledBackups(executor: Executor): Promise<BackupRow[]> {
  return executor
    .select()
    .from(backups)
    .where(and(eq(backups.trigger, 'scheduled')))
    .orderBy(asc(backups.createdAt));
}

export async function selectUserExists(executor: Executor, id: string): Promise<boolean> {
  const rows = await executor.select({ id: users.id }).from(users).where(eq(users.id, id));
  return rows.length > 0;
}
