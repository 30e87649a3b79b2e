import type { AdminJobView } from '#shared/admin-jobs.ts';

const STATUS_TEXT: Record<AdminJobView['status'], string> = {
  queued: 'Waiting to start',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

/** A job's progress bar with its label and state, announced politely as it moves. */
export const JobProgress = ({ job }: { job: AdminJobView }) => {
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : job.status === 'done' ? 100 : 0;
  return (
    <div className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p className="font-semibold">{job.label}</p>
        <p className="text-muted" aria-live="polite">
          {STATUS_TEXT[job.status]} · {job.done} of {job.total}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={job.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-white/10"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-500 ${job.status === 'failed' ? 'bg-destructive' : 'bg-accent'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      {job.error ? (
        <p role="alert" className="text-sm text-destructive-foreground">
          {job.error}
        </p>
      ) : null}
    </div>
  );
};
