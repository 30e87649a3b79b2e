/** Admin catalog jobs (historical import, genre backfill): progress and the kept report. */
export type AdminJobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface AdminJobView<Report = unknown> {
  id: string;
  kind: string;
  status: AdminJobStatus;
  label: string;
  total: number;
  done: number;
  report: Report | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** The client polls a running job this often (ms). */
export const ADMIN_JOB_POLL_MS = 1000;
