import { Flag, ThumbsUp } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { paths } from '#client/lib/paths.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { TIP_CATEGORY_LABELS, type TipView } from '#shared/guides.ts';
import { useTipActions, useTips } from '../api/tips.ts';

// Only a signed-in fan adds tips: the form and its library load for them alone.
const AddTipForm = lazy(() => import('./add-tip-form.tsx').then((module) => ({ default: module.AddTipForm })));

function TipItem({ tip, venueSlug, signedIn }: { tip: TipView; venueSlug: string; signedIn: boolean }) {
  const { helpful, report } = useTipActions(venueSlug);
  return (
    <li className="flex flex-col gap-2 rounded-card border border-border bg-surface px-4 py-3" data-testid="tip">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <span className="rounded-full bg-accent/15 px-2 py-0.5 font-semibold text-accent">
          {TIP_CATEGORY_LABELS[tip.category]}
        </span>
        <span>
          {tip.authorName} ·{' '}
          {new Date(tip.createdAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}
        </span>
      </div>
      {/* Plain text: markup shows as written and links are not clickable. */}
      <p className="whitespace-pre-line break-words">{tip.text}</p>
      {tip.state === 'pending' ? (
        <p className="text-sm text-muted">Waiting for a moderator before others see it.</p>
      ) : null}
      {tip.state === 'reported' ? (
        <p className="text-sm text-muted">Hidden while a moderator reviews reports.</p>
      ) : null}
      {tip.state === 'visible' ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            variant="outline"
            aria-pressed={tip.votedHelpful}
            disabled={!signedIn || tip.mine || helpful.isPending}
            onClick={() => helpful.mutate({ id: tip.id, on: !tip.votedHelpful })}
          >
            <ThumbsUp className="size-4" aria-hidden="true" />
            Helpful{tip.helpfulCount > 0 ? ` · ${tip.helpfulCount}` : ''}
          </Button>
          {signedIn && !tip.mine ? (
            <Button
              size="sm"
              variant="ghost"
              disabled={tip.reported || report.isPending}
              onClick={() => {
                if (!window.confirm('Report this tip to the moderators?')) return;
                report.mutate(tip.id, {
                  onSuccess: () => showToast({ title: 'Thanks, a moderator will look at it.' }),
                });
              }}
            >
              <Flag className="size-4" aria-hidden="true" />
              {tip.reported ? 'Reported' : 'Report'}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Tips from fans for a venue: the most helpful first; signed-in fans add, vote and report. */
export function TipsSection({ venueSlug, venueName }: { venueSlug: string; venueName: string }) {
  const session = useSession();
  const query = useTips(venueSlug);
  const signedIn = session.status === 'signed-in';
  return (
    <div className="flex flex-col gap-4">
      {query.isPending ? <p className="text-muted">Loading tips…</p> : null}
      {query.isError ? <p className="text-muted">Tips could not be loaded right now.</p> : null}
      {query.data && query.data.tips.length === 0 ? (
        <p className="text-muted">No tips for {venueName} yet. Be the first!</p>
      ) : null}
      {query.data && query.data.tips.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {query.data.tips.map((tip) => (
            <TipItem key={tip.id} tip={tip} venueSlug={venueSlug} signedIn={signedIn} />
          ))}
        </ul>
      ) : null}
      {signedIn ? (
        <Suspense fallback={null}>
          <AddTipForm venueSlug={venueSlug} />
        </Suspense>
      ) : session.status === 'signed-out' ? (
        <p className="text-sm">
          <Link to={paths.signIn} className="font-semibold text-accent underline">
            Sign in
          </Link>{' '}
          to add a tip or vote for one.
        </p>
      ) : null}
    </div>
  );
}
