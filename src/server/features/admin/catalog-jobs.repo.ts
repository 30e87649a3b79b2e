import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { adminCatalogJobs } from '#server/db/schema/index.ts';
import { type Executor, rowsOf } from '#server/db/sql.ts';
import type { AdminJobStatus, AdminJobView } from '#shared/admin-jobs.ts';

type JobRow = typeof adminCatalogJobs.$inferSelect;

export function toJobView<Report>(row: JobRow): AdminJobView<Report> {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as AdminJobStatus,
    label: row.label,
    total: Number(row.total),
    done: Number(row.done),
    report: (row.report as Report | null) ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/** A job row for the admin's page (the pg-boss job carries only its id). */
export async function insertAdminJob(
  executor: Executor,
  job: { kind: string; label: string; total: number; input: unknown; createdBy: string | null },
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    executor,
    sql`insert into admin_catalog_jobs (kind, label, total, input, created_by)
        values (${job.kind}, ${job.label}, ${job.total}, ${JSON.stringify(job.input)}::jsonb, ${job.createdBy})
        returning id`,
  );
  return row!.id;
}

export async function selectAdminJob(executor: Executor, id: string, kind: string): Promise<JobRow | undefined> {
  const [row] = await executor
    .select()
    .from(adminCatalogJobs)
    .where(and(eq(adminCatalogJobs.id, id), eq(adminCatalogJobs.kind, kind)));
  return row;
}

export function selectRecentAdminJobs(executor: Executor, kind: string, limit = 10): Promise<JobRow[]> {
  return executor
    .select()
    .from(adminCatalogJobs)
    .where(eq(adminCatalogJobs.kind, kind))
    .orderBy(desc(adminCatalogJobs.createdAt), asc(adminCatalogJobs.id))
    .limit(limit);
}

export async function updateAdminJob(
  executor: Executor,
  id: string,
  change: { status?: AdminJobStatus; done?: number; total?: number; report?: unknown; error?: string | null },
): Promise<void> {
  const finished = change.status === 'done' || change.status === 'failed';
  await executor.execute(sql`
    update admin_catalog_jobs set
      status = coalesce(${change.status ?? null}, status),
      done = coalesce(${change.done ?? null}::int, done),
      total = coalesce(${change.total ?? null}::int, total),
      report = case when ${change.report === undefined} then report else ${JSON.stringify(change.report ?? null)}::jsonb end,
      error = case when ${change.error === undefined} then error else ${change.error ?? null} end,
      finished_at = case when ${finished} then now() else finished_at end
    where id = ${id}`);
}
