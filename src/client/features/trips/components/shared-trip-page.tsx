import { useQuery } from '@tanstack/react-query';
import { Link2Off } from 'lucide-react';
import { useParams } from 'react-router';
import { NotFoundState, QueryPageState } from '#client/components/page-states.tsx';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { tripTitle } from '#shared/trips.ts';
import { sharedTripQueryOptions } from '../api/trips-api.ts';
import { TripMap } from './trip-map.tsx';
import { TripFacts, TripShows } from './trip-summary.tsx';

/**
 * /trip/:token — a trip shared read-only: its dates, place and shows, for anyone with the link,
 * signed in or not. Nothing about who shared it; a revoked link reads as not found.
 */
export const SharedTripPage = () => {
  const { token = '' } = useParams();
  const query = useQuery(sharedTripQueryOptions(token));
  useDocumentTitle(`${query.data ? tripTitle(query.data.trip) : 'Shared trip'} | ${BRAND}`);
  if (!query.data) {
    return (
      <QueryPageState
        query={query}
        loadingLabel="Loading the trip..."
        what="The shared trip"
        notFound={
          <NotFoundState
            icon={Link2Off}
            thing="Shared trip"
            heading="This link no longer works"
            hint="The trip was unshared or deleted. Ask for a new link."
          />
        }
      />
    );
  }
  const { trip, days, hints } = query.data;
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">Shared trip</p>
        <h1 className="font-display text-3xl font-bold sm:text-4xl">{tripTitle(trip)}</h1>
        <TripFacts trip={trip} />
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <TripShows
          headingId="shared-whats-on"
          days={days}
          hints={hints}
          empty="No shows found there on those dates yet."
        />
        <aside aria-label="Trip map" className="lg:sticky lg:top-24 lg:self-start">
          <TripMap lat={trip.lat} lon={trip.lon} radiusKm={trip.radiusKm} placeLabel={trip.placeLabel} days={days} />
        </aside>
      </div>
    </section>
  );
};
