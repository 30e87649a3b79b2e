import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { inputClassName } from '#client/components/ui/form-field.tsx';
import { paths } from '#client/lib/paths.ts';
import { cn } from '#client/lib/utils.ts';

/**
 * How an imported artist matched the catalog, shown the same way in every preview (a service's top
 * artists, a Spotify export, the admin's seeding list): the badge and, when the catalog's name
 * differs, a link to the artist it matched.
 */
const BADGE_STYLES: Record<string, string> = {
  mbid: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-200',
  name: 'border-sky-400/40 bg-sky-400/10 text-sky-200',
  fuzzy: 'border-amber-400/50 bg-amber-400/10 text-amber-200',
  musicbrainz: 'border-violet-400/40 bg-violet-400/10 text-violet-200',
  none: 'border-border-strong text-muted',
};

/** The match badge; `id` lets the row's checkbox describe itself with it. */
export function MatchBadge({ id, confidence, label }: { id: string; confidence: string; label: string }) {
  return (
    <span
      id={id}
      className={cn(
        'rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        BADGE_STYLES[confidence] ?? BADGE_STYLES.none,
      )}
    >
      {label}
    </span>
  );
}

/** "→ Catalog Name" when the catalog spells the matched artist differently. */
export function MatchedArtistLink({
  name,
  match,
}: {
  name: string;
  match: { artistName: string; artistSlug: string } | null | undefined;
}) {
  if (!match || match.artistName.toLowerCase() === name.toLowerCase()) return null;
  return (
    <span>
      →{' '}
      <Link to={paths.artist(match.artistSlug)} className="text-foreground underline-offset-4 hover:underline">
        {match.artistName}
      </Link>
    </span>
  );
}

/**
 * One artist of a preview to pick from: checkbox, rank, name with its figures, the match and whether
 * the fan already follows (or excluded) it. The same row in every preview.
 */
export function PickableArtistRow(props: {
  name: string;
  rank: number;
  match: { artistName: string; artistSlug: string } | null | undefined;
  confidence: string;
  matchLabel: string;
  followed: boolean;
  excluded: boolean;
  pickable: boolean;
  checked: boolean;
  onToggle: () => void;
  /** Plays, minutes or the service's own note. */
  figures: ReactNode;
}) {
  const id = useId();
  const status = props.followed ? 'Following' : props.excluded ? 'Excluded' : null;
  return (
    <li className={cn('flex items-center gap-3 px-3 py-3 sm:px-4', !props.pickable && 'opacity-80')}>
      <input
        id={id}
        type="checkbox"
        className="size-5 shrink-0 accent-[var(--color-accent)]"
        checked={props.checked}
        disabled={!props.pickable}
        onChange={props.onToggle}
        aria-describedby={`${id}-match`}
      />
      <span className="w-9 shrink-0 text-right font-mono text-sm text-muted">
        <span className="sr-only">Rank </span>
        {props.rank}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={id} className="font-semibold break-words">
          {props.name}
        </label>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
          {props.figures}
          <MatchedArtistLink name={props.name} match={props.match} />
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-2">
        <MatchBadge id={`${id}-match`} confidence={props.confidence} label={props.matchLabel} />
        {status ? (
          <span className="rounded-full bg-surface-raised px-2 py-0.5 text-xs font-semibold whitespace-nowrap">
            {status}
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** The "Top N" box of a pick bar (every preview has one): what the fan types is held to 1…max. */
export function TopNInput(props: { max: number; value: number; onChange: (n: number) => void; className?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-muted">
        Top
      </label>
      <input
        id={id}
        type="number"
        min={1}
        max={props.max}
        value={props.value}
        onChange={(event) => props.onChange(Math.max(1, Math.min(props.max, Number(event.target.value) || 1)))}
        className={cn(inputClassName, 'h-9 px-2 text-sm', props.className)}
      />
    </div>
  );
}
