import { type CatalogStop, type CatalogTour, catalogStopSchema } from '#shared/catalog-import.ts';
import type { SourceStop } from '../source-stop.ts';
import type { JbEvent } from './jambase.schemas.ts';

export const JAMBASE_SOURCE = 'jambase';

/**
 * JamBase events carry no tour name. Events that name an umbrella event (`superEvent`) are
 * grouped under it; the rest form one tour per artist with this name (docs/decisions/0004).
 */
export function defaultTourName(artistName: string): string {
  return `${artistName} Live`;
}

/** Statuses whose date and place can be shown as a show to go to. */
const LISTED_STATUSES = new Set<JbEvent['eventStatus']>(['scheduled', 'rescheduled']);

export function isListed(event: JbEvent): boolean {
  return LISTED_STATUSES.has(event.eventStatus);
}

export interface JbArtistKey {
  name: string;
  mbid?: string | null;
}

type JbPerformer = JbEvent['performer'][number];

function hasMbid(performer: JbPerformer, mbid: string): boolean {
  return (performer['x-externalIdentifiers'] ?? []).some(
    (external) =>
      external.source === 'musicbrainz' &&
      [external.identifier].flat().some((id) => id.toLowerCase() === mbid.toLowerCase()),
  );
}

/**
 * Which performer of the event is the artist being synced. By MusicBrainz id when JamBase gives
 * it, else by exact name (searching by name is a keyword search: 'Phish' also finds 'Phish
 * Tribute Band'). An event asked for by MBID that names no performer we can recognise is
 * credited to its headliner, since JamBase returned it for that MBID.
 */
export function performerFor(event: JbEvent, artist: JbArtistKey): JbPerformer | null {
  const wanted = artist.name.trim().toLowerCase();
  const byMbid = artist.mbid ? event.performer.find((performer) => hasMbid(performer, artist.mbid!)) : undefined;
  const byName = event.performer.find((performer) => performer.name.trim().toLowerCase() === wanted);
  if (byMbid ?? byName) return byMbid ?? byName ?? null;
  if (!artist.mbid) return null;
  return (
    [...event.performer].sort((a, b) => (a['x-performanceRank'] ?? 99) - (b['x-performanceRank'] ?? 99))[0] ?? null
  );
}

/**
 * The stop's provider id: one JamBase event is one stop for each of its performers (a festival
 * is a stop on every band's tour), so the id is the event's and the performer's together.
 */
export function stopExternalId(event: JbEvent, performer: JbPerformer): string {
  return `${event.identifier}/${performer.identifier}`;
}

const nonEmpty = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

function regionOf(event: JbEvent): string | undefined {
  const region = event.location.address?.addressRegion;
  if (!region) return undefined;
  // 'US-MA' → 'MA'; outside the US/CA/AU the region is often just a name.
  const fromIdentifier = nonEmpty(region.identifier)?.replace(/^[A-Z]{2}-/, '');
  return fromIdentifier ?? nonEmpty(region.alternateName) ?? nonEmpty(region.name);
}

function ticketUrlOf(event: JbEvent): string | undefined {
  const withUrl = event.offers.filter((offer) => nonEmpty(offer.url)?.match(/^https?:\/\//));
  const primary = withUrl.find((offer) => offer.category === 'ticketingLinkPrimary') ?? withUrl[0];
  return nonEmpty(primary?.url);
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** One JamBase event as a catalog stop, or null when it cannot be placed (no city or country). */
export function eventToStop(event: JbEvent, externalId: string): CatalogStop | null {
  const address = event.location.address;
  const country = nonEmpty(address?.addressCountry?.identifier);
  const timeZone = nonEmpty(address?.['x-timezone']);
  const time = event.startDate.slice(11, 16);
  const candidate = {
    date: event.startDate.slice(0, 10),
    time: time || undefined,
    venue: event.location.name.trim(),
    city: nonEmpty(address?.addressLocality),
    region: regionOf(event),
    country: country && /^[A-Z]{2}$/i.test(country) ? country.toUpperCase() : undefined,
    lat: event.location.geo?.latitude,
    lon: event.location.geo?.longitude,
    ticketUrl: ticketUrlOf(event),
    address: nonEmpty(address?.streetAddress),
    timeZone: timeZone && isTimeZone(timeZone) ? timeZone : undefined,
    source: JAMBASE_SOURCE,
    externalId,
  };
  // The catalog's own rules decide: an event they refuse (no city, odd coordinates) is left out.
  const parsed = catalogStopSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/**
 * The artist's listed, placeable events as catalog tours, stops in date order; events of other
 * performers and repeats of one event are left out.
 */
export function eventsToTours(events: JbEvent[], artist: JbArtistKey): CatalogTour[] {
  const tours = new Map<string, CatalogStop[]>();
  const seen = new Set<string>();
  for (const event of events) {
    const performer = isListed(event) ? performerFor(event, artist) : null;
    if (!performer) continue;
    const externalId = stopExternalId(event, performer);
    const stop = seen.has(externalId) ? null : eventToStop(event, externalId);
    if (!stop) continue;
    seen.add(externalId);
    const tourName = nonEmpty(event.superEvent?.name) ?? defaultTourName(artist.name);
    tours.set(tourName, [...(tours.get(tourName) ?? []), stop]);
  }
  return [...tours].map(([name, stops]) => ({ name, stops: stops.sort((a, b) => a.date.localeCompare(b.date)) }));
}

const isoDay = (value: string | null | undefined): string | null =>
  /^\d{4}-\d{2}-\d{2}/.test(value ?? '') ? value!.slice(0, 10) : null;

/**
 * One JamBase event as the artist's source listing (the merge's input), cancelled and postponed
 * ones included: a source that says so is news. Null when it is another performer's show or
 * cannot be placed. A festival lists the artist on its day (x-performanceDate) when JamBase knows it.
 */
export function jbEventToSourceStop(event: JbEvent, artist: JbArtistKey): SourceStop | null {
  const performer = performerFor(event, artist);
  const stop = performer ? eventToStop(event, stopExternalId(event, performer)) : null;
  if (!performer || !stop) return null;
  const festival = event['@type'] === 'Festival';
  const performanceDay = festival ? isoDay(performer['x-performanceDate']) : null;
  const endDate = isoDay(event.endDate);
  const offer = event.offers.find((candidate) => candidate.url === stop.ticketUrl);
  const mbidOf = (candidate: JbPerformer) =>
    (candidate['x-externalIdentifiers'] ?? [])
      .filter((external) => external.source === 'musicbrainz')
      .flatMap((external) => [external.identifier].flat())[0]
      ?.toLowerCase() ?? null;
  return {
    provider: JAMBASE_SOURCE,
    externalId: stop.externalId!,
    url: nonEmpty(event.url) ?? null,
    ticketUrl: stop.ticketUrl ?? null,
    seller: nonEmpty(offer?.seller?.name) ?? null,
    status: event.eventStatus,
    date: performanceDay ?? stop.date,
    time: performanceDay ? null : (stop.time ?? null),
    endDate: !performanceDay && endDate && endDate > stop.date ? endDate : null,
    previousDate: isoDay(event.previousStartDate),
    lineup: [...event.performer]
      .sort((a, b) => (a['x-performanceRank'] ?? 99) - (b['x-performanceRank'] ?? 99))
      .map((candidate) => ({
        name: candidate.name.trim(),
        mbid: candidate === performer && artist.mbid ? artist.mbid.toLowerCase() : mbidOf(candidate),
      })),
    tourName: nonEmpty(event.superEvent?.name) ?? null,
    venue: {
      name: stop.venue,
      city: stop.city,
      region: stop.region ?? null,
      country: stop.country,
      lat: stop.lat ?? null,
      lon: stop.lon ?? null,
      timeZone: stop.timeZone ?? null,
      address: stop.address ?? null,
    },
  };
}
