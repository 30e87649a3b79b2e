import { Activity, CheckCircle2, CircleAlert, RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { AdminPageHeader, fullDateTime, timeAgo } from '#client/components/admin/admin-page-header.tsx';
import { AuditLogPanel } from '#client/components/admin/audit-log-panel.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import {
  API_STATUS_REFRESH_MS,
  type FailedJob,
  type JobQueueStatus,
  type ProviderProbeResult,
  type ProviderStatus,
  type SourceConflict,
} from '#shared/api-status.ts';
import { sourceLabel } from '#shared/tour-sources.ts';
import { useApiStatus, useProbeProvider, useRetryJob } from '../api/api-status-api.ts';
import { SyncPlanSection } from './sync-plan-section.tsx';

const percent = (rate: number | null) =>
  rate === null ? '—' : `${(rate * 100).toFixed(rate === 1 || rate === 0 ? 0 : 1)}%`;
const ms = (value: number | null) =>
  value === null ? '—' : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value} ms`;

/** /admin/api-status: each provider's health from its call records, and the job queues; refreshes itself. */
export const ApiStatusPage = () => {
  useDocumentTitle(`API status · Admin | ${BRAND}`);
  const query = useApiStatus();
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6">
      <AdminPageHeader
        title="API status"
        intro="Calls to each provider over the last hour and day, their rate limits and quotas, today's tour-date sync plan, and the background jobs."
        aside={
          query.data ? (
            <p className="flex items-center gap-2 text-sm text-muted" aria-live="polite">
              <RefreshCw
                className={query.isFetching ? 'size-4 animate-spin motion-reduce:animate-none' : 'size-4'}
                aria-hidden="true"
              />
              Updated {new Date(query.data.generatedAt).toLocaleTimeString()} · refreshes every{' '}
              {API_STATUS_REFRESH_MS / 1000} s
            </p>
          ) : null
        }
      />
      {query.isPending ? (
        <Spinner label="Loading API status..." className="py-16" />
      ) : query.isError ? (
        <LoadError what="The API status" message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <>
          <section aria-labelledby="providers-heading" className="flex flex-col gap-3">
            <h2 id="providers-heading" className="font-display text-xl font-bold">
              Providers
            </h2>
            <ul className="grid gap-4 lg:grid-cols-2">
              {query.data.providers.map((provider) => (
                <ProviderCard key={provider.provider} provider={provider} />
              ))}
            </ul>
          </section>
          <SyncPlanSection plan={query.data.syncPlan} />
          <ConflictsSection conflicts={query.data.conflicts} />
          <JobsSection jobs={query.data.jobs} failedJobs={query.data.failedJobs} />
        </>
      )}
      <AuditLogPanel targetTypes={['provider', 'job']} emptyText="No provider check or job retry yet." />
    </section>
  );
};

const Stat = ({ label, value }: { label: string; value: string }) => (
  <div className="flex flex-col">
    <dt className="text-xs uppercase tracking-wider text-muted">{label}</dt>
    <dd className="font-semibold tabular-nums">{value}</dd>
  </div>
);

const ProviderCard = ({ provider }: { provider: ProviderStatus }) => {
  const probe = useProbeProvider();
  const [result, setResult] = useState<ProviderProbeResult | null>(null);
  const check = () =>
    probe.mutate(provider.provider, {
      onSuccess: setResult,
      onError: (error) =>
        showToast({ title: 'Could not check now', description: error.message, variant: 'destructive' }),
    });
  const headingId = `provider-${provider.provider}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5"
      data-testid={`provider-${provider.provider}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="font-display text-lg font-bold">
            {provider.label}
          </h3>
          {provider.tourDates ? (
            <p className="text-sm text-muted">
              Tour-date source ·{' '}
              <span className="font-semibold text-foreground">{provider.configured ? 'On' : 'Off'}</span>
            </p>
          ) : null}
          {!provider.configured ? (
            <p className="text-sm text-muted">Not configured on this server (no API key).</p>
          ) : null}
        </div>
        {provider.probe && provider.configured ? (
          <Button variant="outline" size="sm" onClick={check} disabled={probe.isPending}>
            <Activity aria-hidden="true" />
            {probe.isPending ? 'Checking...' : 'Check now'}
          </Button>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat label="Calls last hour" value={String(provider.callsLastHour)} />
        <Stat label="Calls last day" value={String(provider.callsLastDay)} />
        <Stat label="Success rate" value={percent(provider.successRate)} />
        <Stat label="p50 latency" value={ms(provider.p50LatencyMs)} />
        <Stat label="p95 latency" value={ms(provider.p95LatencyMs)} />
        <Stat
          label="Waiting for a slot"
          value={provider.rateLimit ? String(provider.rateLimit.waiting) : 'No limit kept'}
        />
        {provider.quota ? (
          <Stat
            label="Quota today (UTC)"
            value={`${provider.quota.usedToday.toLocaleString('en-US')} / ${provider.quota.limit.toLocaleString('en-US')}`}
          />
        ) : null}
      </dl>
      {provider.rateLimit ? (
        <p className="text-sm text-muted">
          {provider.rateLimit.description}{' '}
          {provider.rateLimit.nextSlotInMs > 0
            ? `Next free slot in ${ms(provider.rateLimit.nextSlotInMs)}.`
            : 'A request now would go at once.'}
        </p>
      ) : null}
      {provider.lastError ? (
        <p className="flex gap-2 text-sm">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>
            Last error{' '}
            <time dateTime={provider.lastError.at} title={fullDateTime.format(new Date(provider.lastError.at))}>
              {timeAgo(provider.lastError.at)}
            </time>
            : <span className="break-words text-muted">{provider.lastError.message}</span>
          </span>
        </p>
      ) : (
        <p className="text-sm text-muted">No error recorded.</p>
      )}
      <div aria-live="polite">
        {result ? (
          <p
            className={
              result.ok
                ? 'flex items-center gap-2 text-sm text-cyan'
                : 'flex items-center gap-2 text-sm text-destructive'
            }
          >
            {result.ok ? (
              <CheckCircle2 className="size-4" aria-hidden="true" />
            ) : (
              <CircleAlert className="size-4" aria-hidden="true" />
            )}
            {result.ok ? `Up: answered in ${ms(result.latencyMs)}.` : `Down: ${result.message}`}
          </p>
        ) : null}
      </div>
    </li>
  );
};

/** Stops whose sources disagree on the date: the mover's date was kept (ADR 0044). */
const ConflictsSection = ({ conflicts }: { conflicts: SourceConflict[] }) => (
  <section aria-labelledby="conflicts-heading" className="flex flex-col gap-3">
    <h2 id="conflicts-heading" className="font-display text-xl font-bold">
      Tour-date conflicts
    </h2>
    <p className="text-sm text-muted">
      A source still lists a show at another date. The date a source moved it to is kept; a source that says cancelled
      wins over one that still lists the show.
    </p>
    {conflicts.length === 0 ? (
      <p className="rounded-card border border-dashed border-border-strong px-4 py-6 text-center text-muted">
        No conflict between sources.
      </p>
    ) : (
      <ul className="flex flex-col divide-y divide-border/60 rounded-card border border-border bg-surface">
        {conflicts.map((conflict) => (
          <li key={`${conflict.stopId}-${conflict.provider}`} className="flex flex-wrap gap-x-3 px-4 py-3 text-sm">
            <span className="font-semibold">{conflict.artistName}</span>
            <span>
              {conflict.venue}, kept on <time dateTime={conflict.stopDate}>{conflict.stopDate}</time>
            </span>
            <span className="text-muted">
              {sourceLabel(conflict.provider)} says{' '}
              <time dateTime={conflict.reportedDate}>{conflict.reportedDate}</time>
            </span>
          </li>
        ))}
      </ul>
    )}
  </section>
);

const JobsSection = ({ jobs, failedJobs }: { jobs: JobQueueStatus[]; failedJobs: FailedJob[] }) => (
  <section aria-labelledby="jobs-heading" className="flex flex-col gap-3">
    <h2 id="jobs-heading" className="font-display text-xl font-bold">
      Background jobs
    </h2>
    {jobs.length === 0 ? (
      <p className="rounded-card border border-dashed border-border-strong px-4 py-6 text-center text-muted">
        No job queue yet: queues appear once the server has started its workers.
      </p>
    ) : (
      <div className="overflow-x-auto rounded-card border border-border bg-surface">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="border-b border-border text-xs uppercase tracking-wider text-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Queue
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Queued
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Active
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Failed (day)
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Oldest waiting
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.name} className="border-b border-border/60 last:border-0">
                <th scope="row" className="px-4 py-3 font-mono text-xs font-medium">
                  {job.name}
                </th>
                <td className="px-4 py-3 text-right tabular-nums">{job.queued}</td>
                <td className="px-4 py-3 text-right tabular-nums">{job.active}</td>
                <td
                  className={
                    job.failedLastDay > 0
                      ? 'px-4 py-3 text-right font-semibold text-destructive tabular-nums'
                      : 'px-4 py-3 text-right tabular-nums'
                  }
                >
                  {job.failedLastDay}
                </td>
                <td className="px-4 py-3 text-muted">{job.oldestWaitingAt ? timeAgo(job.oldestWaitingAt) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )}
    <h3 className="mt-2 font-semibold">Failed in the last day</h3>
    {failedJobs.length === 0 ? (
      <p className="text-sm text-muted">No job failed in the last day.</p>
    ) : (
      <ul className="flex flex-col divide-y divide-border/60 rounded-card border border-border bg-surface">
        {failedJobs.map((job) => (
          <FailedJobRow key={job.id} job={job} />
        ))}
      </ul>
    )}
  </section>
);

const FailedJobRow = ({ job }: { job: FailedJob }) => {
  const retry = useRetryJob();
  const onRetry = () =>
    retry.mutate(job.id, {
      onSuccess: () => showToast({ title: 'Job queued again', description: job.name }),
      onError: (error) => showToast({ title: 'Could not retry', description: error.message, variant: 'destructive' }),
    });
  return (
    <li className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-mono text-xs font-medium">{job.name}</p>
        <p className="break-words text-muted">{job.error ?? 'No error message stored.'}</p>
        <p className="text-xs text-muted">
          Failed {timeAgo(job.failedAt)} after {job.attempts === 1 ? '1 attempt' : `${job.attempts} attempts`}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onRetry}
        disabled={retry.isPending}
        aria-label={`Retry ${job.name} job`}
      >
        <RotateCcw aria-hidden="true" />
        {retry.isPending ? 'Retrying...' : 'Retry'}
      </Button>
    </li>
  );
};
