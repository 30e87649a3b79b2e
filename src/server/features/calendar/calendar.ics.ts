import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { type ICalCalendar, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { CALENDAR_EVENT_HOURS, CALENDAR_FEED_TTL_SECONDS } from '#shared/calendar.ts';
import type { FeedStopRow } from './calendar.repo.ts';

export interface IcsOptions {
  /** Calendar name shown by calendar apps. */
  name: string;
  publicUrl: string;
  /** Feeds carry a refresh interval; a single downloaded show does not. */
  ttl?: boolean;
}

/**
 * RFC 5545 text for the given stops. Times are luxon DateTimes in the venue's zone with the zone
 * set per event (a calendar-level zone would drop DTSTAMP's Z; a plain Date would be written as UTC
 * wall-clock under the TZID: both measured, see shared/reference/libraries.md). One VTIMEZONE per
 * zone used, so strict clients need no zone database of their own.
 */
export function buildIcs(stops: FeedStopRow[], options: IcsOptions): string {
  const header = ical({
    name: options.name,
    prodId: { company: 'TourGuides', product: 'Calendar feeds', language: 'EN' },
    ttl: options.ttl ? CALENDAR_FEED_TTL_SECONDS : undefined,
  });
  const events = stops.map((stop) => renderedEvent(stop, options.publicUrl));
  const zones = new Set(events.map((event) => event.zone).filter((zone) => zone !== null));
  const timezones = [...zones].map((zone) => `${getVtimezoneComponent(zone)?.replace(/\r?\n/g, '\r\n').trim()}\r\n`);
  // ical-generator 10.2.0 folds a whole calendar character by character with a new TextEncoder for
  // each (about 1 s for a 2,000-show feed): the header, zones and events are folded here instead,
  // line by line (foldLines), into the same text.
  const head = header.toString().replace(/END:VCALENDAR$/, '');
  return `${head}${foldLines(timezones.join(''))}${events.map((event) => event.text).join('')}END:VCALENDAR`;
}

interface RenderedEvent {
  text: string;
  zone: string | null;
}

/**
 * Rendered events by their whole input (the row and the public URL): a stop that changes in any way
 * is a new key, so an entry is never stale. Formatting zoned times is most of a feed's cost (luxon's
 * offsets), and most stops of a feed are the same from one fetch to the next. Bounded, oldest out.
 */
const renderedEvents = new Map<string, RenderedEvent>();
const RENDERED_EVENTS_MAX = 50_000;

function renderedEvent(stop: FeedStopRow, publicUrl: string): RenderedEvent {
  const key = `${publicUrl}\u0000${JSON.stringify(stop)}`;
  const cached = renderedEvents.get(key);
  if (cached) return cached;
  const event = addEvent(ical(), stop, publicUrl, new URL(publicUrl).hostname);
  const rendered = { text: foldLines(event.toString()), zone: event.timezone() };
  if (renderedEvents.size >= RENDERED_EVENTS_MAX) renderedEvents.delete(renderedEvents.keys().next().value!);
  renderedEvents.set(key, rendered);
  return rendered;
}

const FOLD_OCTETS = 74;

/**
 * RFC 5545 3.1 line folding: a line longer than 75 octets continues on the next line after CRLF
 * and a space, never inside a UTF-8 character. Same rule as ical-generator's (at most 74 octets of
 * content per physical line), but only long lines are walked, and without an encoder per character.
 */
export function foldLines(text: string): string {
  return text
    .split('\r\n')
    .map((line) => (Buffer.byteLength(line) <= FOLD_OCTETS ? line : foldLine(line)))
    .join('\r\n');
}

function foldLine(line: string): string {
  let folded = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    octets += size;
    if (octets > FOLD_OCTETS) {
      folded += '\r\n ';
      octets = size;
    }
    folded += char;
  }
  return folded;
}

const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

const STATUS_PREFIX: Record<string, string> = {
  cancelled: 'Cancelled: ',
  postponed: 'Postponed: ',
};

function addEvent(calendar: ICalCalendar, stop: FeedStopRow, publicUrl: string, host: string) {
  const guideUrl = `${publicUrl}/guide/${encodeURIComponent(stop.artistSlug)}/${encodeURIComponent(stop.stopSlug)}`;
  const place = [stop.city, stop.region, stop.country].filter(Boolean).join(', ');
  const description = [
    stop.tourName,
    stop.status === 'cancelled' ? 'This show is cancelled.' : null,
    stop.status === 'postponed' ? 'This show is postponed; the new date is not known yet.' : null,
    stop.ticketUrl ? `Tickets: ${stop.ticketUrl}` : null,
    `Guide: ${guideUrl}`,
  ].filter(Boolean);
  return calendar.createEvent({
    // The stop's id never changes, whatever moves: calendar apps update the same event.
    id: `stop-${stop.id}@${host}`,
    sequence: stop.revision,
    // UTC instants: plain Dates are right here (and far cheaper than luxon for 2,000 events).
    stamp: stop.updatedAt,
    lastModified: stop.updatedAt,
    ...eventTime(stop),
    summary: `${STATUS_PREFIX[stop.status] ?? ''}${stop.artistName} at ${stop.venueName}`,
    description: description.join('\n'),
    location: {
      title: stop.venueName,
      address: [stop.address, place].filter(Boolean).join(', '),
      ...(stop.lat != null && stop.lon != null ? { geo: { lat: stop.lat, lon: stop.lon } } : {}),
    },
    url: guideUrl,
    status: eventStatus(stop.status),
  });
}

function eventStatus(status: string): ICalEventStatus {
  if (status === 'cancelled') return ICalEventStatus.CANCELLED;
  if (status === 'postponed') return ICalEventStatus.TENTATIVE;
  return ICalEventStatus.CONFIRMED;
}

/**
 * A known time: DTSTART/DTEND with the venue's TZID (floating local time when the venue has no
 * zone yet). No time: an all-day event on the show's date.
 */
function eventTime(stop: FeedStopRow) {
  if (!stop.startTime) {
    return { start: DateTime.fromISO(stop.eventDate, { zone: 'utc' }), allDay: true };
  }
  const local = `${stop.eventDate}T${stop.startTime.slice(0, 5)}`;
  const zoned = stop.timeZone ? DateTime.fromISO(local, { zone: stop.timeZone }) : null;
  if (zoned?.isValid) {
    return { start: zoned, end: zoned.plus({ hours: CALENDAR_EVENT_HOURS }), timezone: stop.timeZone! };
  }
  const start = DateTime.fromISO(local, { zone: 'utc' });
  return { start, end: start.plus({ hours: CALENDAR_EVENT_HOURS }), floating: true };
}
