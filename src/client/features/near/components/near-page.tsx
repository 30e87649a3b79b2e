import { Heart, House, LocateFixed, MapPin, MapPinned, Ticket } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '#client/components/load-error.tsx';
import { PlacePicker } from '#client/components/place-picker/place-picker.tsx';
import { ShowListSkeleton } from '#client/components/show-list-skeleton.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { ShowRow } from '#client/components/show-row.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SegmentedControl } from '#client/components/ui/segmented-control.tsx';
import { paths } from '#client/lib/paths.ts';
import { placeLabel as stopPlaceLabel } from '#client/lib/place-label.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { addDays, formatShortDate, localIsoDate } from '#shared/dates.ts';
import { NEAR_LIMITS, NEAR_RADII_KM, type NearPlace, type NearShow } from '#shared/near.ts';
import { placeLabel } from '#shared/places.ts';
import { type NearAsk, useNearPlaces, useNearShows } from '../api/near-api.ts';

/** The place the list is around: a city picked, the fan's home, or where the browser says they are. */
interface ChosenPlace {
  label: string;
  lat: number;
  lng: number;
}

const WHEN_OPTIONS = [
  { value: 'any', label: 'Any time' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'dates', label: 'Dates' },
] as const;
type When = (typeof WHEN_OPTIONS)[number]['value'];

const isWhen = (value: string | null): value is When => WHEN_OPTIONS.some((option) => option.value === value);
const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The days a choice covers, from the fan's today: a week and a month are the next 7 and 30 days. */
function dateRange(when: When, params: URLSearchParams, today: string): { from: string; to: string } {
  const widest = addDays(today, NEAR_LIMITS.maxDays - 1);
  if (when === 'week') return { from: today, to: addDays(today, 6) };
  if (when === 'month') return { from: today, to: addDays(today, 29) };
  if (when === 'dates') {
    const from = isDate(params.get('from')) ? params.get('from')! : today;
    const to = isDate(params.get('to')) ? params.get('to')! : addDays(from, 29);
    return { from, to: to < from ? from : to > addDays(from, NEAR_LIMITS.maxDays - 1) ? widest : to };
  }
  return { from: today, to: widest };
}

function placeFromParams(params: URLSearchParams): ChosenPlace | null {
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  if (!params.get('lat') || !params.get('lng') || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { label: params.get('place') || 'The chosen place', lat, lng };
}

const validRadius = (value: number | null | undefined): number | null =>
  value && Number.isInteger(value) && value >= NEAR_LIMITS.radiusMinKm && value <= NEAR_LIMITS.radiusMaxKm
    ? value
    : null;

/** 'Denver, CO (25 km) and Fort Collins, Colorado, United States (25 km)': a fan's places with their radii. */
function placesLine(places: NearPlace[], fallbackKm: number): string {
  const each = places.map(
    (place) =>
      `${place.label} (${place.radiusKm === null ? fallbackKm : (validRadius(place.radiusKm) ?? Math.min(place.radiusKm, NEAR_LIMITS.radiusMaxKm))} km)`,
  );
  return each.length <= 1 ? (each[0] ?? '') : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
}

/**
 * /near: every upcoming show of every artist within a radius of a place, signed in or not. The
 * place, radius, dates and genre live in the address, so a list can be shared and reloaded. A fan
 * with places (home and tracked places, Settings) starts around all of them, each with its radius.
 */
export const NearPage = () => {
  useDocumentTitle(`Shows near you | ${BRAND}`);
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const places = useNearPlaces(session.status === 'signed-in');
  const myPlaces = session.status === 'signed-in' ? (places.data?.places ?? []) : [];
  const picked = placeFromParams(params);
  const mine = !picked && myPlaces.length > 0;
  const place: ChosenPlace | null = picked ?? (mine ? { label: 'your places', lat: 0, lng: 0 } : null);
  const radiusKm = validRadius(Number(params.get('r'))) ?? 50;
  const when: When = isWhen(params.get('when')) ? (params.get('when') as When) : 'any';
  const today = localIsoDate();
  const { from, to } = dateRange(when, params, today);
  const genre = params.get('genre') || null;
  const ask: NearAsk | null = place ? { mine, lat: place.lat, lng: place.lng, radiusKm, from, to, genre } : null;

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const choosePlace = (chosen: ChosenPlace | null, ownRadiusKm?: number | null) =>
    update(
      chosen
        ? {
            lat: chosen.lat.toFixed(5),
            lng: chosen.lng.toFixed(5),
            place: chosen.label,
            ...(ownRadiusKm !== undefined ? { r: validRadius(ownRadiusKm) ? String(ownRadiusKm) : null } : {}),
          }
        : { lat: null, lng: null, place: null },
    );
  const waitingForHome =
    !picked && session.status !== 'signed-out' && (session.status === 'loading' || places.isPending);

  return (
    <section className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-4xl font-bold">Shows near you</h1>
        <p className="text-muted">Every upcoming show of every artist around a place, soonest first.</p>
      </header>
      <PlaceChooser
        place={picked}
        mine={mine}
        myPlaces={myPlaces}
        radiusKm={radiusKm}
        onChoose={choosePlace}
        onMine={() => update({ lat: null, lng: null, place: null, r: null })}
      />
      {place ? (
        <Filters
          mine={mine}
          radiusKm={radiusKm}
          when={when}
          from={from}
          to={to}
          genre={genre}
          ask={ask!}
          onRadius={(value) => update({ r: String(value) })}
          onWhen={(value) =>
            update(
              value === 'dates'
                ? { when: value, from, to }
                : { when: value === 'any' ? null : value, from: null, to: null },
            )
          }
          onDates={(range) => update({ when: 'dates', ...range })}
          onGenre={(value) => update({ genre: value })}
        />
      ) : null}
      {ask ? (
        <Results
          ask={ask}
          placeName={mine ? 'your places' : place!.label}
          onWiden={(changes) => update(changes)}
          widerRadius={NEAR_RADII_KM.find((radius) => radius > radiusKm) ?? null}
          when={when}
        />
      ) : waitingForHome ? (
        <ShowListSkeleton label="Loading shows near this place" />
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-border-strong bg-surface px-6 py-12 text-center">
          <MapPinned className="size-10 text-accent" aria-hidden="true" />
          <h2 className="font-display text-2xl font-bold">Where are you looking?</h2>
          <p className="max-w-md text-muted">Pick a city above, or use your location, to see every show around it.</p>
        </div>
      )}
    </section>
  );
};

const PlaceChooser = ({
  place,
  mine,
  myPlaces,
  radiusKm,
  onChoose,
  onMine,
}: {
  /** The place picked (in the address), or null. */
  place: ChosenPlace | null;
  /** Around all the fan's places. */
  mine: boolean;
  myPlaces: NearPlace[];
  radiusKm: number;
  onChoose: (place: ChosenPlace | null, ownRadiusKm?: number | null) => void;
  onMine: () => void;
}) => {
  const [locating, setLocating] = useState<'idle' | 'asking' | 'failed'>('idle');
  // Asked only when the fan presses the button, never on load.
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocating('failed');
      return;
    }
    setLocating('asking');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        onChoose({ label: 'Your location', lat: position.coords.latitude, lng: position.coords.longitude });
      },
      () => setLocating('failed'),
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };
  return (
    <div className="flex min-w-0 flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <PlacePicker
        label="Place"
        value={place ? { id: '', label: place.label } : null}
        placeholder={mine ? 'All your places (or search for a city)' : undefined}
        onChange={(chosen) => onChoose(chosen ? { label: placeLabel(chosen), lat: chosen.lat, lng: chosen.lon } : null)}
      />
      {mine ? (
        <p className="text-sm text-muted" data-testid="near-my-places">
          Around your places: {placesLine(myPlaces, radiusKm)}.{' '}
          <Link to={paths.settings} className="underline underline-offset-4">
            Change them in Settings
          </Link>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {myPlaces.length > 0 ? (
          <Button variant="outline" size="sm" aria-pressed={mine} onClick={onMine}>
            <MapPinned aria-hidden="true" />
            All my places
          </Button>
        ) : null}
        {myPlaces.map((saved) => {
          const current = place !== null && place.lat === saved.lat && place.lng === saved.lng;
          return (
            <Button
              key={`${saved.lat},${saved.lng}`}
              variant="outline"
              size="sm"
              aria-pressed={current}
              className="max-w-full"
              onClick={() => onChoose({ label: saved.label, lat: saved.lat, lng: saved.lng }, saved.radiusKm)}
            >
              {saved.home ? <House aria-hidden="true" /> : <MapPin aria-hidden="true" />}
              <span className="truncate">{saved.home ? `Home: ${saved.label}` : saved.label}</span>
            </Button>
          );
        })}
        <Button variant="outline" size="sm" onClick={locate} disabled={locating === 'asking'}>
          <LocateFixed aria-hidden="true" />
          {locating === 'asking' ? 'Finding you...' : 'Use my location'}
        </Button>
      </div>
      <p role="status" aria-live="polite" className={locating === 'failed' ? 'text-sm text-muted' : 'sr-only'}>
        {locating === 'failed' ? 'Your location is not available. Pick a city instead.' : ''}
      </p>
    </div>
  );
};

const selectClassName =
  'h-10 max-w-full rounded-full border border-border-strong bg-surface px-3 text-sm font-semibold text-foreground focus-visible:outline-2';

const Filters = ({
  mine,
  radiusKm,
  when,
  from,
  to,
  genre,
  ask,
  onRadius,
  onWhen,
  onDates,
  onGenre,
}: {
  /** Around the fan's places: each has its own radius, so there is none to choose. */
  mine: boolean;
  radiusKm: number;
  when: When;
  from: string;
  to: string;
  genre: string | null;
  ask: NearAsk;
  onRadius: (value: number) => void;
  onWhen: (value: When) => void;
  onDates: (range: { from: string; to: string }) => void;
  onGenre: (value: string | null) => void;
}) => {
  // The genres of the area and dates come with the first page, whatever genre is chosen.
  const shows = useNearShows({ ...ask, genre: null });
  const genres = shows.data?.pages[0]?.genres ?? [];
  const radii: number[] = NEAR_RADII_KM.includes(radiusKm as never)
    ? [...NEAR_RADII_KM]
    : [...NEAR_RADII_KM, radiusKm].sort((a, b) => a - b);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <SegmentedControl label="When" options={WHEN_OPTIONS} value={when} onChange={(value) => onWhen(value as When)} />
      {when === 'dates' ? (
        <div className="flex flex-wrap gap-3">
          <label className="flex flex-col gap-1 text-sm text-muted">
            From
            <input
              type="date"
              value={from}
              onChange={(event) => event.target.value && onDates({ from: event.target.value, to })}
              className={selectClassName}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm text-muted">
            To
            <input
              type="date"
              value={to}
              min={from}
              onChange={(event) => event.target.value && onDates({ from, to: event.target.value })}
              className={selectClassName}
            />
          </label>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <label className={mine ? 'hidden' : 'flex items-center gap-2 text-sm text-muted'}>
          Within
          <select
            value={radiusKm}
            onChange={(event) => onRadius(Number(event.target.value))}
            className={selectClassName}
          >
            {radii.map((radius) => (
              <option key={radius} value={radius}>
                {radius} km
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 items-center gap-2 text-sm text-muted">
          Genre
          <select
            value={genre ?? ''}
            onChange={(event) => onGenre(event.target.value || null)}
            className={selectClassName}
          >
            <option value="">All genres</option>
            {genre && !genres.includes(genre) ? <option value={genre}>{genre}</option> : null}
            {genres.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
};

const Results = ({
  ask,
  placeName,
  widerRadius,
  when,
  onWiden,
}: {
  ask: NearAsk;
  placeName: string;
  widerRadius: number | null;
  when: When;
  onWiden: (changes: Record<string, string | null>) => void;
}) => {
  const query = useNearShows(ask);
  const range = `${formatShortDate(ask.from)} – ${formatShortDate(ask.to)}`;
  const heading = ask.mine ? 'Near your places' : `Within ${ask.radiusKm} km of ${placeName}`;
  if (query.isPending) return <ShowListSkeleton label="Loading shows near this place" />;
  if (query.isError)
    return <LoadError what="Shows near this place" message={query.error.message} onRetry={() => query.refetch()} />;
  const shows = query.data.pages.flatMap((page) => page.shows);
  if (shows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-border-strong bg-surface px-6 py-12 text-center">
        <Ticket className="size-10 text-accent" aria-hidden="true" />
        <h2 className="font-display text-2xl font-bold">
          {ask.mine ? 'No shows near your places' : `No shows within ${ask.radiusKm} km`} in these dates
          {ask.genre ? ` for ${ask.genre}` : ''}
        </h2>
        <p className="max-w-md text-muted">
          {ask.mine
            ? `${range}. Look over more days, or add a city or a wider distance in Settings.`
            : `${placeName}, ${range}. Look further away or over more days.`}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {widerRadius && !ask.mine ? (
            <Button onClick={() => onWiden({ r: String(widerRadius) })}>Widen to {widerRadius} km</Button>
          ) : null}
          {when !== 'any' ? (
            <Button variant="outline" onClick={() => onWiden({ when: null, from: null, to: null })}>
              Any time
            </Button>
          ) : null}
          {ask.genre ? (
            <Button variant="outline" onClick={() => onWiden({ genre: null })}>
              All genres
            </Button>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h2 className="font-display text-2xl font-bold">{heading}</h2>
      <p className="-mt-3 text-sm text-muted">{range}</p>
      <ol className="flex flex-col gap-3" aria-label="Shows">
        {shows.map((show) => (
          <NearShowRow key={show.stopId} show={show} />
        ))}
      </ol>
      <ShowMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        failed={query.isFetchNextPageError}
        loadMore={() => {
          if (!query.isFetchingNextPage) void query.fetchNextPage();
        }}
      />
    </div>
  );
};

const STATUS_LABELS: Record<string, string> = { postponed: 'Postponed', rescheduled: 'Rescheduled' };

const NearShowRow = ({ show }: { show: NearShow }) => (
  <ShowRow
    date={show.date}
    time={show.time}
    timeZone={show.timeZone}
    ticketUrl={show.ticketUrl}
    artistSlug={show.artistSlug}
    stopSlug={show.stopSlug}
  >
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <Link to={paths.artist(show.artistSlug)} className="font-semibold underline-offset-4 hover:underline">
        {show.artistName}
      </Link>
      {show.followed ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-magenta/15 px-2 py-0.5 text-xs font-semibold text-magenta">
          <Heart className="size-3 fill-current" aria-hidden="true" />
          Following
        </span>
      ) : null}
      {STATUS_LABELS[show.status] ? (
        <span className="rounded-full border border-border-strong px-2 py-0.5 text-xs font-semibold">
          {STATUS_LABELS[show.status]}
        </span>
      ) : null}
    </p>
    <p className="text-sm break-words text-muted">
      <Link to={paths.venue(show.venueSlug)} className="underline-offset-4 hover:underline">
        {show.venueName}
      </Link>
      , {stopPlaceLabel(show)} · {show.distanceKm.toLocaleString('en-US')} km away
    </p>
  </ShowRow>
);
