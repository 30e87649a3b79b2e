import { ChevronDown, History } from 'lucide-react';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { AdminAuditEntry } from '#shared/admin-audit.ts';
import { type AdminAuditFilter, useAdminAudit } from './admin-audit.ts';

interface AuditLogPanelProps extends AdminAuditFilter {
  /** Heading text; the default is 'Audit log'. */
  title?: string;
  /** Shown when nothing was recorded yet, e.g. 'No backup has been created or restored yet.' */
  emptyText?: string;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * The admin actions on this page's targets (who, when, what, before/after), newest first. Put it
 * on every admin page and invalidate `adminAuditKey` after an action so the new entry appears.
 */
export const AuditLogPanel = ({ title = 'Audit log', emptyText, ...filter }: AuditLogPanelProps) => {
  const query = useAdminAudit(filter);
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby="audit-log-heading" className="flex flex-col gap-3">
      <h2 id="audit-log-heading" className="flex items-center gap-2 font-display text-xl font-bold">
        <History className="size-5 text-accent" aria-hidden="true" />
        {title}
      </h2>
      {query.isPending ? (
        <Spinner label="Loading the audit log..." className="py-6" />
      ) : query.isError ? (
        <LoadError what="The audit log" message={query.error.message} onRetry={() => query.refetch()} />
      ) : entries.length === 0 ? (
        <p className="rounded-card border border-dashed border-border-strong px-4 py-6 text-center text-sm text-muted">
          {emptyText ?? 'No admin action recorded here yet.'}
        </p>
      ) : (
        <ol className="flex flex-col divide-y divide-border/60 rounded-card border border-border bg-surface">
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Show older entries'}
        </Button>
      ) : null}
    </section>
  );
};

const AuditRow = ({ entry }: { entry: AdminAuditEntry }) => {
  const hasChange = entry.before !== null || entry.after !== null;
  return (
    <li className="flex flex-col gap-1 px-4 py-3 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{entry.action}</span>
        {entry.targetLabel ? <span className="text-foreground">{entry.targetLabel}</span> : null}
        <span className="text-muted">
          by {entry.actorEmail} · <time dateTime={entry.createdAt}>{dateTime.format(new Date(entry.createdAt))}</time>
        </span>
      </p>
      {hasChange ? (
        <details className="group">
          <summary className="inline-flex cursor-pointer items-center gap-1 rounded-sm text-xs text-muted hover:text-foreground">
            <ChevronDown className="size-3.5 transition-transform group-open:rotate-180" aria-hidden="true" />
            Before and after
          </summary>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            <JsonBlock label="Before" value={entry.before} />
            <JsonBlock label="After" value={entry.after} />
          </div>
        </details>
      ) : null}
    </li>
  );
};

const JsonBlock = ({ label, value }: { label: string; value: unknown }) => (
  <div className="min-w-0">
    <p className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</p>
    <pre className="mt-1 max-h-48 overflow-auto rounded-md bg-background/60 p-2 text-xs">
      {value === null ? '—' : JSON.stringify(value, null, 2)}
    </pre>
  </div>
);
