import { Building2, CalendarDays, ExternalLink, MapPin, SearchX, Ticket } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { NotFoundState, QueryPageState } from '#client/components/page-states.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatLocalTime, formatLongDate } from '#shared/dates.ts';
import type { VenuePage as VenuePageData, VenueShow } from '#shared/venues.ts';
import { useVenue } from '../api/get-venue.ts';

const hostedLabel = (count: number) =>
  count === 0
    ? 'No past shows recorded here yet'
    : `Has hosted ${count.toLocaleString('en-US')} ${count === 1 ? 'show' : 'shows'}`;

const ShowRow = ({ show }: { show: VenueShow }) => (
  <li className="grid gap-3 rounded-2xl border border-border bg-surface p-4 sm:grid-cols-[11rem_1fr_auto] sm:items-center sm:gap-6 sm:px-5">
    <p className="font-display font-bold text-accent">
      <time dateTime={show.date}>{formatLongDate(show.date)}</time>
      {show.time ? <span className="block text-sm font-normal text-muted">{formatLocalTime(show.time)}</span> : null}
    </p>
    <div className="min-w-0">
      <Link to={paths.artist(show.artistSlug)} className="font-semibold underline-offset-4 hover:underline">
        {show.artistName}
      </Link>
      <p className="text-sm text-muted">{show.tourName}</p>
    </div>
    <div className="flex flex-wrap gap-2 sm:justify-end">
      <Button asChild variant="outline" size="sm">
        <Link to={paths.guide(show.artistSlug, show.stopSlug)}>Local guide</Link>
      </Button>
      {show.ticketUrl ? (
        <Button asChild variant="secondary" size="sm">
          <a href={show.ticketUrl} target="_blank" rel="noopener noreferrer">
            <Ticket aria-hidden="true" />
            Tickets
          </a>
        </Button>
      ) : null}
    </div>
  </li>
);

const VenueView = ({ data }: { data: VenuePageData }) => {
  const { venue } = data;
  useDocumentTitle(`${venue.name} | ${BRAND}`);
  return (
    <>
      <header className="stage-lights border-b border-border/60">
        <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-10 sm:px-6 sm:py-14">
          <p className="flex items-center gap-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">
            <Building2 className="size-4" aria-hidden="true" />
            Venue
          </p>
          <h1 className="font-display text-4xl font-extrabold sm:text-5xl">{venue.name}</h1>
          <address className="flex items-start gap-1.5 text-muted not-italic">
            <MapPin className="mt-1 size-4 shrink-0" aria-hidden="true" />
            <span>
              {venue.address ? <span className="block">{venue.address}</span> : null}
              {placeLabel(venue)}
            </span>
          </address>
          <div className="flex flex-wrap items-center gap-4">
            <a
              href={venue.mapUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-full border border-border-strong px-4 py-2 text-sm font-semibold hover:border-accent"
            >
              Open in OpenStreetMap
              <ExternalLink className="size-4" aria-hidden="true" />
            </a>
            <p className="flex items-center gap-1.5 text-sm text-muted">
              <CalendarDays className="size-4" aria-hidden="true" />
              {hostedLabel(data.pastShowCount)}
            </p>
          </div>
        </div>
      </header>
      <section aria-labelledby="upcoming" className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-10 sm:px-6">
        <h2 id="upcoming" className="font-display text-2xl font-bold">
          Upcoming shows
        </h2>
        {data.upcomingShows.length > 0 ? (
          <ol className="flex flex-col gap-3">
            {data.upcomingShows.map((show) => (
              <ShowRow key={`${show.artistSlug}/${show.stopSlug}`} show={show} />
            ))}
          </ol>
        ) : (
          <p className="rounded-3xl border border-dashed border-border-strong p-8 text-center text-muted">
            No upcoming shows at {venue.name} right now.
          </p>
        )}
      </section>
    </>
  );
};

/** /venue/{slug}: where it is, a map link, what is coming up there and how many shows it has hosted. */
export const VenuePage = () => {
  const { slug = '' } = useParams();
  const query = useVenue(slug);
  if (query.isSuccess) return <VenueView data={query.data} />;
  return (
    <QueryPageState
      query={query}
      loadingLabel="Loading venue..."
      what="The venue"
      notFound={<NotFoundState icon={SearchX} thing="Venue" heading="We couldn't find that venue" />}
    />
  );
};
