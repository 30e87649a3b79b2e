import { Flag, ThumbsUp } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import {
  TIP_CATEGORIES,
  TIP_CATEGORY_LABELS,
  TIP_LIMITS,
  type TipCategory,
  type TipView,
  tipMessages,
} from '#shared/guides.ts';
import { useAddTip, useTipActions, useTips } from '../api/tips.ts';

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

function AddTipForm({ venueSlug }: { venueSlug: string }) {
  const id = useId();
  const [category, setCategory] = useState<TipCategory | ''>('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddTip(venueSlug);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!category) return setError(tipMessages.category);
    if (trimmed.length < TIP_LIMITS.minLength) return setError(tipMessages.tooShort);
    setError(null);
    add.mutate(
      { category, text: trimmed },
      {
        onSuccess: (tip) => {
          setText('');
          setCategory('');
          showToast({ title: tip.state === 'pending' ? tipMessages.pending : 'Thanks for the tip!' });
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.message : 'The tip could not be saved. Try again.'),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4" noValidate>
      <h3 className="font-semibold">Add a tip</h3>
      <label htmlFor={`${id}-category`} className="text-sm font-medium">
        What is it about?
      </label>
      <select
        id={`${id}-category`}
        value={category}
        onChange={(event) => setCategory(event.target.value as TipCategory)}
        className="h-11 rounded-xl border border-border-strong bg-background/60 px-3"
      >
        <option value="">Choose…</option>
        {TIP_CATEGORIES.map((value) => (
          <option key={value} value={value}>
            {TIP_CATEGORY_LABELS[value]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-text`} className="text-sm font-medium">
        Your tip
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        maxLength={TIP_LIMITS.maxLength}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-count`}
        aria-invalid={error ? true : undefined}
        className="rounded-xl border border-border-strong bg-background/60 px-3 py-2"
      />
      <p id={`${id}-count`} className="text-xs text-muted">
        {text.trim().length}/{TIP_LIMITS.maxLength} characters, plain text
      </p>
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={add.isPending} className="self-start">
        {add.isPending ? 'Saving…' : 'Add tip'}
      </Button>
    </form>
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
        <AddTipForm venueSlug={venueSlug} />
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
