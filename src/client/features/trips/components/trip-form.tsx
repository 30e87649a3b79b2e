import { type FormEvent, useId, useRef, useState } from 'react';
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

export const TripForm = ({ trip, submitLabel, onSubmit, onCancel }: TripFormProps) => {
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const initial = destinationOf(trip);
  const [place, setPlace] = useState<PlaceChoice | null>(initial.choice);
  const [point, setPoint] = useState(initial.point);
  const [name, setName] = useState(trip?.name ?? '');
  const [radius, setRadius] = useState(String(trip?.radiusKm ?? TRIP_LIMITS.radiusDefaultKm));
  const [arriveOn, setArriveOn] = useState(trip?.arriveOn ?? '');
  const [departOn, setDepartOn] = useState(trip?.departOn ?? '');
  const [error, setError] = useState<{ message: string; field: FieldName | undefined } | null>(null);
  const [busy, setBusy] = useState(false);

  const focus = (field: FieldName | undefined) => {
    if (!field) return;
    const element = formRef.current?.querySelector<HTMLInputElement>(`[name="${field}"]`);
    element?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = {
      name: name.trim() || null,
      ...(place?.id ? { placeId: place.id } : point ? { point } : {}),
      radiusKm: Number(radius),
      arriveOn,
      departOn,
    };
    const parsed = tripInputSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = (issue.path[0] === 'point' ? 'placeId' : issue.path[0]) as FieldName | undefined;
      setError({ message: issue.message, field });
      focus(field);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSubmit(parsed.data);
    } catch (caught) {
      const issuePath = caught instanceof ApiError ? caught.issues[0]?.path : undefined;
      const field = (issuePath === 'point' ? 'placeId' : issuePath) as FieldName | undefined;
      setError({ message: (caught as Error).message, field });
      focus(field);
    } finally {
      setBusy(false);
    }
  };

  const invalid = (field: FieldName) => error?.field === field || undefined;
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      // The message answers the last try: it goes as soon as the fan changes something.
      onInput={() => error && setError(null)}
      noValidate
      className="flex flex-col gap-4"
      aria-describedby={error ? errorId : undefined}
    >
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        <PlacePicker
          label="Destination"
          name="placeId"
          value={place}
          invalid={invalid('placeId')}
          placeholder="Search for a city"
          hint={
            point && !place?.id ? 'A point picked on the map. Search to choose a city instead.' : 'Where you are going.'
          }
          onChange={(chosen) => {
            setPlace(chosen ? { id: chosen.id, label: placeLabel(chosen) } : null);
            if (chosen) setPoint(null);
          }}
          className="sm:col-span-2"
        />
        <Field
          label="Arrival"
          type="date"
          name="arriveOn"
          required
          value={arriveOn}
          invalid={invalid('arriveOn')}
          onChange={(event) => {
            setArriveOn(event.target.value);
            if (!departOn || departOn < event.target.value) setDepartOn(event.target.value);
          }}
        />
        <Field
          label="Departure"
          type="date"
          name="departOn"
          required
          min={arriveOn || undefined}
          value={departOn}
          invalid={invalid('departOn')}
          hint={`At most ${TRIP_LIMITS.maxDays} days after arrival.`}
          onChange={(event) => setDepartOn(event.target.value)}
        />
        <Field
          label="Radius (km)"
          type="number"
          name="radiusKm"
          inputMode="numeric"
          min={TRIP_LIMITS.radiusMinKm}
          max={TRIP_LIMITS.radiusMaxKm}
          step={5}
          value={radius}
          invalid={invalid('radiusKm')}
          hint={`Shows this far from the destination: ${TRIP_LIMITS.radiusMinKm}–${TRIP_LIMITS.radiusMaxKm} km.`}
          onChange={(event) => setRadius(event.target.value)}
        />
        <Field
          label="Name (optional)"
          name="name"
          maxLength={TRIP_LIMITS.nameMax}
          placeholder="Summer in Lisbon"
          value={name}
          invalid={invalid('name')}
          onChange={(event) => setName(event.target.value)}
        />
      </fieldset>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-xl bg-destructive-surface px-4 py-3 text-sm text-destructive-foreground"
        >
          {error.message}
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
