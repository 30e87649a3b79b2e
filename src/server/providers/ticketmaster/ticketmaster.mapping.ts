import { matchKey, stateCode } from '#shared/text.ts';
import {
  coordinate,
  instant,
  isTimeZone,
  nonEmpty,
  type SourcePerformer,
  type SourceStatus,
  type SourceStop,
} from '../source-stop.ts';
import { TICKETMASTER } from './ticketmaster.client.ts';
import type { TmAttraction, TmEvent } from './ticketmaster.schemas.ts';

const mbidOf = (attraction: TmAttraction): string | null =>
  attraction.externalLinks?.musicbrainz?.find((link) => nonEmpty(link.id))?.id?.toLowerCase() ?? null;

/**
 * The artist's attraction among a keyword search's: the one carrying its MusicBrainz id, else the
 * one whose name is the artist's (a keyword search also finds tribute acts and festivals).
 */
export function attractionFor(
  attractions: TmAttraction[],
  artist: { name: string; mbid: string | null },
): TmAttraction | null {
  const mbid = artist.mbid?.toLowerCase();
  const byMbid = mbid ? attractions.find((attraction) => mbidOf(attraction) === mbid) : undefined;
  if (byMbid) return byMbid;
  const key = matchKey(artist.name);
  // An attraction with another artist's id is another artist, whatever its name.
  return (
    attractions.find(
      (attraction) =>
        matchKey(attraction.name) === key && (!mbid || !mbidOf(attraction) || mbidOf(attraction) === mbid),
    ) ?? null
  );
}

const STATUSES: Record<string, SourceStatus> = {
  canceled: 'cancelled',
  cancelled: 'cancelled',
  postponed: 'postponed',
  rescheduled: 'rescheduled',
};

/** One Ticketmaster event as a source listing; null when it has no date or no placeable venue (TBA). */
export function tmEventToSourceStop(event: TmEvent): SourceStop | null {
  const start = event.dates.start;
  const venue = event._embedded?.venues?.[0];
  const city = nonEmpty(venue?.city?.name);
  const country = nonEmpty(venue?.country?.countryCode)?.toUpperCase() ?? null;
  const venueName = nonEmpty(venue?.name);
  if (!start.localDate || start.dateTBA || start.dateTBD || !venueName || !city || !country) return null;
  const timeKnown = !start.timeTBA && !start.noSpecificTime && nonEmpty(start.localTime);
  const timeZone = nonEmpty(venue?.timezone) ?? nonEmpty(event.dates.timezone);
  const endDate = nonEmpty(event.dates.end?.localDate);
  const lineup: SourcePerformer[] = (event._embedded?.attractions ?? []).map((attraction) => ({
    name: attraction.name.trim(),
    mbid: mbidOf(attraction),
  }));
  const region = nonEmpty(venue?.state?.stateCode);
  const presale = firstPresale(event);
  return {
    provider: TICKETMASTER,
    externalId: event.id,
    url: nonEmpty(event.url),
    ticketUrl: nonEmpty(event.url),
    seller: 'Ticketmaster',
    status: STATUSES[event.dates.status?.code ?? ''] ?? 'scheduled',
    date: start.localDate,
    time: timeKnown ? start.localTime!.slice(0, 5) : null,
    endDate: event.dates.spanMultipleDays && endDate && endDate > start.localDate ? endDate : null,
    previousDate: null,
    lineup,
    tourName: null,
    venue: {
      name: venueName,
      city,
      region: region ? stateCode(region) : null,
      country,
      lat: coordinate(venue?.location?.latitude, 90),
      lon: coordinate(venue?.location?.longitude, 180),
      timeZone: isTimeZone(timeZone) ? timeZone : null,
      address: nonEmpty(venue?.address?.line1),
    },
    onSaleAt: publicSaleAt(event),
    presaleAt: presale?.at ?? null,
    presaleName: presale?.name ?? null,
  };
}

/** The public on-sale instant; null while Ticketmaster says it is still to be announced. */
function publicSaleAt(event: TmEvent): string | null {
  const sale = event.sales?.public;
  if (!sale || sale.startTBA || sale.startTBD) return null;
  return instant(sale.startDateTime);
}

/** The earliest presale (by its start), named; the fans' first chance at tickets. */
function firstPresale(event: TmEvent): { at: string; name: string | null } | null {
  const starts = (event.sales?.presales ?? []).flatMap((presale) => {
    const at = instant(presale.startDateTime);
    return at ? [{ at, name: nonEmpty(presale.name) }] : [];
  });
  return starts.sort((a, b) => a.at.localeCompare(b.at))[0] ?? null;
}
