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
 * wall-clock under the TZID: both measured, see shared/reference/libraries.md). The generator adds
 * one VTIMEZONE per zone used, so strict clients need no zone database of their own.
 */
export function buildIcs(stops: FeedStopRow[], options: IcsOptions): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'TourGuides', product: 'Calendar feeds', language: 'EN' },
    ttl: options.ttl ? CALENDAR_FEED_TTL_SECONDS : undefined,
  });
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  const host = new URL(options.publicUrl).hostname;
  for (const stop of stops) addEvent(calendar, stop, options.publicUrl, host);
  return calendar.toString();
}

const STATUS_PREFIX: Record<string, string> = {
  cancelled: 'Cancelled: ',
  postponed: 'Postponed: ',
};

function addEvent(calendar: ICalCalendar, stop: FeedStopRow, publicUrl: string, host: string): void {
  const guideUrl = `${publicUrl}/guide/${encodeURIComponent(stop.artistSlug)}/${encodeURIComponent(stop.stopSlug)}`;
  const place = [stop.city, stop.region, stop.country].filter(Boolean).join(', ');
  const description = [
    stop.tourName,
    stop.status === 'cancelled' ? 'This show is cancelled.' : null,
    stop.status === 'postponed' ? 'This show is postponed; the new date is not known yet.' : null,
    stop.ticketUrl ? `Tickets: ${stop.ticketUrl}` : null,
    `Guide: ${guideUrl}`,
  ].filter(Boolean);
  calendar.createEvent({
    // The stop's id never changes, whatever moves: calendar apps update the same event.
    id: `stop-${stop.id}@${host}`,
    sequence: stop.revision,
    stamp: DateTime.fromJSDate(stop.updatedAt, { zone: 'utc' }),
    lastModified: DateTime.fromJSDate(stop.updatedAt, { zone: 'utc' }),
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
