import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, LoaderCircle, MapPin, Palmtree, Pencil, Share2, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundState, QueryPageState } from '#client/components/page-states.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import type { FollowPart, ShowStatePart } from '#client/lib/feature-parts.ts';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { type Trip, type TripDetailResponse, type TripInput, tripTitle } from '#shared/trips.ts';
import {
  deleteTrip,
  restoreTrip,
  revokeTripShare,
  shareTrip,
  tripQueryOptions,
  tripsKeys,
  updateTrip,
} from '../api/trips-api.ts';
import { TripForm } from './trip-form.tsx';
import { TripMap } from './trip-map.tsx';
import { TripFacts, TripShows } from './trip-summary.tsx';

/**
 * /vacation/:tripId — what's on during one trip, ranked, with the map, sharing and editing; each show
 * carries the fan's `StateButtons` and `Follow` on its artist.
 */
/** The parts of other features a trip shows on its shows: the fan's state buttons and Follow. */
export interface TripParts {
  StateButtons: ShowStatePart;
  Follow: FollowPart;
}

export const TripPage = ({ StateButtons, Follow }: TripParts) => {
  const { tripId = '' } = useParams();
  const query = useQuery(tripQueryOptions(tripId));
  useDocumentTitle(`${query.data ? tripTitle(query.data.trip) : 'Trip'} | ${BRAND}`);
  if (!query.data) {
    return (
      <QueryPageState
        query={query}
        loadingLabel="Loading your trip..."
        what="The trip"
        notFound={
          <NotFoundState
            icon={Palmtree}
            thing="Trip"
            heading="Trip not found"
            hint="It may have been deleted."
            link={{ to: paths.vacation, label: 'Back to Vacation' }}
          />
        }
      />
    );
  }
  return <TripView detail={query.data} StateButtons={StateButtons} Follow={Follow} />;
};

const TripView = ({ detail, StateButtons, Follow }: TripParts & { detail: TripDetailResponse }) => {
  const { trip, days, hints } = detail;
  const [editing, setEditing] = useState(false);
  const [moving, setMoving] = useState(false);
  const queryClient = useQueryClient();
  const save = async (input: TripInput) => {
    const { trip: saved } = await updateTrip(trip.id, input);
    queryClient.setQueryData(tripsKeys.detail(trip.id), { ...detail, trip: saved });
    await queryClient.invalidateQueries({ queryKey: tripsKeys.all });
    return saved;
  };

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to={paths.vacation} className="hover:text-foreground">
          Vacation
        </Link>
        <span aria-hidden="true"> / </span>
        <span>{tripTitle(trip)}</span>
      </nav>
      <header className="flex flex-col gap-3">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">{tripTitle(trip)}</h1>
        <TripFacts trip={trip} />
        <SearchStatus trip={trip} />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing((open) => !open)} aria-expanded={editing}>
            <Pencil aria-hidden="true" />
            Edit trip
          </Button>
          <ShareControls trip={trip} />
          <DeleteButton trip={trip} />
        </div>
      </header>

      {editing ? (
        <section aria-labelledby="edit-trip" className="rounded-card border border-border bg-surface p-5 sm:p-6">
          <h2 id="edit-trip" className="mb-4 font-display text-2xl font-bold">
            Edit trip
          </h2>
          <TripForm
            trip={trip}
            submitLabel="Save changes"
            onCancel={() => setEditing(false)}
            onSubmit={async (input) => {
              await save(input);
              setEditing(false);
              showToast({ title: 'Trip saved' });
            }}
          />
        </section>
      ) : null}

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <TripShows
          headingId="whats-on"
          className="lg:order-1"
          days={days}
          hints={hints}
          StateButtons={StateButtons}
          Follow={Follow}
          empty={
            trip.search.state === 'pending'
              ? 'Looking for shows there...'
              : 'No shows found there on those dates yet. We keep looking every day until you leave.'
          }
        />
        <aside className="flex flex-col gap-3 lg:sticky lg:top-24 lg:order-2 lg:self-start" aria-label="Trip map">
          <TripMap
            lat={trip.lat}
            lon={trip.lon}
            radiusKm={trip.radiusKm}
            placeLabel={trip.placeLabel}
            days={days}
            onPick={
              moving
                ? async (point) => {
                    setMoving(false);
                    try {
                      await save({
                        name: trip.name,
                        point,
                        radiusKm: trip.radiusKm,
                        arriveOn: trip.arriveOn,
                        departOn: trip.departOn,
                      });
                      showToast({ title: 'Destination moved', description: 'Looking for shows around the new point.' });
                    } catch (error) {
                      showToast({
                        title: 'Could not move it',
                        description: (error as Error).message,
                        variant: 'destructive',
                      });
                    }
                  }
                : undefined
            }
          />
          <Button
            variant="ghost"
            size="sm"
            className="self-start"
            onClick={() => setMoving((on) => !on)}
            aria-pressed={moving}
          >
            <MapPin aria-hidden="true" />
            {moving ? 'Click the map to set the destination (Cancel)' : 'Pick the destination on the map'}
          </Button>
        </aside>
      </div>
    </section>
  );
};

const SearchStatus = ({ trip }: { trip: Trip }) => {
  if (trip.search.state === 'pending') {
    return (
      <p className="inline-flex items-center gap-2 text-sm text-cyan" role="status">
        <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" />
        Searching for more shows there...
      </p>
    );
  }
  if (trip.search.state === 'failed') {
    return (
      <p className="inline-flex items-start gap-2 text-sm text-magenta" role="status">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {trip.search.message}
      </p>
    );
  }
  return null;
};

const ShareControls = ({ trip }: { trip: Trip }) => {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (share: boolean) => (share ? shareTrip(trip.id) : revokeTripShare(trip.id)),
    onSuccess: ({ trip: saved }, share) => {
      queryClient.setQueryData<TripDetailResponse>(tripsKeys.detail(trip.id), (old) =>
        old ? { ...old, trip: saved } : old,
      );
      void queryClient.invalidateQueries({ queryKey: tripsKeys.list() });
      showToast({
        title: share ? 'Link ready' : 'Link revoked',
        description: share
          ? 'Anyone with the link sees the shows and dates, never who you are.'
          : 'The old link no longer works.',
      });
    },
    onError: (error) =>
      showToast({ title: 'Could not change sharing', description: error.message, variant: 'destructive' }),
  });
  if (!trip.sharePath) {
    return (
      <Button variant="outline" size="sm" onClick={() => change.mutate(true)} disabled={change.isPending}>
        <Share2 aria-hidden="true" />
        Share read-only link
      </Button>
    );
  }
  const url = `${window.location.origin}${trip.sharePath}`;
  return (
    <div className="flex w-full flex-wrap items-center gap-2 rounded-xl border border-border bg-surface px-3 py-2">
      <label className="sr-only" htmlFor="trip-share-link">
        Read-only link
      </label>
      <input
        id="trip-share-link"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="h-9 min-w-0 flex-1 rounded-lg bg-background/60 px-3 text-sm"
      />
      <Button
        variant="secondary"
        size="sm"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(url);
            showToast({ title: 'Link copied' });
          } catch {
            showToast({ title: 'Copy it from the box', description: 'The browser did not allow copying.' });
          }
        }}
      >
        <Copy aria-hidden="true" />
        Copy
      </Button>
      <Button variant="ghost" size="sm" onClick={() => change.mutate(false)} disabled={change.isPending}>
        Stop sharing
      </Button>
    </div>
  );
};

const DeleteButton = ({ trip }: { trip: Trip }) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => deleteTrip(trip.id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: tripsKeys.detail(trip.id) });
      await queryClient.invalidateQueries({ queryKey: tripsKeys.list() });
      navigate(paths.vacation);
      showToast({
        id: `trip-deleted-${trip.id}`,
        title: 'Trip deleted',
        description: tripTitle(trip),
        durationMs: 10_000,
        action: {
          label: 'Undo',
          onClick: () => {
            restoreTrip(trip.id)
              .then(() => queryClient.invalidateQueries({ queryKey: tripsKeys.all }))
              .then(() => showToast({ title: 'Trip restored' }))
              .catch((error: Error) =>
                showToast({ title: 'Could not restore it', description: error.message, variant: 'destructive' }),
              );
          },
        },
      });
    },
    onError: (error) => showToast({ title: 'Could not delete', description: error.message, variant: 'destructive' }),
  });
  return (
    <Button variant="ghost" size="sm" onClick={() => remove.mutate()} disabled={remove.isPending}>
      <Trash2 aria-hidden="true" />
      Delete
    </Button>
  );
};
