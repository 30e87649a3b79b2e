import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { ArtistImage } from '#client/components/artist-image/artist-image.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { GenreList } from '#client/components/show-row.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import type { FollowPart, ShowStatePart } from '#client/lib/feature-parts.ts';
import { paths } from '#client/lib/paths.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { useCanonicalSlug } from '#client/lib/use-canonical-slug.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import type { ArtistTourPage } from '#shared/artists.ts';
import { useArtistTour } from '../api/get-artist-tour.ts';
import { TourDates } from './tour-dates.tsx';

/** A slug the server does not know, or one that cannot be a slug at all. */
function isUnknownArtist(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST');
}

const ArtistNotFound = () => (
  <div className="mx-auto flex max-w-lg flex-col items-center gap-5 px-4 py-20 text-center">
    <SearchX className="size-12 text-accent" aria-hidden="true" />
    <h1 className="font-display text-3xl font-bold">We couldn't find that artist</h1>
    <p className="text-muted">
      There are no tour dates for this artist in TourGuides yet. Check the spelling, or search for the band from the
      home page.
    </p>
    <Button asChild size="lg">
      <Link to={paths.home}>Search from the home page</Link>
    </Button>
  </div>
);

/** The parts of other features the tour page shows: the fan's state buttons and the Follow button. */
export interface ArtistTourParts {
  StateButtons: ShowStatePart;
  Follow: FollowPart;
}

const ArtistHeader = ({ artist, Follow }: { artist: ArtistTourPage['artist']; Follow: FollowPart }) => {
  const session = useSession().status;
  return (
    <header className="stage-lights border-b border-border/60">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-10 text-center sm:flex-row sm:items-end sm:px-6 sm:py-14 sm:text-left">
        <ArtistImage
          src={artist.imageUrl}
          seed={artist.slug}
          priority
          className="size-32 shrink-0 rounded-3xl border border-border-strong shadow-glow sm:size-40"
        />
        <div className="flex flex-col gap-3">
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Tour dates</p>
          <h1 className="font-display text-4xl font-extrabold sm:text-5xl">{artist.name}</h1>
          <GenreList genres={artist.genres} />
          <div className="flex flex-wrap items-center justify-center gap-3 sm:justify-start">
            <Follow session={session} artistSlug={artist.slug} artistName={artist.name} />
            <Link
              to={paths.artist(artist.slug)}
              className="text-sm font-semibold text-accent underline-offset-4 hover:underline"
            >
              Artist page
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
};

const ArtistTourLoaded = ({ data, StateButtons, Follow }: ArtistTourParts & { data: ArtistTourPage }) => (
  <>
    <ArtistHeader artist={data.artist} Follow={Follow} />
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <TourDates
        artistName={data.artist.name}
        artistSlug={data.artist.slug}
        tours={data.tours}
        StateButtons={StateButtons}
        Follow={Follow}
      />
    </div>
  </>
);

/** The tab title follows the page's state, so it never keeps the previous page's title while loading. */
function tourTitle(query: ReturnType<typeof useArtistTour>): string {
  if (query.data) return `${query.data.artist.name} Tour Dates | ${BRAND}`;
  if (query.isError && isUnknownArtist(query.error)) return `Artist not found | ${BRAND}`;
  return `Tour Dates | ${BRAND}`;
}

/** /tour/{artistSlug}: the artist and every tour with its stops, each with the fan's `StateButtons`, and `Follow`. */
export const ArtistTour = ({ slug, StateButtons, Follow }: ArtistTourParts & { slug: string }) => {
  const query = useArtistTour(slug);
  useDocumentTitle(tourTitle(query));
  useCanonicalSlug(slug, query.data?.artist.slug, paths.tour);
  if (query.isPending) return <Spinner label="Loading tour dates..." className="min-h-[50vh] py-24" />;
  if (query.isError) {
    if (isUnknownArtist(query.error)) return <ArtistNotFound />;
    return <LoadError what="Tour dates" message={query.error.message} onRetry={() => query.refetch()} />;
  }
  return <ArtistTourLoaded data={query.data} StateButtons={StateButtons} Follow={Follow} />;
};
