import { Link } from 'react-router';
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
