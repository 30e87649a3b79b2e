import { useId, useState } from 'react';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { checkShown } from '#client/components/forms/validate-form.ts';
import { type PlaceChoice, PlacePicker } from '#client/components/place-picker/place-picker.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { placeLabel } from '#shared/places.ts';
import { TRIP_LIMITS, type Trip, type TripInput, tripInputSchema } from '#shared/trips.ts';

/**
 * Plan or edit a trip: destination (a place from the gazetteer, or the point already picked on
 * the map), radius, arrival and departure, an optional name. The shared schema checks it here
 * with the server's own messages; what only the server knows (two years ahead at the destination,
 * 50 upcoming trips, an unknown place) comes back and is shown the same way.
 */

export interface TripFormProps {
  trip?: Trip;
  submitLabel: string;
  onSubmit: (input: TripInput) => Promise<unknown>;
  onCancel?: () => void;
}

type FieldName = 'placeId' | 'radiusKm' | 'arriveOn' | 'departOn' | 'name';

function destinationOf(trip?: Trip): { choice: PlaceChoice | null; point: { lat: number; lon: number } | null } {
  if (!trip) return { choice: null, point: null };
  if (trip.placeId) return { choice: { id: trip.placeId, label: trip.placeLabel }, point: null };
  return { choice: { id: '', label: trip.placeLabel }, point: { lat: trip.lat, lon: trip.lon } };
}

/** The destination is one field for the fan: a refused map point marks the place picker. */
const fieldOf = (path: string | undefined) => (path === 'point' ? 'placeId' : path) as FieldName | undefined;

export const TripForm = ({ trip, submitLabel, onSubmit, onCancel }: TripFormProps) => {
  const errorId = useId();
  const initial = destinationOf(trip);
  const [place, setPlace] = useState<PlaceChoice | null>(initial.choice);
  const [point, setPoint] = useState(initial.point);
  const [error, setError] = useState<string | null>(null);
  const form = useValidatedForm({
    initial: {
      placeId: initial.choice?.id ?? '',
      radiusKm: String(trip?.radiusKm ?? TRIP_LIMITS.radiusDefaultKm),
      arriveOn: trip?.arriveOn ?? '',
      departOn: trip?.departOn ?? '',
      name: trip?.name ?? '',
    },
    // The message shows under the form (not in a toast), as the server's answers do.
    check: ({ placeId, radiusKm, arriveOn, departOn, name }) =>
      checkShown(
        tripInputSchema,
        {
          name: name.trim() || null,
          ...(placeId ? { placeId } : point ? { point } : {}),
          radiusKm: Number(radiusKm),
          arriveOn,
          departOn,
        },
        setError,
        fieldOf,
      ),
    send: async (input: TripInput) => {
      try {
        await onSubmit(input);
      } catch (caught) {
        const field = fieldOf(caught instanceof ApiError ? caught.issues[0]?.path : undefined);
        setError((caught as Error).message);
        // Marked and focused by the hook once the inputs are enabled again.
        return field;
      }
    },
  });
  const { values, busy } = form;
  return (
    <form
      ref={form.formRef}
      onSubmit={form.submit}
      // The message answers the last try: it goes as soon as the fan changes something.
      onInput={() => {
        if (!error) return;
        setError(null);
        form.setInvalidField(undefined);
      }}
      noValidate
      className="flex flex-col gap-4"
      aria-describedby={error ? errorId : undefined}
    >
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        <PlacePicker
          label="Destination"
          name="placeId"
          value={place}
          invalid={form.invalidField === 'placeId'}
          placeholder="Search for a city"
          hint={
            point && !place?.id ? 'A point picked on the map. Search to choose a city instead.' : 'Where you are going.'
          }
          onChange={(chosen) => {
            setPlace(chosen ? { id: chosen.id, label: placeLabel(chosen) } : null);
            form.setValues((current) => ({ ...current, placeId: chosen?.id ?? '' }));
            if (chosen) setPoint(null);
          }}
          className="sm:col-span-2"
        />
        <Field
          label="Arrival"
          type="date"
          required
          {...form.field('arriveOn')}
          onChange={(event) => {
            const arriveOn = event.target.value;
            form.setValues((current) => ({
              ...current,
              arriveOn,
              departOn: !current.departOn || current.departOn < arriveOn ? arriveOn : current.departOn,
            }));
          }}
        />
        <Field
          label="Departure"
          type="date"
          required
          min={values.arriveOn || undefined}
          {...form.field('departOn')}
          hint={`At most ${TRIP_LIMITS.maxDays} days after arrival.`}
        />
        <Field
          label="Radius (km)"
          type="number"
          inputMode="numeric"
          min={TRIP_LIMITS.radiusMinKm}
          max={TRIP_LIMITS.radiusMaxKm}
          step={5}
          {...form.field('radiusKm')}
          hint={`Shows this far from the destination: ${TRIP_LIMITS.radiusMinKm}–${TRIP_LIMITS.radiusMaxKm} km.`}
        />
        <Field
          label="Name (optional)"
          maxLength={TRIP_LIMITS.nameMax}
          placeholder="Summer in Lisbon"
          {...form.field('name')}
        />
      </fieldset>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-xl bg-destructive-surface px-4 py-3 text-sm text-destructive-foreground"
        >
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
};
