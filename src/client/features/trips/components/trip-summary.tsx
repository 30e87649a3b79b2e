import { CalendarDays, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FollowPart, ShowStatePart } from '#client/lib/feature-parts.ts';
import { cn } from '#client/lib/utils.ts';
import type { TravelHint, Trip, TripDay } from '#shared/trips.ts';
import { TripDays } from './trip-days.tsx';
import { tripDates } from './vacation-page.tsx';

/** Under a trip's title (its own page and a shared link): when and where. */
export const TripFacts = ({ trip }: { trip: Pick<Trip, 'arriveOn' | 'departOn' | 'placeLabel' | 'radiusKm'> }) => (
  <div className="flex flex-wrap gap-x-5 gap-y-1 text-muted">
    <span className="inline-flex items-center gap-2">
      <CalendarDays className="size-4" aria-hidden="true" />
      {tripDates(trip)}
    </span>
    <span className="inline-flex items-center gap-2">
      <MapPin className="size-4" aria-hidden="true" />
      {trip.placeLabel} · within {trip.radiusKm} km
    </span>
  </div>
);

/** "What's on (n)": the trip's shows by day, or `empty` when there are none; `StateButtons` only on the fan's own trip. */
export const TripShows = ({
  headingId,
  days,
  hints,
  StateButtons,
  Follow,
  empty,
  className,
}: {
  headingId: string;
  days: TripDay[];
  hints: TravelHint[];
  StateButtons?: ShowStatePart;
  /** Follow on every show's artist; none on a shared link. */
  Follow?: FollowPart;
  empty: ReactNode;
  className?: string;
}) => {
  const count = days.reduce((sum, day) => sum + day.shows.length, 0);
  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col gap-4', className)}>
      <h2 id={headingId} className="font-display text-2xl font-bold">
        What's on <span className="text-base font-normal text-muted">({count})</span>
      </h2>
      {days.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border-strong px-5 py-10 text-center text-muted">
          {empty}
        </p>
      ) : (
        <TripDays days={days} hints={hints} StateButtons={StateButtons} Follow={Follow} />
      )}
    </section>
  );
};
