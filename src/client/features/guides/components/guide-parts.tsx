import { Accessibility, BedDouble, Bus, Car, Clock, ExternalLink, UtensilsCrossed } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { MONTH_NAMES } from '#shared/dates.ts';
import {
  CC_BY_SA_URL,
  CC0_URL,
  type CityData,
  type GeocodeData,
  type GuidePart,
  type NearbyPlace,
  OSM_ATTRIBUTION,
  OSM_COPYRIGHT_URL,
  type PlaceCategory,
  type VenueFactsData,
  WIKIDATA_ATTRIBUTION,
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

/** '1941-06-15' → 'June 15, 1941'; '2017-10' → 'October 2017'; '1941' → '1941'. */
export function openedLabel(opened: string): string {
  const [year, month, day] = opened.split('-');
  const monthName = month ? MONTH_NAMES[Number(month) - 1] : undefined;
  if (!monthName) return year ?? opened;
  return day ? `${monthName} ${Number(day)}, ${year}` : `${monthName} ${year}`;
}

function websiteLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * The venue's facts from Wikidata (capacity, opening, photo, website), shown only when the match
 * was certain; otherwise nothing is added to the catalog's address.
 */
export function VenueFacts({ part, venueName }: { part: GuidePart<VenueFactsData>; venueName: string }) {
  const facts = part.data;
  const [photoFailed, setPhotoFailed] = useState(false);
  if (!facts) return null;
  const photo = facts.photo && !photoFailed ? facts.photo : null;
  return (
    <div
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:flex-row"
      data-testid="venue-facts"
    >
      {photo ? (
        <figure className="flex shrink-0 flex-col gap-1 sm:w-56">
          <img
            src={photo.url}
            alt={venueName}
            loading="lazy"
            onError={() => setPhotoFailed(true)}
            className="aspect-[4/3] w-full rounded-md object-cover"
          />
          <figcaption className="text-xs text-muted">
            Photo:{' '}
            <a href={photo.filePage} target="_blank" rel="noopener noreferrer" className="underline">
              {photo.file}
            </a>
            , Wikimedia Commons
          </figcaption>
        </figure>
      ) : null}
      <div className="flex flex-col gap-2">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {facts.capacity ? (
            <>
              <dt className="text-muted">Capacity</dt>
              <dd className="font-semibold">{facts.capacity.toLocaleString('en-US')}</dd>
            </>
          ) : null}
          {facts.opened ? (
            <>
              <dt className="text-muted">Opened</dt>
              <dd className="font-semibold">{openedLabel(facts.opened)}</dd>
            </>
          ) : null}
          {facts.officialUrl ? (
            <>
              <dt className="text-muted">Website</dt>
              <dd>
                <a
                  href={facts.officialUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-0.5 font-semibold text-accent underline"
                >
                  {websiteLabel(facts.officialUrl)}
                  <ExternalLink className="size-3" aria-hidden="true" />
                </a>
              </dd>
            </>
          ) : null}
        </dl>
        {part.status === 'stale' ? <PartNote part={part} what="the venue's facts" /> : null}
        <p className="text-xs text-muted">
          {WIKIDATA_ATTRIBUTION} (
          <a
            href={facts.url}
            target="_blank"
            rel="noopener noreferrer"
            className="underline"
            aria-label={`Wikidata item ${facts.wikidataId}`}
          >
            {facts.wikidataId}
          </a>
          ,{' '}
          <a href={CC0_URL} target="_blank" rel="noopener noreferrer" className="underline">
            CC0
          </a>
          ).
        </p>
      </div>
    </div>
  );
}

/**
 * A venue the catalog had no coordinates for: while its point is looked up, and when it could not
 * be found, the page says which parts are missing and why.
 */
export function LocationNote({
  part,
  venueName,
  hasAddress,
}: {
  part: GuidePart<GeocodeData>;
  venueName: string;
  hasAddress: boolean;
}) {
  const text =
    part.status === 'pending'
      ? `Finding ${venueName} on the map…`
      : part.status === 'unavailable'
        ? `We couldn't look up where ${venueName} is right now, so the places around it, the map and the weather are missing. We'll try again shortly.`
        : `We couldn't pin down exactly where ${venueName} is, so the places around it, the map and the weather are missing. ${hasAddress ? 'The address above is what we know.' : 'Only its city is known.'}`;
  return (
    <p
      className="rounded-card border border-dashed border-border-strong bg-surface px-4 py-3 text-sm text-muted"
      role="status"
      data-testid="location-note"
    >
      {text}
    </p>
  );
}

/** In a section that needs the venue's point, while there is none. */
export function NeedsLocation({ what }: { what: string }) {
  return <p className="text-sm text-muted">No {what} without the venue's exact location.</p>;
}
