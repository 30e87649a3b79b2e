import { History } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import type { FollowPart, ShowStatePart } from '#client/lib/feature-parts.ts';
import { paths } from '#client/lib/paths.ts';
import { type Session, useSession } from '#client/lib/session/use-session.ts';
import { useAppLinks } from '#client/lib/use-app-links.ts';
import type { TourStopView, TourView } from '#shared/artists.ts';
import { TourStopRow } from './tour-stop-row.tsx';

function byDate(a: TourStopView, b: TourStopView): number {
  return `${a.date}T${a.time ?? ''}`.localeCompare(`${b.date}T${b.time ?? ''}`);
}

interface StopsProps {
  artistSlug: string;
  StateButtons: ShowStatePart;
}

const TourCard = ({
  artistSlug,
  tour,
  showPast,
  session,
  StateButtons,
}: StopsProps & { tour: TourView; showPast: boolean; session: Session['status'] }) => {
  const appLinks = useAppLinks<HTMLElement>();
  const upcoming = tour.stops.filter((stop) => stop.isUpcoming).sort(byDate);
  // Most recent past show first: the one a fan is likeliest to look for.
  const past = tour.stops.filter((stop) => !stop.isUpcoming).sort((a, b) => byDate(b, a));
  const row = (stop: TourStopView) => (
    <TourStopRow key={stop.id} artistSlug={artistSlug} stop={stop} session={session} StateButtons={StateButtons} />
  );
  return (
    <section
      ref={appLinks}
      aria-label={tour.name}
      className="rounded-3xl border border-border bg-background/40 p-4 sm:p-6"
    >
      <header className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-display text-xl font-bold sm:text-2xl">{tour.name}</h2>
        <p className="text-sm text-muted">
          {tour.upcomingCount} upcoming · {tour.pastCount} past
        </p>
      </header>
      {upcoming.length > 0 ? <ol className="flex flex-col gap-3">{upcoming.map(row)}</ol> : null}
      {showPast && past.length > 0 ? (
        <>
          <h3 className="mt-6 mb-3 text-sm font-semibold tracking-wider text-muted uppercase">Past dates</h3>
          <ol className="flex flex-col gap-3">{past.map(row)}</ol>
        </>
      ) : null}
    </section>
  );
};

/**
 * No source lists a date (a band just looked up, or between tours): say so, and offer what a fan
 * can still do — follow (the first announced date is told), add a show they know of, or find the
 * band's own tour page on the web.
 */
export const NoUpcomingDates = ({
  artistName,
  artistSlug,
  Follow,
}: {
  artistName: string;
  artistSlug: string;
  Follow?: FollowPart;
}) => {
  const session = useSession().status;
  return (
    <div className="flex flex-col items-center gap-4 rounded-3xl border border-dashed border-border-strong p-6 text-center sm:p-8">
      <p className="font-semibold">No upcoming tour dates for {artistName} right now.</p>
      <p className="max-w-md text-sm text-muted">
        None of our tour-date sources lists a show yet. Follow them and we'll tell you when the first date is announced.
      </p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        {Follow ? (
          <Follow session={session} artistSlug={artistSlug} artistName={artistName} label="Follow anyway" />
        ) : null}
        <Button asChild variant="secondary">
          <Link to={paths.addShow}>Add a show</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.tourWeb}>Find their tour page</Link>
        </Button>
      </div>
    </div>
  );
};

/** The tours with their stops: upcoming dates first; past dates only on request. */
export const TourDates = ({
  artistName,
  artistSlug,
  tours,
  StateButtons,
  Follow,
}: StopsProps & {
  artistName: string;
  tours: TourView[];
  /** The Follow toggle offered when there is no upcoming date ("Follow anyway"). */
  Follow?: FollowPart;
}) => {
  const [showPast, setShowPast] = useState(false);
  // Read once for every row's state buttons (issue 25).
  const session = useSession().status;
  const pastCount = tours.reduce((sum, tour) => sum + tour.pastCount, 0);
  const visibleTours = showPast ? tours : tours.filter((tour) => tour.upcomingCount > 0);

  return (
    <div className="flex flex-col gap-6">
      {pastCount > 0 ? (
        <Button variant="secondary" className="self-start" onClick={() => setShowPast((value) => !value)}>
          <History aria-hidden="true" />
          {showPast ? 'Hide past dates' : `Show past dates (${pastCount})`}
        </Button>
      ) : null}
      {visibleTours.length === 0 ? (
        <NoUpcomingDates artistName={artistName} artistSlug={artistSlug} Follow={Follow} />
      ) : (
        visibleTours.map((tour) => (
          <TourCard
            key={tour.id}
            artistSlug={artistSlug}
            tour={tour}
            showPast={showPast}
            session={session}
            StateButtons={StateButtons}
          />
        ))
      )}
    </div>
  );
};
