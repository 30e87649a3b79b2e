import { CalendarDays, ExternalLink, MapPin, SearchX, Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ArtistImage } from '#client/components/artist-image/artist-image.tsx';
import { useLiveArtistImage } from '#client/components/artist-image/use-live-artist-image.ts';
import { NotFoundState, QueryPageState } from '#client/components/page-states.tsx';
import { GenreList, ShowRow } from '#client/components/show-row.tsx';
import type { FavoriteHeartPart, ShowStatePart } from '#client/lib/feature-parts.ts';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { useCanonicalSlug } from '#client/lib/use-canonical-slug.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import type { ArtistProfile, ArtistTourSummary } from '#shared/artist-profile.ts';
import type { StopView } from '#shared/artists.ts';
import { formatLongDate, formatShortDate } from '#shared/dates.ts';
import { useArtistProfile } from '../api/get-artist-profile.ts';

const followerLabel = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'follower' : 'followers'}`;

/** The parts of other features the artist page shows: the favourite heart and the fan's state buttons. */
export interface ArtistPageParts {
  Heart: FavoriteHeartPart;
  StateButtons: ShowStatePart;
}

const ArtistHero = ({ artist, Heart }: { artist: ArtistProfile['artist']; Heart: FavoriteHeartPart }) => {
  const imageUrl = useLiveArtistImage(artist);
  const session = useSession().status;
  return (
    <header className="stage-lights border-b border-border/60">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-10 text-center sm:flex-row sm:items-end sm:px-6 sm:py-14 sm:text-left">
        <div className="relative shrink-0">
          <ArtistImage
            src={imageUrl}
            seed={artist.slug}
            priority
            className="size-40 rounded-3xl border border-border-strong shadow-glow sm:size-48"
          />
          <Heart
            session={session}
            artistSlug={artist.slug}
            artistName={artist.name}
            className="absolute -right-3 -bottom-3"
          />
        </div>
        <div className="flex flex-col gap-3">
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Artist</p>
          <h1 className="font-display text-4xl font-extrabold sm:text-5xl">{artist.name}</h1>
          <p className="flex items-center justify-center gap-1.5 text-sm text-muted sm:justify-start">
            <Users className="size-4" aria-hidden="true" />
            {followerLabel(artist.followerCount)}
          </p>
          <GenreList genres={artist.genres} />
        </div>
      </div>
    </header>
  );
};

const ArtistShowRow = ({
  artistSlug,
  show,
  StateButtons,
}: {
  artistSlug: string;
  show: StopView;
  StateButtons: ShowStatePart;
}) => (
  <ShowRow
    date={show.date}
    time={show.time}
    timeZone={show.timeZone}
    ticketUrl={show.ticketUrl}
    artistSlug={artistSlug}
    stopSlug={show.stopSlug}
    actions={
      <StateButtons
        stopId={show.stopId}
        date={show.date}
        status={show.status}
        context={`${show.venueName}, ${formatLongDate(show.date)}`}
      />
    }
  >
    <Link to={paths.venue(show.venueSlug)} className="font-semibold underline-offset-4 hover:underline">
      {show.venueName}
    </Link>
    <p className="flex items-center gap-1.5 text-sm text-muted">
      <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
      {placeLabel(show)}
    </p>
  </ShowRow>
);

function tourDates(tour: ArtistTourSummary): string {
  if (!tour.firstDate || !tour.lastDate) return 'Dates to be announced';
  if (tour.firstDate === tour.lastDate) return formatShortDate(tour.firstDate);
  return `${formatShortDate(tour.firstDate)} – ${formatShortDate(tour.lastDate)}`;
}

const ExternalLinks = ({ links }: { links: ArtistProfile['links'] }) => {
  const entries = [
    links.official ? { label: 'Official website', href: links.official } : null,
    links.musicBrainz ? { label: 'MusicBrainz', href: links.musicBrainz } : null,
  ].filter((entry) => entry !== null);
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="artist-links" className="flex flex-col gap-3">
      <h2 id="artist-links" className="font-display text-2xl font-bold">
        Links
      </h2>
      <ul className="flex flex-wrap gap-3">
        {entries.map((entry) => (
          <li key={entry.href}>
            <a
              href={entry.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-full border border-border-strong px-4 py-2 text-sm font-semibold hover:border-accent"
            >
              {entry.label}
              <ExternalLink className="size-4" aria-hidden="true" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
};

const ArtistProfileView = ({ profile, parts }: { profile: ArtistProfile; parts: ArtistPageParts }) => {
  const { artist } = profile;
  useDocumentTitle(`${artist.name} | ${BRAND}`);
  return (
    <>
      <ArtistHero artist={artist} Heart={parts.Heart} />
      <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6">
        <section aria-labelledby="next-shows" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="next-shows" className="font-display text-2xl font-bold">
              Next shows
            </h2>
            <Link to={paths.tour(artist.slug)} className="text-sm font-semibold text-accent hover:underline">
              View Tour Dates ({profile.upcomingShowCount} upcoming)
            </Link>
          </div>
          {profile.nextShows.length > 0 ? (
            <ol className="flex flex-col gap-3">
              {profile.nextShows.map((show) => (
                <ArtistShowRow
                  key={show.stopSlug}
                  artistSlug={artist.slug}
                  show={show}
                  StateButtons={parts.StateButtons}
                />
              ))}
            </ol>
          ) : (
            <p className="rounded-3xl border border-dashed border-border-strong p-8 text-center text-muted">
              No upcoming shows for {artist.name} right now.
            </p>
          )}
        </section>
        {profile.tours.length > 0 ? (
          <section aria-labelledby="tours" className="flex flex-col gap-4">
            <h2 id="tours" className="font-display text-2xl font-bold">
              Tours
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2">
              {profile.tours.map((tour) => (
                <li key={tour.id} className="rounded-2xl border border-border bg-surface p-4">
                  <p className="font-semibold">{tour.name}</p>
                  <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
                    <CalendarDays className="size-4" aria-hidden="true" />
                    {tourDates(tour)}
                  </p>
                  <p className="mt-1 text-sm text-muted">
                    {tour.upcomingCount} upcoming · {tour.pastCount} past
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <ExternalLinks links={profile.links} />
      </div>
    </>
  );
};

/** /artist/{artistSlug}: picture, name, followers, genres, next shows, tours and links. */
export const ArtistPage = (parts: ArtistPageParts) => {
  const { artistSlug = '' } = useParams();
  const query = useArtistProfile(artistSlug);
  useCanonicalSlug(artistSlug, query.data?.artist.slug, paths.artist);
  if (query.isSuccess) return <ArtistProfileView key={artistSlug} profile={query.data} parts={parts} />;
  return (
    <QueryPageState
      query={query}
      loadingLabel="Loading artist..."
      what="The artist"
      notFound={
        <NotFoundState
          icon={SearchX}
          thing="Artist"
          heading="We couldn't find that artist"
          hint="Check the spelling, or search for the band from the home page."
          link={{ to: paths.home, label: 'Search from the home page' }}
        />
      }
    />
  );
};
