import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '#server/db/sql.ts';
import type { AdminJobStatus, AdminJobView } from '#shared/admin-jobs.ts';

interface JobRow {
  id: string;
  kind: string;
  status: AdminJobStatus;
  label: string;
  total: number;
  done: number;
  input: unknown;
  report: unknown;
  error: string | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

export function toJobView<Report>(row: JobRow): AdminJobView<Report> {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    label: row.label,
    total: Number(row.total),
    done: Number(row.done),
    report: (row.report as Report | null) ?? null,
    error: row.error,
    createdAt: iso(row.created_at),
    finishedAt: row.finished_at ? iso(row.finished_at) : null,
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
  const [row] = await rowsOf<JobRow>(
    executor,
    sql`select * from admin_catalog_jobs where id = ${id} and kind = ${kind}`,
  );
  return row;
}

export function selectRecentAdminJobs(executor: Executor, kind: string, limit = 10): Promise<JobRow[]> {
  return rowsOf<JobRow>(
    executor,
    sql`select * from admin_catalog_jobs where kind = ${kind} order by created_at desc, id limit ${limit}`,
  );
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
