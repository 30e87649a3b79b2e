import { useQuery } from '@tanstack/react-query';
import { Headphones, HeartOff, MapPin, Navigation } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ArtistImage } from '#client/components/artist-image/artist-image.tsx';
import { useLiveArtistImage } from '#client/components/artist-image/use-live-artist-image.ts';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { cn } from '#client/lib/utils.ts';
import { formatLongDate } from '#shared/dates.ts';
import { type FavoriteArtistEntry, favoriteMessages } from '#shared/favorites.ts';
import { favoritesListQueryOptions } from '../api/favorites-api.ts';
import { type FavoriteSort, sortFavorites } from '../sort-favorites.ts';
import { announce, useToggleFavorite } from '../use-toggle-favorite.ts';
import { FollowedVenues } from './followed-venues.tsx';

const sortOptions: { value: FavoriteSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'next-date', label: 'Next show' },
];

const distanceLabel = (km: number, homeCity: string | null) =>
  `${km.toLocaleString('en-US')} km${homeCity ? ` from ${homeCity}` : ''}`;

interface RowProps {
  entry: FavoriteArtistEntry;
  homeCity: string | null;
  busy: boolean;
  onUnfollow(): void;
}

const FavoriteRow = ({ entry, homeCity, busy, onUnfollow }: RowProps) => {
  const imageUrl = useLiveArtistImage({ name: entry.artistName, slug: entry.artistSlug, imageUrl: entry.imageUrl });
  const show = entry.nextShow;
  return (
    <li className="flex items-center gap-4 rounded-2xl border border-border bg-surface p-3 sm:p-4">
      <ArtistImage src={imageUrl} seed={entry.artistSlug} className="size-16 shrink-0 rounded-xl sm:size-20" />
      <div className="min-w-0 flex-1">
        <Link
          to={paths.artist(entry.artistSlug)}
          className="font-display text-lg font-bold underline-offset-4 hover:underline"
        >
          {entry.artistName}
        </Link>
        {show ? (
          <p className="text-sm text-muted">
            Next: <time dateTime={show.date}>{formatLongDate(show.date)}</time> ·{' '}
            <Link to={paths.venue(show.venueSlug)} className="underline-offset-4 hover:underline">
              {show.venueName}
            </Link>
            , {placeLabel(show)}
          </p>
        ) : (
          <p className="text-sm text-muted">No upcoming shows</p>
        )}
        {entry.distanceKm !== null ? (
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <Navigation className="size-3.5" aria-hidden="true" />
            {distanceLabel(entry.distanceKm, homeCity)}
          </p>
        ) : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        aria-busy={busy}
        aria-label={`Unfollow ${entry.artistName}`}
        onClick={onUnfollow}
      >
        <HeartOff aria-hidden="true" />
        <span className="hidden sm:inline">Unfollow</span>
      </Button>
    </li>
  );
};

const EmptyState = () => (
  <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-border-strong bg-surface px-6 py-12 text-center">
    <p className="max-w-md text-muted">
      You are not following any artists yet. Tap the heart on an artist to see their next shows here.
    </p>
    <div className="flex flex-wrap justify-center gap-2">
      <Button asChild variant="outline">
        <Link to={{ pathname: '/', hash: 'artists' }}>Browse Artists</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={paths.musicServices}>Import from Last.fm or ListenBrainz</Link>
      </Button>
    </div>
  </div>
);

/** /my-artists: the artists the user follows, their next show and how far it is from home; then their venues. */
export const MyArtistsPage = () => {
  useDocumentTitle(`My Artists | ${BRAND}`);
  const [sort, setSort] = useState<FavoriteSort>('name');
  const list = useQuery(favoritesListQueryOptions());
  const toggle = useToggleFavorite({
    onChanged: (change, request) => {
      if (change.favorited) return announce(change, request.artistName);
      showToast({
        title: favoriteMessages.removedTitle,
        description: favoriteMessages.removed(request.artistName),
        action: { label: 'Undo', onClick: () => toggle.mutate({ ...request, follow: true }) },
      });
    },
  });

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="hidden font-display text-4xl font-bold md:block">My Artists</h1>
        <Link
          to={paths.musicServices}
          className="flex items-center gap-1.5 text-sm font-semibold text-accent underline-offset-4 hover:underline md:order-last md:w-full"
        >
          <Headphones className="size-4" aria-hidden="true" />
          Follow the artists you listen to
        </Link>
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">Sort by</legend>
          <span aria-hidden="true" className="text-sm text-muted">
            Sort by
          </span>
          {sortOptions.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={sort === option.value}
              onClick={() => setSort(option.value)}
              className={cn(
                'h-9 rounded-full border px-4 text-sm font-semibold',
                sort === option.value ? 'border-accent bg-accent text-accent-foreground' : 'border-border-strong',
              )}
            >
              {option.label}
            </button>
          ))}
        </fieldset>
      </div>
      {list.isPending ? <Spinner label="Loading your artists..." className="py-16" /> : null}
      {list.isError ? (
        <LoadError what="Your artists" message={list.error.message} onRetry={() => list.refetch()} inList />
      ) : null}
      {list.data && list.data.favorites.length === 0 ? <EmptyState /> : null}
      {list.data && list.data.favorites.length > 0 ? (
        <>
          {list.data.homeCity ? null : (
            <p className="flex items-center gap-1.5 text-sm text-muted">
              <MapPin className="size-4" aria-hidden="true" />
              <span>
                Add your home city in{' '}
                <Link to={paths.settings} className="underline">
                  Settings
                </Link>{' '}
                to see how far each show is.
              </span>
            </p>
          )}
          <ul aria-label="Followed artists" className="flex flex-col gap-3">
            {sortFavorites(list.data.favorites, sort).map((entry) => (
              <FavoriteRow
                key={entry.artistSlug}
                entry={entry}
                homeCity={list.data.homeCity}
                busy={toggle.isPending && toggle.variables?.artistSlug === entry.artistSlug}
                onUnfollow={() =>
                  toggle.mutate({ artistSlug: entry.artistSlug, artistName: entry.artistName, follow: false })
                }
              />
            ))}
          </ul>
        </>
      ) : null}
      <FollowedVenues />
    </section>
  );
};
