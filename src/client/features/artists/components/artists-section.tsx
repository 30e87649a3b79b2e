import { memo, useDeferredValue, useId, useRef } from 'react';
import { ArtistPagination } from '#client/components/artist-pagination.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { cx } from '#client/lib/class-names.ts';
import type { FavoriteHeartPart } from '#client/lib/feature-parts.ts';
import { scrollBehavior } from '#client/lib/scroll-behavior.ts';
import { type Session, useSession } from '#client/lib/session/use-session.ts';
import type { ArtistListEntry } from '#shared/artists.ts';
import { useArtists } from '../api/get-artists.ts';
import { SKELETON_CARD_COUNT } from '../skeleton-size.ts';
import { ArtistCard, ArtistCardSkeleton } from './artist-card.tsx';
import { useArtistListParams } from './use-artist-list-params.ts';

export const ARTISTS_SECTION_ID = 'artists';

const gridClassName = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
/**
 * The browser lays out and paints only the cards near the viewport (on a phone the whole grid
 * starts below the hero); the others keep a card's height, then the size they last had.
 */
const gridItemClassName =
  'flex [content-visibility:auto] [contain-intrinsic-size:auto_131px] sm:[contain-intrinsic-size:auto_370px] lg:[contain-intrinsic-size:auto_350px]';

/** A page of card outlines while the list loads: the grid takes its height now, nothing moves later. */
const ArtistGridSkeleton = () => (
  <div>
    <p role="status" className="sr-only">
      Loading artists...
    </p>
    <ul aria-hidden="true" className={gridClassName}>
      {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <li key={index} className={gridItemClassName}>
          <ArtistCardSkeleton />
        </li>
      ))}
    </ul>
  </div>
);

/**
 * One card of the grid. Memoised: the list re-renders when its query changes state (an image
 * arriving marks it stale), and an unchanged artist then costs nothing.
 */
const ArtistGridItem = memo(
  ({ artist, session, Heart }: { artist: ArtistListEntry; session: Session['status']; Heart: FavoriteHeartPart }) => (
    <li className={gridItemClassName}>
      <ArtistCard
        artist={artist}
        actions={<Heart session={session} artistSlug={artist.slug} artistName={artist.name} />}
      />
    </li>
  ),
);

const ArtistsBody = ({
  page,
  includeAll,
  onPageChange,
  Heart,
}: {
  page: number;
  includeAll: boolean;
  onPageChange: (page: number) => void;
  Heart: FavoriteHeartPart;
}) => {
  const query = useArtists({ page, includeAll });
  // Asked once for the whole grid rather than by each card's heart.
  const session = useSession().status;
  // The grid of cards is the page's largest render: deferred, React renders it in slices between
  // which the browser stays responsive, and meanwhile the skeleton (or the previous page) shows.
  // Deferred from the first render too (initial value null, as undefined means none): the hero
  // paints first, with the skeleton, and the cards follow. Unless the answer is in already: a page
  // the server rendered has its cards in the HTML, and hydration must find them.
  // On Preact (scripts/react-on-preact.mjs), which renders without time slicing, the deferred value
  // is the value itself: the cards render in the same pass as the hero.
  const data = useDeferredValue(query.data, query.data ?? null);
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-muted">Artists could not be loaded. {query.error.message}</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data) return <ArtistGridSkeleton />;
  const { artists, totalPages } = data;
  const isStale = query.isPlaceholderData || data !== query.data;
  if (artists.length === 0) {
    return <p className="py-20 text-center text-muted">No artists found. Start by adding tour data!</p>;
  }
  return (
    <>
      <ul aria-busy={isStale} className={cx(gridClassName, 'transition-opacity', isStale && 'opacity-60')}>
        {artists.map((artist) => (
          <ArtistGridItem key={artist.slug} artist={artist} session={session} Heart={Heart} />
        ))}
      </ul>
      {totalPages > 1 ? (
        <ArtistPagination page={data.page} totalPages={totalPages} onPageChange={onPageChange} />
      ) : null}
    </>
  );
};

const TotalLine = ({ page, includeAll }: { page: number; includeAll: boolean }) => {
  const { data } = useArtists({ page, includeAll });
  return <p className="mt-2 text-muted">Browse tours by artist{data ? ` • ${data.total} total artists` : ''}</p>;
};

/** The home page's Artists section: the filter switch, the grid and its pages; each card carries its favourite `Heart`. */
export const ArtistsSection = ({ Heart }: { Heart: FavoriteHeartPart }) => {
  const { page, includeAll, setPage, setIncludeAll } = useArtistListParams();
  const sectionRef = useRef<HTMLElement>(null);
  const switchId = useId();

  const goToPage = (next: number) => {
    setPage(next);
    sectionRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  };

  return (
    <section
      id={ARTISTS_SECTION_ID}
      ref={sectionRef}
      aria-labelledby="artists-heading"
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8"
    >
      <div className="mb-8 flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="artists-heading" className="font-display text-3xl font-bold sm:text-4xl">
            Artists
          </h2>
          <TotalLine page={page} includeAll={includeAll} />
        </div>
        <div className="flex items-center gap-3">
          <Switch id={switchId} checked={includeAll} onCheckedChange={setIncludeAll} />
          <label htmlFor={switchId} className="cursor-pointer text-sm font-medium">
            Show artists without upcoming tour dates
          </label>
        </div>
      </div>
      <ArtistsBody page={page} includeAll={includeAll} onPageChange={goToPage} Heart={Heart} />
    </section>
  );
};
