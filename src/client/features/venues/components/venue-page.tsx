import { Building2, CalendarDays, ExternalLink, MapPin, SearchX } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundState, QueryPageState } from '#client/components/page-states.tsx';
import { ShowRow } from '#client/components/show-row.tsx';
import type { ShowStatePart, VenueFollowPart } from '#client/lib/feature-parts.ts';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import { type Session, useSession } from '#client/lib/session/use-session.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatLongDate } from '#shared/dates.ts';
import type { VenuePage as VenuePageData, VenueShow } from '#shared/venues.ts';
import { useVenue } from '../api/get-venue.ts';

const hostedLabel = (count: number) =>
  count === 0
    ? 'No past shows recorded here yet'
    : `Has hosted ${count.toLocaleString('en-US')} ${count === 1 ? 'show' : 'shows'}`;

/** The parts of other features the venue page shows: the fan's state buttons, Follow venue and the area guide. */
export interface VenuePageParts {
  StateButtons: ShowStatePart;
  FollowVenue: VenueFollowPart;
  /** The guides feature's share of the guide for this venue (VenueGuideParts). */
  AreaGuide: ComponentType<{ venueSlug: string; venue: { name: string; lat: number | null; lon: number | null } }>;
}

const VenueShowRow = ({
  show,
  timeZone,
  session,
  StateButtons,
}: {
  show: VenueShow;
  timeZone: string | null;
  /** The page's session, read once for all its rows (issue 25). */
  session: Session['status'];
  StateButtons: ShowStatePart;
}) => (
  <ShowRow
    date={show.date}
    time={show.time}
    timeZone={timeZone}
    ticketUrl={show.ticketUrl}
    artistSlug={show.artistSlug}
    stopSlug={show.stopSlug}
    actions={
      <StateButtons
        stopId={show.stopId}
        date={show.date}
        status="scheduled"
        context={`${show.artistName}, ${formatLongDate(show.date)}`}
        session={session}
      />
    }
  >
    <Link to={paths.artist(show.artistSlug)} className="font-semibold underline-offset-4 hover:underline">
      {show.artistName}
    </Link>
    <p className="text-sm text-muted">{show.tourName}</p>
  </ShowRow>
);

const VenueView = ({ data, parts }: { data: VenuePageData; parts: VenuePageParts }) => {
  const { venue } = data;
  const session = useSession().status;
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
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <parts.FollowVenue session={session} venueSlug={venue.slug} venueName={venue.name} />
            <p className="text-sm text-muted">Hear about every new show here.</p>
          </div>
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
              <VenueShowRow
                key={`${show.artistSlug}/${show.stopSlug}`}
                show={show}
                timeZone={venue.timeZone}
                session={session}
                StateButtons={parts.StateButtons}
              />
            ))}
          </ol>
        ) : (
          <p className="rounded-3xl border border-dashed border-border-strong p-8 text-center text-muted">
            No upcoming shows at {venue.name} right now.
          </p>
        )}
      </section>
      <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
        <parts.AreaGuide venueSlug={venue.slug} venue={venue} />
      </div>
    </>
  );
};

/** /venue/{slug}: where it is, a map link, what is coming up there and how many shows it has hosted. */
export const VenuePage = (parts: VenuePageParts) => {
  const { slug = '' } = useParams();
  const query = useVenue(slug);
  if (query.isSuccess) return <VenueView data={query.data} parts={parts} />;
  return (
    <QueryPageState
      query={query}
      loadingLabel="Loading venue..."
      what="The venue"
      notFound={<NotFoundState icon={SearchX} thing="Venue" heading="We couldn't find that venue" />}
    />
  );
};
