import { Check, CheckCheck, Pencil, Search, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminPageHeader, timeAgo } from '#client/components/admin/admin-page-header.tsx';
import { AuditLogPanel } from '#client/components/admin/audit-log-panel.tsx';
import { ArtistPagination } from '#client/components/artist-pagination.tsx';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { checkForm, validateForm } from '#client/components/forms/validate-form.ts';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field, TextInput } from '#client/components/ui/form-field.tsx';
import { ModalDialog, ModalDialogContent } from '#client/components/ui/modal-dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import type { CatalogRequestView } from '#shared/catalog-requests.ts';
import { approveEditSchema, rejectRequestBodySchema } from '#shared/catalog-requests-api.ts';
import { formatLocalTime, formatLongDate } from '#shared/dates.ts';
import {
  type ApproveEdit,
  useApproveRequest,
  useBulkApprove,
  useCatalogRequests,
  useRejectRequest,
} from '../api/catalog-requests-api.ts';
import { ChangeRequests } from './change-requests.tsx';

const notApproved = (message: string) =>
  showToast({ title: 'Not approved', description: message, variant: 'destructive' });

const REASON_LABELS: Record<CatalogRequestView['matches'][number]['reason'], string> = {
  'same-show': 'Same show',
  'same-artist-near-date': 'Same artist, near date',
  'same-venue-date': 'Same venue, same day',
};

/** /admin/catalog-requests: fans' submitted shows, oldest first; approve, edit then approve, or reject. */
export const CatalogRequestsPage = () => {
  useDocumentTitle(`Catalog requests · Admin | ${BRAND}`);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const query = useCatalogRequests({ q, page });
  const bulk = useBulkApprove();
  const [confirmBulk, setConfirmBulk] = useState(false);

  const search = (event: React.FormEvent) => {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  };
  const runBulk = () => {
    if (!query.data) return;
    bulk.mutate(
      { q, expected: query.data.total },
      {
        onSuccess: (outcome) => showToast({ title: outcome.message }),
        onError: (error) =>
          showToast({ title: 'Nothing was approved', description: error.message, variant: 'destructive' }),
        onSettled: () => setConfirmBulk(false),
      },
    );
  };

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <AdminPageHeader
        title="Catalog requests"
        intro="Shows fans added that the catalog lacked, and changes fans’ imported pages claim for public shows. Approve to make a show public; a duplicate merges into the existing stop."
      />
      <form onSubmit={search} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="relative flex-1 sm:max-w-md">
          <label htmlFor="request-search" className="sr-only">
            Filter requests
          </label>
          <Search className="pointer-events-none absolute top-3.5 left-3.5 size-4 text-muted" aria-hidden="true" />
          <TextInput
            id="request-search"
            type="search"
            placeholder="Artist, venue, city or submitter email"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="pl-10"
          />
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
        {query.data && query.data.total > 0 ? (
          <Button type="button" onClick={() => setConfirmBulk(true)} className="sm:ml-auto">
            <CheckCheck aria-hidden="true" />
            Approve all {query.data.total}
          </Button>
        ) : null}
      </form>
      {query.isPending ? (
        <Spinner label="Loading requests..." className="py-16" />
      ) : query.isError ? (
        <LoadError what="The requests" message={query.error.message} onRetry={() => query.refetch()} />
      ) : query.data.total === 0 ? (
        <p className="rounded-card border border-dashed border-border-strong px-6 py-12 text-center text-muted">
          {q ? `No waiting request matches “${q}”.` : 'No request is waiting. Fans’ new shows appear here.'}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {query.data.total === 1 ? '1 request waiting' : `${query.data.total} requests waiting`}
            {q ? ` matching “${q}”` : ''}
          </p>
          <ol className="flex flex-col gap-4" aria-busy={query.isFetching}>
            {query.data.requests.map((request) => (
              <RequestCard key={request.stopId} request={request} />
            ))}
          </ol>
          {query.data.totalPages > 1 ? (
            <ArtistPagination
              page={query.data.page}
              totalPages={query.data.totalPages}
              onPageChange={(next) => setParams(q ? { q, page: String(next) } : { page: String(next) })}
            />
          ) : null}
        </>
      )}
      <ModalDialog open={confirmBulk} onOpenChange={setConfirmBulk}>
        <ModalDialogContent
          title={`Approve ${query.data?.total ?? 0} requests?`}
          description={
            q
              ? `Every waiting request matching “${q}” becomes public; duplicates merge into existing stops. Each submitter is told.`
              : 'Every waiting request becomes public; duplicates merge into existing stops. Each submitter is told.'
          }
        >
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirmBulk(false)}>
              Cancel
            </Button>
            <Button onClick={runBulk} disabled={bulk.isPending}>
              {bulk.isPending ? 'Approving…' : `Approve ${query.data?.total ?? 0}`}
            </Button>
          </div>
        </ModalDialogContent>
      </ModalDialog>
      <ChangeRequests />
      <AuditLogPanel
        targetTypes={['catalog-request', 'catalog-change-request']}
        emptyText="No request has been reviewed yet."
      />
    </section>
  );
};

const RequestCard = ({ request }: { request: CatalogRequestView }) => {
  const approve = useApproveRequest();
  const reject = useRejectRequest();
  const [mode, setMode] = useState<'idle' | 'edit' | 'reject'>('idle');
  const twin = request.matches.find((match) => match.reason === 'same-show');
  const headingId = `request-${request.stopId}`;

  const doApprove = (edit?: ApproveEdit) =>
    approve.mutate(
      { id: request.stopId, edit },
      {
        onSuccess: (outcome) => showToast({ title: `${request.artistName}: ${outcome.message}` }),
        onError: (error) => notApproved(error.message),
      },
    );

  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="font-display text-lg font-bold">
            {request.artistName}
            {request.newArtist ? (
              <span className="ml-2 rounded-full bg-accent/15 px-2 py-0.5 align-middle text-xs font-semibold text-accent">
                New artist
              </span>
            ) : null}
          </h2>
          <p className="text-sm">
            {formatLongDate(request.date)}
            {request.time ? ` · ${formatLocalTime(request.time)}` : ''} · {request.venueName} · {placeLabel(request)}
          </p>
          <p className="text-sm text-muted">Tour: {request.tourName}</p>
        </div>
        <p className="text-sm text-muted sm:text-right">
          {request.submitter ? (
            <>
              {request.submitter.name || 'A fan'} · <span className="break-all">{request.submitter.email}</span>
            </>
          ) : (
            'Submitter’s account deleted'
          )}
          {request.submittedAt ? <span className="block">{timeAgo(request.submittedAt)}</span> : null}
        </p>
      </div>
      <div className="text-sm">
        <p className="font-semibold">Closest catalog matches</p>
        {request.matches.length === 0 ? (
          <p className="text-muted">None: nothing by this artist that week, nobody at this venue that day.</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1">
            {request.matches.map((match) => (
              <li key={match.stopId} className="flex flex-wrap gap-x-2">
                <span className="rounded-full bg-white/8 px-2 text-xs leading-5">{REASON_LABELS[match.reason]}</span>
                <Link to={paths.tour(match.artistSlug)} className="hover:text-accent hover:underline">
                  {match.artistName}
                </Link>
                <span className="text-muted">
                  {formatLongDate(match.date)} · {match.venueName} · {placeLabel(match)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {mode === 'edit' ? (
        <EditForm request={request} busy={approve.isPending} onCancel={() => setMode('idle')} onSubmit={doApprove} />
      ) : mode === 'reject' ? (
        <RejectForm
          busy={reject.isPending}
          onCancel={() => setMode('idle')}
          onSubmit={(reason) =>
            reject.mutate(
              { id: request.stopId, reason },
              {
                onSuccess: () => showToast({ title: `${request.artistName}: rejected; the submitter is told why.` }),
                onError: (error) =>
                  showToast({ title: 'Not rejected', description: error.message, variant: 'destructive' }),
              },
            )
          }
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => doApprove()} disabled={approve.isPending}>
            <Check aria-hidden="true" />
            {twin ? 'Approve (merge into existing)' : 'Approve'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setMode('edit')}>
            <Pencil aria-hidden="true" />
            Edit, then approve
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setMode('reject')}>
            <X aria-hidden="true" />
            Reject
          </Button>
        </div>
      )}
    </li>
  );
};

/**
 * Edit, then approve: on react-hook-form through useValidatedForm, checked with the server's
 * schema; a refused edit gets the toast a refused approval gets. The browser's own checks
 * (required fields) still run first.
 */
const EditForm = ({
  request,
  busy,
  onCancel,
  onSubmit,
}: {
  request: CatalogRequestView;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (edit: ApproveEdit) => void;
}) => {
  const form = useValidatedForm({
    initial: {
      date: request.date,
      time: request.time ?? '',
      tourName: request.tourName,
      venueSlug: request.venueSlug,
    },
    check: ({ date, time, tourName, venueSlug }) => {
      const checked = checkForm(approveEditSchema, {
        date,
        time: time || null,
        tourName: tourName.trim() || undefined,
        venueSlug: venueSlug !== request.venueSlug ? venueSlug : undefined,
      });
      if (checked.ok) return checked;
      notApproved(checked.message);
      return { ok: false, field: undefined };
    },
    send: async (edit) => onSubmit(edit),
  });
  return (
    <form
      ref={form.formRef}
      className="grid gap-3 rounded-card border border-border-strong p-3 sm:grid-cols-2"
      onSubmit={form.submit}
    >
      <Field label="Date" type="date" {...form.field('date')} required />
      <Field label="Time" type="time" {...form.field('time')} />
      <Field label="Tour" {...form.field('tourName')} required />
      <Field
        label="Venue (catalog slug)"
        hint="Another catalog venue's slug, when the fan picked the wrong one."
        {...form.field('venueSlug')}
        required
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Approving…' : 'Save and approve'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
};

/** Reject with a reason: on useValidatedForm with the server's schema; the button waits for three characters. */
const RejectForm = ({
  busy,
  onCancel,
  onSubmit,
}: {
  busy: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) => {
  const form = useValidatedForm({
    initial: { reason: '' },
    check: (values) => validateForm(rejectRequestBodySchema, values),
    send: async ({ reason }) => onSubmit(reason),
  });
  return (
    <form
      ref={form.formRef}
      className="flex flex-col gap-2 rounded-card border border-border-strong p-3"
      onSubmit={form.submit}
    >
      <Field label="Reason (the submitter reads it)" {...form.field('reason')} minLength={3} maxLength={500} required />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy || form.values.reason.trim().length < 3}>
          {busy ? 'Rejecting…' : 'Reject and tell them'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
};
