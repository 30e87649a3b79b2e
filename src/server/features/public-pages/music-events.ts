import { zoneOffsetMinutes } from '#shared/dates.ts';
import type { VenuePlace } from '#shared/place-label.ts';

/**
 * schema.org MusicEvent objects for a page's upcoming stops, with the fields Google's event guidance
 * requires and recommends (reference/web-platform.md): name, startDate with offset when the time is
 * known, location as a Place with an address, eventStatus for cancelled, postponed and moved shows (a
 * moved one with its previousStartDate), performer, description, image and offers. Nothing beyond
 * them: a 200-stop tour carries 200 of these in its head (issue 25). eventAttendanceMode is left to
 * its default (offline), and the venue's and artist's page URLs are left out (not asked for).
 */
export interface EventStop extends Omit<VenuePlace, 'venueSlug'> {
  artistName: string;
  /** Absolute URL of the stop's guide: the event's own page. */
  guideUrl: string;
  address: string | null;
  date: string;
  time: string | null;
  timeZone: string | null;
  status: string;
  ticketUrl: string | null;
  /** Absolute URL of the artist's picture, when there is one. */
  image: string | null;
  tourName: string | null;
  /** The date before the last move, for a rescheduled stop. */
  previousDate: string | null;
}

const STATUS: Record<string, string> = {
  scheduled: 'https://schema.org/EventScheduled',
  cancelled: 'https://schema.org/EventCancelled',
  postponed: 'https://schema.org/EventPostponed',
  rescheduled: 'https://schema.org/EventRescheduled',
};

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * ISO 8601 start: a date alone when the time is unknown; with the time, its offset in the venue's
 * zone (two passes, so a show just after a daylight-saving change gets the new offset).
 */
export function zonedStart(date: string, time: string | null, timeZone: string | null): string {
  if (!time) return date;
  const local = `${date}T${time}:00`;
  if (!timeZone) return local;
  const asUtc = Date.parse(`${local}Z`);
  if (Number.isNaN(asUtc)) return local;
  const first = zoneOffsetMinutes(timeZone, new Date(asUtc));
  if (first === null) return local;
  const offset = zoneOffsetMinutes(timeZone, new Date(asUtc - first * 60_000)) ?? first;
  return `${local}${formatOffset(offset)}`;
}

export function musicEvent(stop: EventStop): Record<string, unknown> {
  const address: Record<string, string> = {
    '@type': 'PostalAddress',
    addressLocality: stop.city,
    addressCountry: stop.country,
  };
  if (stop.address) address.streetAddress = stop.address;
  if (stop.region) address.addressRegion = stop.region;
  const event: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'MusicEvent',
    name: `${stop.artistName} at ${stop.venueName}`,
    url: stop.guideUrl,
    startDate: zonedStart(stop.date, stop.time, stop.timeZone),
    eventStatus: STATUS[stop.status] ?? STATUS.scheduled,
    location: { '@type': 'Place', name: stop.venueName, address },
    performer: { '@type': 'MusicGroup', name: stop.artistName },
    description: `${stop.artistName}${stop.tourName ? ` – ${stop.tourName}` : ''}, live at ${stop.venueName}, ${stop.city}.`,
  };
  if (stop.status === 'rescheduled' && stop.previousDate && stop.previousDate !== stop.date) {
    event.previousStartDate = stop.previousDate;
  }
  if (stop.image) event.image = [stop.image];
  if (stop.ticketUrl) event.offers = { '@type': 'Offer', url: stop.ticketUrl };
  return event;
}
