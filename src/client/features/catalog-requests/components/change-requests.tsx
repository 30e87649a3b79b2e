import { ArrowRight, Check, ExternalLink, X } from 'lucide-react';
import { Link } from 'react-router';
import { timeAgo } from '#client/components/admin/admin-page-header.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { paths } from '#client/lib/paths.ts';
import type { ChangeRequestView, StopClaim } from '#shared/catalog-requests.ts';
import { formatLocalTime, formatLongDate } from '#shared/dates.ts';
import { useChangeRequests, useReviewChange } from '../api/change-requests-api.ts';

/** Dates and times read as everywhere else in the app ('Sat, Oct 3, 2026', '7:30 PM'), never ISO or 24 h. */
const FIELDS: { key: keyof StopClaim; label: string; format?: (value: string) => string }[] = [
  { key: 'date', label: 'Date', format: formatLongDate },
  { key: 'time', label: 'Time', format: formatLocalTime },
  { key: 'venue', label: 'Venue' },
  { key: 'city', label: 'City' },
  { key: 'status', label: 'Status' },
];

const shown = (value: string | null | undefined, format?: (value: string) => string) =>
  value ? (format ? format(value) : value) : '—';

/**
 * Fans' tour-page imports that disagree with a public stop (ADR 0037): nothing changed until an
 * admin applies one. Each shows what the catalog says, what the fan's page says, and that page.
 */
export const ChangeRequests = () => {
  const query = useChangeRequests();
  if (query.isPending) return <Spinner label="Loading change requests..." className="py-8" />;
  if (query.isError)
    return <LoadError what="The change requests" message={query.error.message} onRetry={() => query.refetch()} />;
  if (query.data.total === 0) return null;
  return (
    <section aria-labelledby="change-requests-heading" className="flex flex-col gap-3">
      <h2 id="change-requests-heading" className="font-display text-xl font-bold">
        Changes to public shows
        <span className="ml-2 text-sm font-normal text-muted">{query.data.total} waiting</span>
      </h2>
      <p className="text-sm text-muted">
        A fan’s imported page says something else about a show already in the catalog. The show stays as it is unless
        you apply the change.
      </p>
      <ol className="flex flex-col gap-4">
        {query.data.changes.map((change) => (
          <ChangeCard key={change.id} change={change} />
        ))}
      </ol>
    </section>
  );
};

const ChangeCard = ({ change }: { change: ChangeRequestView }) => {
  const review = useReviewChange();
  const headingId = `change-${change.id}`;
  const changed = FIELDS.filter(({ key }) => (change.before[key] ?? '') !== (change.after[key] ?? ''));
  const act = (action: 'apply' | 'dismiss') =>
    review.mutate(
      { id: change.id, action },
      {
        onSuccess: (outcome) => showToast({ title: `${change.artistName}: ${outcome.message}` }),
        onError: (error) => showToast({ title: 'Nothing changed', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
        <h3 id={headingId} className="font-display text-lg font-bold">
          <Link to={paths.tour(change.artistSlug)} className="hover:text-accent hover:underline">
            {change.artistName}
          </Link>
          <span className="ml-2 text-sm font-normal text-muted">
            {formatLongDate(change.before.date)} · {change.before.venue} · {change.before.city}
          </span>
        </h3>
        <p className="text-sm text-muted sm:text-right">
          {change.submitter ? (
            <>
              {change.submitter.name || 'A fan'} · <span className="break-all">{change.submitter.email}</span>
            </>
          ) : (
            'Submitter’s account deleted'
          )}
          <span className="block">{timeAgo(change.createdAt)}</span>
        </p>
      </div>
      <table className="w-full max-w-2xl table-fixed text-sm">
        <caption className="sr-only">What changes: the catalog now, and what the fan’s page says</caption>
        <thead>
          <tr className="text-left text-muted">
            <th scope="col" className="w-24 py-1 pr-3 font-semibold">
              Field
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Catalog now
            </th>
            <th scope="col" className="w-10">
              <span className="sr-only">becomes</span>
            </th>
            <th scope="col" className="py-1 font-semibold">
              Fan’s page
            </th>
          </tr>
        </thead>
        <tbody>
          {changed.map(({ key, label, format }) => (
            <tr key={key} className="border-t border-border">
              <th scope="row" className="py-1.5 pr-3 text-left font-normal text-muted">
                {label}
              </th>
              <td className="py-1.5 pr-3">
                <del className="text-destructive decoration-1">{shown(change.before[key], format)}</del>
              </td>
              <td className="py-1.5 pr-3 text-muted">
                <ArrowRight className="size-4" aria-label="becomes" />
              </td>
              <td className="py-1.5">
                <ins className="font-semibold text-cyan no-underline">{shown(change.after[key], format)}</ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm">
        Source page:{' '}
        <a
          href={change.sourceUrl}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="break-all text-accent hover:underline"
        >
          {change.sourceUrl}
          <ExternalLink className="ml-1 inline size-3.5 align-baseline" aria-hidden="true" />
        </a>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => act('apply')} disabled={review.isPending}>
          <Check aria-hidden="true" />
          Apply change
        </Button>
        <Button size="sm" variant="ghost" onClick={() => act('dismiss')} disabled={review.isPending}>
          <X aria-hidden="true" />
          Dismiss
        </Button>
      </div>
    </li>
  );
};
