import { Accessibility, BedDouble, Bus, Car, Clock, ExternalLink, UtensilsCrossed } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  CC_BY_SA_URL,
  type CityData,
  type GuidePart,
  type NearbyPlace,
  OSM_ATTRIBUTION,
  OSM_COPYRIGHT_URL,
  type PlaceCategory,
} from '#shared/guides.ts';

/** Pieces of the guide shown on both the guide and the venue page. */

export function ageLabel(fetchedAt: string | null, now = Date.now()): string {
  if (!fetchedAt) return '';
  const hours = Math.max(0, (now - Date.parse(fetchedAt)) / 3_600_000);
  if (hours < 1) return 'less than an hour ago';
  if (hours < 48) return `${Math.round(hours)} hours ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** What a part's status means to a fan, when it is not simply there. */
export function PartNote({ part, what }: { part: GuidePart<unknown>; what: string }) {
  const text =
    part.status === 'pending'
      ? `Gathering ${what}…`
      : part.status === 'unavailable'
        ? `We couldn't get ${what} right now. We'll try again shortly.`
        : part.status === 'none'
          ? `No ${what} for this place yet.`
          : part.status === 'stale'
            ? `Saved ${ageLabel(part.fetchedAt)}; we couldn't refresh it just now.`
            : null;
  if (!text) return null;
  return (
    <p
      className="rounded-card border border-dashed border-border-strong bg-surface px-4 py-3 text-sm text-muted"
      role="status"
    >
      {text}
    </p>
  );
}

export function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="font-display text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const CATEGORY: Record<PlaceCategory, { label: string; icon: typeof Bus }> = {
  food: { label: 'Food & drink', icon: UtensilsCrossed },
  sleep: { label: 'Places to sleep', icon: BedDouble },
  transit: { label: 'Public transport', icon: Bus },
  parking: { label: 'Parking', icon: Car },
};

const kindLabel = (kind: string) => kind.replace(/_/g, ' ');

function PlaceRow({ place }: { place: NearbyPlace }) {
  return (
    <li className="flex flex-col gap-0.5 border-b border-border/60 py-2 last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold">{place.name}</span>
        <span className="text-sm text-muted">
          {place.walkMinutes} min walk ·{' '}
          {place.distanceM < 1000 ? `${place.distanceM} m` : `${(place.distanceM / 1000).toFixed(1)} km`}
        </span>
      </div>
      <div className="flex flex-wrap gap-x-3 text-sm text-muted">
        <span className="capitalize">{kindLabel(place.kind)}</span>
        {place.openingHours ? (
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {place.openingHours}
          </span>
        ) : null}
        {place.wheelchair && place.wheelchair !== 'no' ? (
          <span className="inline-flex items-center gap-1">
            <Accessibility className="size-3.5" aria-hidden="true" />
            Wheelchair: {place.wheelchair}
          </span>
        ) : place.wheelchair === 'no' ? (
          <span>Not wheelchair accessible</span>
        ) : null}
      </div>
    </li>
  );
}

export function PlaceList({ places, categories }: { places: NearbyPlace[]; categories: PlaceCategory[] }) {
  const groups = categories
    .map((category) => ({ category, items: places.filter((place) => place.category === category) }))
    .filter((group) => group.items.length > 0);
  if (groups.length === 0) return <p className="text-muted">Nothing of this kind is mapped nearby.</p>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {groups.map(({ category, items }) => {
        const { label, icon: Icon } = CATEGORY[category];
        return (
          <div key={category} className="rounded-card border border-border bg-surface p-4">
            <h3 className="mb-1 flex items-center gap-2 font-semibold">
              <Icon className="size-4 text-accent" aria-hidden="true" />
              {label}
            </h3>
            <ul>
              {items.map((place) => (
                <PlaceRow key={`${place.category}-${place.name}`} place={place} />
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

export function OsmAttribution() {
  return (
    <p className="text-xs text-muted">
      Places:{' '}
      <a href={OSM_COPYRIGHT_URL} target="_blank" rel="noopener noreferrer" className="underline">
        {OSM_ATTRIBUTION}
      </a>
      . Walking times are rough, in a straight line.
    </p>
  );
}

export function CityGuide({ part }: { part: GuidePart<CityData> }) {
  const city = part.data;
  return (
    <>
      <PartNote part={part} what="a city guide" />
      {city ? (
        <div className="flex flex-col gap-3">
          <p className="whitespace-pre-line">{city.intro}</p>
          {city.sections.map((section) => (
            <details key={section.heading} className="rounded-card border border-border bg-surface px-4 py-3">
              <summary className="cursor-pointer font-semibold">{section.heading}</summary>
              <p className="mt-2 whitespace-pre-line text-sm">{section.text}</p>
            </details>
          ))}
          <p className="text-xs text-muted">
            From the Wikivoyage article{' '}
            <a
              href={city.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-0.5 underline"
            >
              {city.title}
              <ExternalLink className="size-3" aria-hidden="true" />
            </a>
            ,{' '}
            <a href={CC_BY_SA_URL} target="_blank" rel="noopener noreferrer" className="underline">
              CC BY-SA 4.0
            </a>
            , shortened.
          </p>
        </div>
      ) : null}
    </>
  );
}
