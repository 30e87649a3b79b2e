import type { VenuePlace } from '#shared/place-label.ts';
/**
 * schema.org MusicEvent objects for a page's upcoming stops (Google's event guidance: name,
 * startDate with offset when the time is known, location as a Place with an address; eventStatus for
 * cancelled, postponed and moved shows, a moved one with its previousStartDate).
 */

export interface EventStop extends Omit<VenuePlace, 'venueSlug'> {
  artistName: string;
  /** Absolute URLs of the artist's tour page and the stop's guide. */
  artistUrl: string;
  guideUrl: string;
  venueUrl: string;
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

/** '+02:00' for the zone's offset at that instant ('GMT+2' style names are what Intl gives). */
function offsetOf(zone: string, instant: number): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

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
  try {
    const asUtc = Date.parse(`${local}Z`);
    const first = offsetOf(timeZone, asUtc);
    const offset = offsetOf(timeZone, asUtc - first * 60_000);
    return `${local}${formatOffset(offset)}`;
  } catch {
    return local;
  }
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
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: stop.venueName, url: stop.venueUrl, address },
    performer: { '@type': 'MusicGroup', name: stop.artistName, url: stop.artistUrl },
    description: `${stop.artistName}${stop.tourName ? ` – ${stop.tourName}` : ''}, live at ${stop.venueName}, ${stop.city}.`,
  };
  if (stop.status === 'rescheduled' && stop.previousDate && stop.previousDate !== stop.date) {
    event.previousStartDate = stop.previousDate;
  }
  if (stop.image) event.image = [stop.image];
  if (stop.ticketUrl) event.offers = { '@type': 'Offer', url: stop.ticketUrl };
  return event;
}
