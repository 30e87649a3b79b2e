import { getVtimezoneComponent } from '@touch4it/ical-timezones';
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
 * RFC 5545 text for the given stops, written here whole (one calendar writer, ARCHITECTURE.md):
 * the calendar's properties, one VTIMEZONE per zone used, so strict clients need no zone database
 * of their own, then the events (see eventText).
 *
 * Why not a library (ical-generator was used before): its zoned times need luxon, whose offset
 * arithmetic made a 2,000-show feed take 0.3–0.9 s (issue 11's target is 200 ms, cold). A TZID time
 * is only the venue's wall clock, which the row already holds: no zone arithmetic is needed at all.
 */
export function buildIcs(stops: FeedStopRow[], options: IcsOptions): string {
  const head = calendarHead(options);
  const host = new URL(options.publicUrl).hostname;
  const zones = new Set<string>();
  const events: string[] = [];
  for (const stop of stops) {
    const zone = validZone(stop.timeZone);
    if (zone && stop.startTime) zones.add(zone);
    events.push(eventText(stop, zone, options.publicUrl, host));
  }
  const timezones = [...zones].map(vtimezone).join('');
  return `${head}${timezones}${events.join('')}END:VCALENDAR`;
}

/** The calendar's own properties; a feed also says how often to refresh (Apple and Google names). */
function calendarHead(options: IcsOptions): string {
  const name = escapeText(options.name);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//TourGuides//Calendar feeds//EN'];
  lines.push(`NAME:${name}`, `X-WR-CALNAME:${name}`);
  if (options.ttl) {
    const every = isoDuration(CALENDAR_FEED_TTL_SECONDS);
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${every}`, `X-PUBLISHED-TTL:${every}`);
  }
  return lines.map((line) => `${fold(line)}\r\n`).join('');
}

/** PT6H, PT90M, PT45S: an RFC 5545 DURATION of whole hours, minutes or seconds. */
function isoDuration(seconds: number): string {
  if (seconds % 3600 === 0) return `PT${seconds / 3600}H`;
  if (seconds % 60 === 0) return `PT${seconds / 60}M`;
  return `PT${seconds}S`;
}

/** IANA zone names are checked once per process (Intl knows them), not once per event. */
const zoneValidity = new Map<string, boolean>();

function validZone(zone: string | null): string | null {
  if (!zone) return null;
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    zoneValidity.set(zone, valid);
  }
  return valid ? zone : null;
}

/** A zone's VTIMEZONE block, folded, made once per zone and process (zone rules ship with the package). */
const vtimezones = new Map<string, string>();

function vtimezone(zone: string): string {
  let block = vtimezones.get(zone);
  if (block === undefined) {
    const component = getVtimezoneComponent(zone);
    block = component ? `${foldLines(component.replace(/\r?\n/g, '\r\n').trim())}\r\n` : '';
    vtimezones.set(zone, block);
  }
  return block;
}

const STATUS_PREFIX: Record<string, string> = {
  cancelled: 'Cancelled: ',
  postponed: 'Postponed: ',
};

const STATUS_VALUE: Record<string, string> = {
  cancelled: 'CANCELLED',
  postponed: 'TENTATIVE',
};

/**
 * One VEVENT, property for property as ical-generator 10.2 wrote it (UID, SEQUENCE, DTSTAMP, the
 * times, SUMMARY, LOCATION, GEO, DESCRIPTION, URL, STATUS, LAST-MODIFIED), folded.
 */
function eventText(stop: FeedStopRow, zone: string | null, publicUrl: string, host: string): string {
  const guideUrl = `${publicUrl}/guide/${encodeURIComponent(stop.artistSlug)}/${encodeURIComponent(stop.stopSlug)}`;
  const place = [stop.city, stop.region, stop.country].filter(Boolean).join(', ');
  const address = [stop.address, place].filter(Boolean).join(', ');
  const description = [
    stop.tourName,
    stop.status === 'cancelled' ? 'This show is cancelled.' : null,
    stop.status === 'postponed' ? 'This show is postponed; the new date is not known yet.' : null,
    stop.ticketUrl ? `Tickets: ${stop.ticketUrl}` : null,
    `Guide: ${guideUrl}`,
  ].filter(Boolean);
  const stamp = utcStamp(stop.updatedAt);
  const lines = [
    'BEGIN:VEVENT',
    // The stop's id never changes, whatever moves: calendar apps update the same event.
    `UID:stop-${stop.id}@${host}`,
    `SEQUENCE:${stop.revision}`,
    `DTSTAMP:${stamp}`,
    ...timeLines(stop, zone),
    `SUMMARY:${escapeText(`${STATUS_PREFIX[stop.status] ?? ''}${stop.artistName} at ${stop.venueName}`)}`,
    `LOCATION:${escapeText(address ? `${stop.venueName}\n${address}` : stop.venueName)}`,
  ];
  if (stop.lat != null && stop.lon != null) lines.push(`GEO:${stop.lat};${stop.lon}`);
  lines.push(
    `DESCRIPTION:${escapeText(description.join('\n'))}`,
    `URL;VALUE=URI:${guideUrl}`,
    `STATUS:${STATUS_VALUE[stop.status] ?? 'CONFIRMED'}`,
    `LAST-MODIFIED:${stamp}`,
    'END:VEVENT',
  );
  let text = '';
  for (const line of lines) text += `${fold(line)}\r\n`;
  return text;
}

/**
 * A known time: DTSTART/DTEND with the venue's TZID, written as its wall clock (floating local
 * time when the venue has no known zone). No time: an all-day event on the show's date.
 */
function timeLines(stop: FeedStopRow, zone: string | null): string[] {
  const date = stop.eventDate.replaceAll('-', '');
  if (!stop.startTime) {
    return [
      `DTSTART;VALUE=DATE:${date}`,
      'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE',
      'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE',
    ];
  }
  const hours = Number(stop.startTime.slice(0, 2));
  const minutes = Number(stop.startTime.slice(3, 5));
  const tzid = zone ? `;TZID=${zone}` : '';
  const start = `${date}T${pad2(hours)}${pad2(minutes)}00`;
  // The end is the start plus the event length on the venue's clock (the next day after midnight).
  const endHours = hours + CALENDAR_EVENT_HOURS;
  const endDate = endHours < 24 ? date : nextDay(stop.eventDate);
  return [`DTSTART${tzid}:${start}`, `DTEND${tzid}:${endDate}T${pad2(endHours % 24)}${pad2(minutes)}00`];
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

/** 20270116 for 2027-01-15. */
function nextDay(isoDate: string): string {
  const next = new Date(`${isoDate}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10).replaceAll('-', '');
}

/** 20270115T193000Z: a UTC instant (DTSTAMP, LAST-MODIFIED). */
function utcStamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** RFC 5545 3.3.11 TEXT: backslash, semicolon and comma escaped, line breaks as \n. */
function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (match) => `\\${match}`).replace(/\r\n|\r|\n/g, '\\n');
}

const FOLD_OCTETS = 74;

/**
 * RFC 5545 3.1 line folding: a line longer than 75 octets continues on the next line after CRLF
 * and a space, never inside a UTF-8 character. Same rule as ical-generator's (at most 74 octets of
 * content per physical line), but only long lines are walked, and without an encoder per character.
 */
export function foldLines(text: string): string {
  return text.split('\r\n').map(fold).join('\r\n');
}

/** Beyond ASCII: more than one octet per character. */
const NON_ASCII = /[\u0080-\uffff]/;

function fold(line: string): string {
  // A UTF-16 unit is at most 3 octets: 24 units always fit.
  if (line.length <= FOLD_OCTETS / 3) return line;
  if (NON_ASCII.test(line)) return Buffer.byteLength(line) <= FOLD_OCTETS ? line : foldLine(line);
  if (line.length <= FOLD_OCTETS) return line;
  let folded = line.slice(0, FOLD_OCTETS);
  for (let at = FOLD_OCTETS; at < line.length; at += FOLD_OCTETS) folded += `\r\n ${line.slice(at, at + FOLD_OCTETS)}`;
  return folded;
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
