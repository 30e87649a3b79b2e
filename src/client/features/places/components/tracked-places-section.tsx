import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { House, MapPin, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { validateForm } from '#client/components/forms/validate-form.ts';
import { SectionLoadError } from '#client/components/load-error.tsx';
import { PlacePicker } from '#client/components/place-picker/place-picker.tsx';
import { SettingsCard } from '#client/components/settings-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { invalidatePlaceQueries } from '#client/lib/query-client.ts';
import {
  type Place,
  placeLabel,
  TRACKED_PLACES_MAX,
  TRACKED_RADIUS_CHOICES,
  type TrackedPlace,
  trackedPlaceCreateSchema,
} from '#shared/places.ts';
import {
  addTrackedPlace,
  changeTrackedRadius,
  removeTrackedPlace,
  trackedPlacesKeys,
  trackedPlacesQueryOptions,
} from '../api/tracked-places-api.ts';

const selectClass =
  'h-10 rounded-full border border-border-strong bg-surface px-3 text-sm font-semibold text-foreground focus-visible:outline-2 disabled:opacity-60';

const radiusOptions = (withAnywhere: boolean) => [
  ...TRACKED_RADIUS_CHOICES.map((km) => ({ value: String(km), label: `${km} km` })),
  ...(withAnywhere ? [{ value: 'anywhere', label: 'Anywhere' }] : []),
];

const nameOf = (place: TrackedPlace) => placeLabel(place);

/** Settings' "Your places": home and other cities, each with its radius; My Shows and Near look around all of them. */
export const TrackedPlacesSection = () => {
  const queryClient = useQueryClient();
  const list = useQuery(trackedPlacesQueryOptions());
  const [picked, setPicked] = useState<Place | null>(null);
  const saved = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trackedPlacesKeys.list() }),
      invalidatePlaceQueries(queryClient),
    ]);
  };
  const failed = (error: Error) =>
    showToast({
      id: 'places',
      title: 'Your places were not saved',
      description: error.message,
      variant: 'destructive',
    });
  const add = useMutation({
    mutationFn: (input: { placeId: string; radiusKm: number }) => addTrackedPlace(input.placeId, input.radiusKm),
    onSuccess: async ({ place }) => {
      setPicked(null);
      showToast({ title: 'Place added', description: `Shows near ${place.name} now count as near you.` });
      await saved();
    },
    onError: failed,
  });
  // The button waits for a city, so the server's schema refuses nothing a fan can choose here.
  const form = useValidatedForm({
    initial: { radiusKm: '50' },
    check: ({ radiusKm }) =>
      picked
        ? validateForm(trackedPlaceCreateSchema, { placeId: picked.id, radiusKm: Number(radiusKm) })
        : { ok: false, field: undefined },
    send: async (input) => {
      // A refusal is the mutation's own toast.
      await add.mutateAsync(input).catch(() => undefined);
    },
  });
  const change = useMutation({
    mutationFn: (input: { id: string; radiusKm: number | null }) => changeTrackedRadius(input.id, input.radiusKm),
    onSuccess: saved,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (place: TrackedPlace) => removeTrackedPlace(place.id),
    onSuccess: async (_answer, place) => {
      showToast({
        title: 'Place removed',
        description: `${place.name} is no longer one of your places.`,
        action: place.placeId
          ? { label: 'Undo', onClick: () => add.mutate({ placeId: place.placeId!, radiusKm: place.radiusKm ?? 50 }) }
          : undefined,
      });
      await saved();
    },
    onError: failed,
  });

  const places = list.data?.places ?? [];
  const others = places.filter((place) => !place.home).length;
  return (
    <SettingsCard
      title="Your places"
      description="Home and the other cities you want shows around, each with its own distance. My Shows and the Near page look around all of them."
    >
      {list.isPending ? <Spinner label="Loading your places..." className="py-6" /> : null}
      {list.isError ? (
        <SectionLoadError what="Your places" message={list.error.message} onRetry={() => list.refetch()} />
      ) : null}
      {list.data ? (
        <div className="flex flex-col gap-5">
          {places.some((place) => place.home) ? null : (
            <p className="text-sm text-muted">Set your home city under Profile to make it your first place.</p>
          )}
          {places.length > 0 ? (
            <ul aria-label="Your places" className="flex flex-col gap-2">
              {places.map((place) => (
                <li
                  key={place.id}
                  className="flex flex-wrap items-center gap-3 rounded-2xl border border-border bg-background/40 px-4 py-3"
                >
                  {place.home ? (
                    <House className="size-5 shrink-0 text-accent" aria-hidden="true" />
                  ) : (
                    <MapPin className="size-5 shrink-0 text-accent" aria-hidden="true" />
                  )}
                  <p className="min-w-0 flex-1 font-semibold break-words">
                    {place.home ? <span className="sr-only">Home: </span> : null}
                    {nameOf(place)}
                    {place.home ? <span className="ml-2 text-xs font-normal text-muted">Home</span> : null}
                  </p>
                  <label className="flex items-center gap-2 text-sm text-muted">
                    <span className="sr-only">Distance around {place.name}</span>
                    <span aria-hidden="true">Within</span>
                    <select
                      className={selectClass}
                      value={place.radiusKm === null ? 'anywhere' : String(place.radiusKm)}
                      disabled={change.isPending}
                      onChange={(event) =>
                        change.mutate({
                          id: place.id,
                          radiusKm: event.target.value === 'anywhere' ? null : Number(event.target.value),
                        })
                      }
                    >
                      {radiusOptions(place.home).map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </label>
                  {place.home ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Remove ${place.name}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(place)}
                    >
                      <Trash2 aria-hidden="true" />
                      <span className="hidden sm:inline">Remove</span>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {others < TRACKED_PLACES_MAX ? (
            <form ref={form.formRef} className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={form.submit}>
              <PlacePicker
                label="Add a city"
                className="min-w-0 flex-1"
                value={picked ? { id: picked.id, label: placeLabel(picked) } : null}
                onChange={setPicked}
              />
              <label className="flex items-center gap-2 text-sm text-muted sm:mb-0.5">
                Within
                <select className={selectClass} value={form.values.radiusKm} onChange={form.field('radiusKm').onChange}>
                  {radiusOptions(false).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit" disabled={!picked || add.isPending}>
                {add.isPending ? 'Adding...' : 'Add place'}
              </Button>
            </form>
          ) : (
            <p className="text-sm text-muted">
              You track {TRACKED_PLACES_MAX} places besides home: remove one to add another.
            </p>
          )}
        </div>
      ) : null}
    </SettingsCard>
  );
};
