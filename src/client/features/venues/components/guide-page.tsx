import { Compass, MapPin } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { NotFoundState, QueryPageState } from '#client/components/page-states.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useArtistTour } from '#client/features/artists/api/get-artist-tour.ts';
import { AddToCalendarLink } from '#client/features/calendar/components/add-to-calendar-link.tsx';
import { ShowTime } from '#client/features/places/components/show-time.tsx';
import { ShowStateButtons } from '#client/features/shows/components/show-state-buttons.tsx';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import type { ArtistTourPage } from '#shared/artists.ts';
import { formatLongDate } from '#shared/dates.ts';

function findStop(data: ArtistTourPage, stopSlug: string) {
  for (const tour of data.tours) {
    const stop = tour.stops.find((candidate) => candidate.slug === stopSlug);
    if (stop) return { tour, stop };
  }
  return null;
}

const guideNotFound = <NotFoundState icon={Compass} thing="Guide" heading="We couldn't find that tour stop" />;

/**
 * /guide/{artistSlug}/{stopSlug}: the stop itself for now; the local guide (venue tips, the city
 * around it) is a later feature and this page says so.
 */
export const GuidePage = () => {
  const { artistSlug = '', stopSlug = '' } = useParams();
  const query = useArtistTour(artistSlug);
  const found = query.data ? findStop(query.data, stopSlug) : null;
  useDocumentTitle(found && query.data ? `${query.data.artist.name} in ${found.stop.city} | ${BRAND}` : BRAND);
  if (!query.isSuccess) {
    return <QueryPageState query={query} loadingLabel="Loading guide..." what="The guide" notFound={guideNotFound} />;
  }
  if (!found) return guideNotFound;
  const { stop, tour } = found;
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Local guide · {tour.name}</p>
        <h1 className="font-display text-4xl font-extrabold">
          {query.data.artist.name} in {stop.city}
        </h1>
        <p className="text-lg">
          <time dateTime={stop.date}>{formatLongDate(stop.date)}</time>
          {stop.time ? (
            <>
              {' · '}
              <ShowTime date={stop.date} time={stop.time} timeZone={stop.timeZone} />
            </>
          ) : null}
        </p>
        <p className="flex items-center gap-1.5 text-muted">
          <MapPin className="size-4" aria-hidden="true" />
          <Link to={paths.venue(stop.venueSlug)} className="font-semibold text-foreground hover:underline">
            {stop.venueName}
          </Link>
          , {placeLabel(stop)}
        </p>
        <ShowStateButtons
          className="mt-2"
          stopId={stop.id}
          date={stop.date}
          status={stop.status}
          context={`${query.data.artist.name} at ${stop.venueName}, ${formatLongDate(stop.date)}`}
        />
      </div>
      <p className="rounded-card border border-dashed border-border-strong bg-surface p-6 text-muted">
        The local guide for this stop — getting there, where to eat and stay around the venue — is being written. Until
        then, the venue page has its address and a map.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.venue(stop.venueSlug)}>Venue details</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.tour(artistSlug)}>All tour dates</Link>
        </Button>
        <AddToCalendarLink stopId={stop.id} size="default" />
      </div>
    </section>
  );
};
