import { useState } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '#client/components/admin/admin-page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { type AdminTipView, TIP_CATEGORY_LABELS, type TipState } from '#shared/guides.ts';
import { useAdminTips, useModerateTip } from '../api/admin.ts';

const TABS: { state: TipState; label: string }[] = [
  { state: 'pending', label: 'New accounts' },
  { state: 'reported', label: 'Reported' },
  { state: 'hidden', label: 'Hidden' },
  { state: 'deleted', label: 'Deleted' },
];

function TipCard({ tip }: { tip: AdminTipView }) {
  const moderate = useModerateTip();
  const [reason, setReason] = useState('');
  const act = (action: 'approve' | 'hide' | 'delete') => {
    if (action !== 'approve' && !reason.trim()) {
      showToast({ title: 'Give a reason first', variant: 'destructive' });
      return;
    }
    if (action === 'delete' && !window.confirm('Delete this tip? The reason is kept.')) return;
    moderate.mutate(
      { id: tip.id, action, reason: reason.trim() },
      {
        onSuccess: () =>
          showToast({
            title: action === 'approve' ? 'Tip approved' : action === 'hide' ? 'Tip hidden' : 'Tip deleted',
          }),
        onError: (error) =>
          showToast({ title: error instanceof ApiError ? error.message : 'Could not save', variant: 'destructive' }),
      },
    );
  };
  return (
    <li className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4" data-testid="admin-tip">
      <div className="flex flex-wrap gap-x-3 text-xs text-muted">
        <span className="font-semibold text-accent">{TIP_CATEGORY_LABELS[tip.category]}</span>
        <Link to={paths.venue(tip.venueSlug)} className="underline">
          {tip.venueName}
        </Link>
        <span>
          {tip.authorName}
          {tip.authorEmail ? ` (${tip.authorEmail})` : ''}
        </span>
        {tip.reportCount > 0 ? <span>{tip.reportCount} reports</span> : null}
      </div>
      <p className="whitespace-pre-line break-words">{tip.text}</p>
      {tip.moderationReason ? <p className="text-sm text-muted">Reason: {tip.moderationReason}</p> : null}
      {tip.state !== 'deleted' ? (
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={`reason-${tip.id}`}>
            Reason
          </label>
          <input
            id={`reason-${tip.id}`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            placeholder="Reason (to hide or delete)"
            maxLength={300}
            className="h-9 min-w-0 flex-1 rounded-xl border border-border-strong bg-background/60 px-3 text-sm"
          />
          <Button size="sm" onClick={() => act('approve')} disabled={moderate.isPending}>
            Approve
          </Button>
          {tip.state !== 'hidden' ? (
            <Button size="sm" variant="outline" onClick={() => act('hide')} disabled={moderate.isPending}>
              Hide
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" onClick={() => act('delete')} disabled={moderate.isPending}>
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** /admin/tips: fans' tips waiting for a moderator (new accounts, 3 reports), and those hidden or deleted. */
export const AdminTipsPage = () => {
  useDocumentTitle(`Tips · Admin | ${BRAND}`);
  const [state, setState] = useState<TipState>('pending');
  const query = useAdminTips(state);
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader
        title="Tips moderation"
        intro="Fans' tips waiting for a moderator (from new accounts, or reported three times), and those hidden or deleted."
      />
      <div role="tablist" aria-label="Tips by state" className="flex flex-wrap gap-2">
        {TABS.map((tab) => (
          <Button
            key={tab.state}
            role="tab"
            aria-selected={state === tab.state}
            variant={state === tab.state ? 'default' : 'outline'}
            size="sm"
            onClick={() => setState(tab.state)}
          >
            {tab.label}
          </Button>
        ))}
      </div>
      {query.isPending ? <Spinner label="Loading tips..." /> : null}
      {query.isError ? <p className="text-muted">The tips could not be loaded.</p> : null}
      {query.data?.tips.length === 0 ? (
        <p className="rounded-card border border-dashed border-border-strong p-6 text-center text-muted">
          Nothing to review here.
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {query.data?.tips.map((tip) => (
          <TipCard key={tip.id} tip={tip} />
        ))}
      </ul>
    </section>
  );
};
