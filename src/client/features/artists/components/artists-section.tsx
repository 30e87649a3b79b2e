import { useId, useRef } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { FavoriteHeart } from '#client/features/favorites/components/favorite-heart.tsx';
import { cn, scrollBehavior } from '#client/lib/utils.ts';
import { useArtists } from '../api/get-artists.ts';
import { ArtistCard } from './artist-card.tsx';
import { ArtistPagination } from './artist-pagination.tsx';
import { useArtistListParams } from './use-artist-list-params.ts';

export const ARTISTS_SECTION_ID = 'artists';

const ArtistsBody = ({
  page,
  includeAll,
  onPageChange,
}: {
  page: number;
  includeAll: boolean;
  onPageChange: (page: number) => void;
}) => {
  const query = useArtists({ page, includeAll });
  if (query.isPending) return <Spinner label="Loading artists..." className="py-20" />;
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
  const { artists, totalPages } = query.data;
  if (artists.length === 0) {
    return <p className="py-20 text-center text-muted">No artists found. Start by adding tour data!</p>;
  }
  return (
    <>
      <ul
        aria-busy={query.isPlaceholderData}
        className={cn(
          'grid grid-cols-1 gap-5 transition-opacity sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
          query.isPlaceholderData && 'opacity-60',
        )}
      >
        {artists.map((artist) => (
          <li key={artist.slug} className="flex">
            <ArtistCard artist={artist} actions={<FavoriteHeart artistSlug={artist.slug} artistName={artist.name} />} />
          </li>
        ))}
      </ul>
      {totalPages > 1 ? (
        <ArtistPagination page={query.data.page} totalPages={totalPages} onPageChange={onPageChange} />
      ) : null}
    </>
  );
};

const TotalLine = ({ page, includeAll }: { page: number; includeAll: boolean }) => {
  const { data } = useArtists({ page, includeAll });
  return <p className="mt-2 text-muted">Browse tours by artist{data ? ` • ${data.total} total artists` : ''}</p>;
};

/** The home page's Artists section: the filter switch, the grid and its pages. */
export const ArtistsSection = () => {
  const { page, includeAll, setPage, setIncludeAll } = useArtistListParams();
  const sectionRef = useRef<HTMLElement>(null);
  const switchId = useId();
  // While the first page loads, keep a screen's height so '/#artists' can already scroll here.
  const { isPending } = useArtists({ page, includeAll });

  const goToPage = (next: number) => {
    setPage(next);
    sectionRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  };

  return (
    <section
      id={ARTISTS_SECTION_ID}
      ref={sectionRef}
      aria-labelledby="artists-heading"
      className={cn('mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8', isPending && 'min-h-svh')}
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
      <ArtistsBody page={page} includeAll={includeAll} onPageChange={goToPage} />
    </section>
  );
};
