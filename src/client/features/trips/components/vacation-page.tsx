import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, MapPin, Palmtree, Plus, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatShortDate } from '#shared/dates.ts';
import { type PastTrip, type Trip, tripTitle } from '#shared/trips.ts';
import { createTrip, tripsKeys, tripsQueryOptions } from '../api/trips-api.ts';
import { TripForm } from './trip-form.tsx';

/** 'Apr 2 – Apr 9, 2027' (one date for a one-day trip). */
export function tripDates(trip: Pick<Trip, 'arriveOn' | 'departOn'>): string {
  if (trip.arriveOn === trip.departOn) return formatShortDate(trip.arriveOn);
  const [arriveYear] = trip.arriveOn.split('-');
  const [departYear] = trip.departOn.split('-');
  const from = formatShortDate(trip.arriveOn);
  return `${arriveYear === departYear ? from.replace(/, \d{4}$/, '') : from} – ${formatShortDate(trip.departOn)}`;
}

/**
 * /vacation (issue 14): the fan's trips — plan one, upcoming ones soonest first, past trips with
 * the shows the fan went to there. Each trip's shows are on its own page (/vacation/:tripId).
 */
export const VacationPage = () => {
  useDocumentTitle(`Vacation | ${BRAND}`);
  const query = useQuery(tripsQueryOptions());
  const [planning, setPlanning] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const noTrips = query.data && query.data.upcoming.length === 0 && query.data.past.length === 0;
  const showForm = planning || noTrips;

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <h1 className="font-display text-4xl font-bold">Vacation</h1>
          <p className="max-w-xl text-muted">
            Tell us where and when you travel: we list every show there, your artists first, and tell you when new ones
            are announced before you leave.
          </p>
        </div>
        {query.data && !showForm ? (
          <Button onClick={() => setPlanning(true)} className="self-start sm:self-auto">
            <Plus aria-hidden="true" />
            Plan a trip
          </Button>
        ) : null}
      </header>

      {showForm ? (
        <section aria-labelledby="plan-trip" className="rounded-card border border-border bg-surface p-5 sm:p-6">
          <h2 id="plan-trip" className="mb-4 font-display text-2xl font-bold">
            Plan a trip
          </h2>
          <TripForm
            submitLabel="Save trip"
            onCancel={noTrips ? undefined : () => setPlanning(false)}
            onSubmit={async (input) => {
              const { trip } = await createTrip(input);
              await queryClient.invalidateQueries({ queryKey: tripsKeys.all });
              showToast({ title: 'Trip saved', description: `Looking for shows in ${trip.placeLabel}.` });
              setPlanning(false);
              navigate(paths.trip(trip.id));
            }}
          />
        </section>
      ) : null}

      {query.isPending ? <Spinner label="Loading your trips..." className="py-16" /> : null}
      {query.isError ? (
        <LoadError what="Your trips" message={query.error.message} onRetry={() => query.refetch()} />
      ) : null}
      {query.data ? (
        <>
          <section aria-labelledby="upcoming-trips" className="flex flex-col gap-3">
            <h2 id="upcoming-trips" className="font-display text-2xl font-bold">
              Upcoming trips
            </h2>
            {query.data.upcoming.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-border-strong px-5 py-8 text-center text-muted">
                <Palmtree className="mx-auto mb-2 size-8 text-accent" aria-hidden="true" />
                No trips planned yet.
              </p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2">
                {query.data.upcoming.map((trip) => (
                  <TripCard key={trip.id} trip={trip} />
                ))}
              </ul>
            )}
          </section>
          {query.data.past.length > 0 ? <PastTrips trips={query.data.past} /> : null}
        </>
      ) : null}
    </section>
  );
};

const TripCard = ({ trip }: { trip: Trip }) => (
  <li className="relative flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4 transition-colors focus-within:border-accent hover:border-accent">
    <h3 className="font-display text-xl font-bold">
      <Link to={paths.trip(trip.id)} className="after:absolute after:inset-0 focus-visible:outline-none">
        {tripTitle(trip)}
      </Link>
    </h3>
    <p className="flex items-center gap-2 text-sm text-muted">
      <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
      {tripDates(trip)}
    </p>
    <p className="flex items-center gap-2 text-sm text-muted">
      <MapPin className="size-4 shrink-0" aria-hidden="true" />
      {trip.name ? `${trip.placeLabel} · ` : ''}within {trip.radiusKm} km
    </p>
    {trip.sharePath ? (
      <p className="flex items-center gap-2 text-xs text-cyan">
        <Share2 className="size-3.5" aria-hidden="true" />
        Shared by link
      </p>
    ) : null}
  </li>
);

const PastTrips = ({ trips }: { trips: PastTrip[] }) => (
  <section aria-labelledby="past-trips" className="flex flex-col gap-3">
    <h2 id="past-trips" className="font-display text-2xl font-bold">
      Past trips
    </h2>
    <ul className="flex flex-col gap-3">
      {trips.map((trip) => (
        <li key={trip.id} className="rounded-2xl border border-border bg-surface/60 p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-display text-lg font-bold">
              <Link to={paths.trip(trip.id)} className="hover:text-accent">
                {tripTitle(trip)}
              </Link>
            </h3>
            <p className="text-sm text-muted">{tripDates(trip)}</p>
          </div>
          {trip.attended.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No shows marked for this trip.</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label={`Shows you went to in ${trip.placeLabel}`}>
              {trip.attended.map((show) => (
                <li key={show.stopId}>
                  <span className="text-muted">{formatShortDate(show.date)} · </span>
                  <Link to={paths.guide(show.artistSlug, show.stopSlug)} className="font-semibold hover:text-accent">
                    {show.artistName}
                  </Link>
                  <span className="text-muted"> at {show.venueName}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  </section>
);
