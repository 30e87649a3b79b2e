import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArtistImage, type NearViewport, useNearViewport } from '#client/components/artist-image/artist-image.tsx';
import { useLiveArtistImage } from '#client/components/artist-image/use-live-artist-image.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cx } from '#client/lib/class-names.ts';
import { usePageSettled } from '#client/lib/page-settled.ts';
import { paths } from '#client/lib/paths.ts';
import type { ArtistListEntry } from '#shared/artists.ts';

export function tourCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'tour' : 'tours'}`;
}

// Shared by the card and its loading skeleton, so the grid keeps its height when the list arrives.
const cardClassName =
  'group relative flex w-full overflow-hidden rounded-card border border-border bg-surface sm:flex-col';
const imageSlotClassName = 'relative w-28 shrink-0 sm:w-full';
const imageClassName = 'size-full min-h-28 sm:aspect-[4/3] sm:h-auto';
/**
 * How wide the square picture is drawn (object-cover fills the slot): the row's height on phones
 * (~131px), else a grid column (2 columns up to lg, 3 up to xl, then 4 within max-w-7xl).
 */
const imageSizes = '(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 131px';
const bodyClassName = 'flex min-w-0 flex-1 flex-col gap-3 p-4 sm:p-5 sm:pt-2';
const titleClassName = 'font-display text-lg leading-snug font-bold';
const metaClassName = 'mt-1 flex flex-wrap items-center gap-x-1.5 text-sm text-muted';
const buttonClassName = 'mt-auto w-full sm:h-11';

/**
 * One artist in the home page grid: a compact row on phones, a poster-style card from sm up.
 * `actions` is the corner slot (the favourite heart).
 */
export const ArtistCard = ({ artist, actions }: { artist: ArtistListEntry; actions?: ReactNode }) => {
  const nearViewport = useNearViewport<HTMLDivElement>();
  return (
    <article
      className={cx(
        cardClassName,
        'transition-[border-color,box-shadow,transform] duration-200 hover:border-accent/60 hover:shadow-glow motion-safe:hover:-translate-y-0.5',
      )}
    >
      <div className={imageSlotClassName}>
        <LiveArtwork artist={artist} nearViewport={nearViewport} />
        <div className="pointer-events-none absolute inset-x-0 bottom-0 hidden h-1/2 bg-gradient-to-t from-surface to-transparent sm:block" />
        {actions ? <div className="absolute top-3 right-3">{actions}</div> : null}
      </div>
      <div className={bodyClassName}>
        <div>
          <h3 className={titleClassName}>{artist.name}</h3>
          <p className={metaClassName}>
            <CalendarDays className="size-4" aria-hidden="true" />
            {tourCountLabel(artist.tourCount)}
            {artist.hasUpcomingShows ? null : <span>· no upcoming dates</span>}
          </p>
        </div>
        <Button asChild variant="outline" size="sm" className={cx(buttonClassName, 'group-hover:border-accent')}>
          <Link to={paths.tour(artist.slug)}>View Tour Dates</Link>
        </Button>
      </div>
    </article>
  );
};

/**
 * The card's picture as the page drew it (prerendered or not, so hydration matches). Once the card
 * comes near the viewport and the page has settled (work the page does not need to draw), a card
 * without an image asks for one, and every card follows its artist's image on the page's one
 * shared public stream: made, replaced or cleared by an admin, it changes without a reload.
 */
const LiveArtwork = ({ artist, nearViewport }: { artist: ArtistListEntry; nearViewport: NearViewport }) => {
  const pageSettled = usePageSettled();
  const imageUrl = useLiveArtistImage(artist, nearViewport.isNear && pageSettled);
  return (
    <ArtistImage
      src={imageUrl}
      seed={artist.slug}
      className={imageClassName}
      nearViewport={nearViewport}
      sizes={imageSizes}
    />
  );
};

/** A card's outline while the list loads: same boxes and line heights as ArtistCard, no content. */
export const ArtistCardSkeleton = () => (
  <div className={cardClassName}>
    <div className={imageSlotClassName}>
      <div className={cx(imageClassName, 'bg-surface-raised')} />
    </div>
    <div className={bodyClassName}>
      <div>
        <p className={titleClassName}>
          <span className="inline-block h-[0.8em] w-3/4 rounded bg-surface-raised align-middle" />
        </p>
        <p className={metaClassName}>
          {/* A flex line is as tall as its items: this one stands in for the 1.25rem line of text. */}
          <span className="flex h-5 w-1/3 items-center">
            <span className="h-[0.8em] w-full rounded bg-surface-raised" />
          </span>
        </p>
      </div>
      <div className={cx(buttonClassName, 'h-9 rounded-full border border-border')} />
    </div>
  </div>
);
