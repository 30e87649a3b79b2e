import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { useLiveArtistImage } from '#client/features/images/use-live-artist-image.ts';
import type { ArtistListEntry } from '#shared/artists.ts';
import { ArtistImage } from './artist-image.tsx';

export function tourCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'tour' : 'tours'}`;
}

/**
 * One artist in the home page grid: a compact row on phones, a poster-style card from sm up.
 * `actions` is the corner slot (the favourite heart). Without an image yet, the card has one
 * made and shows it when it is ready.
 */
export const ArtistCard = ({ artist, actions }: { artist: ArtistListEntry; actions?: ReactNode }) => {
  const imageUrl = useLiveArtistImage(artist);
  return (
    <article className="group relative flex w-full overflow-hidden rounded-card border border-border bg-surface transition-[border-color,box-shadow,transform] duration-200 hover:border-accent/60 hover:shadow-glow motion-safe:hover:-translate-y-0.5 sm:flex-col">
      <div className="relative w-28 shrink-0 sm:w-full">
        <ArtistImage src={imageUrl} seed={artist.slug} className="size-full min-h-28 sm:aspect-[4/3] sm:h-auto" />
        <div className="pointer-events-none absolute inset-x-0 bottom-0 hidden h-1/2 bg-gradient-to-t from-surface to-transparent sm:block" />
        {actions ? <div className="absolute top-3 right-3">{actions}</div> : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4 sm:p-5 sm:pt-2">
        <div>
          <h3 className="font-display text-lg leading-snug font-bold">{artist.name}</h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-sm text-muted">
            <CalendarDays className="size-4" aria-hidden="true" />
            {tourCountLabel(artist.tourCount)}
            {artist.hasUpcomingShows ? null : <span>· no upcoming dates</span>}
          </p>
        </div>
        <Button asChild variant="outline" size="sm" className="mt-auto w-full group-hover:border-accent sm:h-11">
          <Link to={`/tour/${artist.slug}`}>View Tour Dates</Link>
        </Button>
      </div>
    </article>
  );
};
