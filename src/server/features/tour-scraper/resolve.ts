import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Gazetteer } from '#server/features/places/gazetteer.ts';
import { timeZoneAt } from '#server/features/places/time-zone.ts';
import type { StopStatus } from '#shared/shows.ts';
import { stateCode } from '#shared/text.ts';
import { SCRAPE_AMBIGUITIES, type ScrapedEvent } from '#shared/tour-scraper.ts';
import type { RawEvent } from './extract.ts';

/**
 * Raw events → preview rows: the date and local time read (a date without a year against the
 * page's date, a time with a zone converted to the venue's zone), the country as a code, the
 * venue's zone from its coordinates or its city. What cannot be settled is named in
 * `ambiguities`, and such rows are never imported unless a person picks them.
 */
export interface ResolveContext {
  /** The page's date ('YYYY-MM-DD'): its own date when it gives one, else the day it was fetched. */
  pageDate: string;
  gazetteer: Gazetteer | null;
  /** The artist the finder is looking for: events that name no performer are theirs. */
  artistHint?: string | null;
}

import { countryCode } from '#shared/country-code.ts';

export { countryCode };

export function statusOf(value: string | null): StopStatus {
  const name = value?.replace(/^https?:\/\/schema\.org\//, '').toLowerCase() ?? '';
  if (name.includes('cancel')) return 'cancelled';
  if (name.includes('postpone')) return 'postponed';
  if (name.includes('reschedul')) return 'rescheduled';
  return 'scheduled';
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

interface ReadDate {
  date: string | null;
  time: string | null;
  ambiguities: string[];
}

/** 'Oct 12', '12 October', 'Sat, Oct 12 8pm', '--10-12': month and day without a year. */
function readYearless(text: string): { month: number; day: number; time: string | null } | null {
  const iso = /^--?(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(text);
  if (iso) return { month: Number(iso[1]), day: Number(iso[2]), time: iso[3] ? `${iso[3]}:${iso[4]}` : null };
  const lower = text.toLowerCase();
  const monthFirst = /\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b/.exec(lower);
  const dayFirst = /\b(\d{1,2})(?:st|nd|rd|th)?\.?\s+([a-z]{3,9})\b/.exec(lower);
  let month = -1;
  let day = 0;
  if (monthFirst && MONTHS.includes(monthFirst[1]!.slice(0, 3))) {
    month = MONTHS.indexOf(monthFirst[1]!.slice(0, 3)) + 1;
    day = Number(monthFirst[2]);
  } else if (dayFirst && MONTHS.includes(dayFirst[2]!.slice(0, 3))) {
    month = MONTHS.indexOf(dayFirst[2]!.slice(0, 3)) + 1;
    day = Number(dayFirst[1]);
  }
  if (month < 1 || day < 1 || day > 31) return null;
  return { month, day, time: readClock(lower) };
}

/** '20:00', '8pm', '8:30 pm' → 'HH:MM'. */
function readClock(text: string): string | null {
  const twelve = /\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\b/.exec(text);
  if (twelve) {
    const hour = (Number(twelve[1]) % 12) + (twelve[3] === 'p' ? 12 : 0);
    return hour < 24 ? `${pad(hour)}:${twelve[2] ?? '00'}` : null;
  }
  const clock = /\b([01]?\d|2[0-3])[:h]([0-5]\d)\b/.exec(text);
  return clock ? `${pad(Number(clock[1]))}:${clock[2]}` : null;
}

const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** The venue-local date and time the page means. */
export function readStart(raw: RawEvent, zone: string | null, pageDate: string): ReadDate {
  if (raw.startInstant) return readInstant(raw.startInstant, zone);
  const text = raw.start?.trim() ?? '';
  const iso = ISO.exec(text);
  if (iso) {
    const [, date, hour, minute, offset] = iso;
    if (!hour) return { date: date!, time: null, ambiguities: [] };
    if (!offset) return { date: date!, time: `${hour}:${minute}`, ambiguities: [] };
    // Written with a zone: the instant, shown in the venue's zone when we know it.
    const instant = DateTime.fromISO(text.replace(' ', 'T'), { setZone: true });
    if (!instant.isValid) return { date: date!, time: `${hour}:${minute}`, ambiguities: [] };
    if (zone) {
      const local = instant.setZone(zone);
      return { date: local.toISODate()!, time: local.toFormat('HH:mm'), ambiguities: [] };
    }
    // An offset other than UTC is the local one the page meant; a bare UTC time is not a local time.
    const isUtc = offset.toUpperCase() === 'Z' || /^[+-]00:?00$/.test(offset);
    return {
      date: date!,
      time: `${hour}:${minute}`,
      ambiguities: isUtc ? [SCRAPE_AMBIGUITIES.noZone] : [],
    };
  }
  const yearless = text ? readYearless(text) : null;
  if (yearless) return resolveYear(yearless, pageDate);
  return { date: null, time: null, ambiguities: [SCRAPE_AMBIGUITIES.unreadableDate] };
}

function readInstant(start: NonNullable<RawEvent['startInstant']>, zone: string | null): ReadDate {
  if (start.dateOnly) {
    const d = start.date;
    return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: null, ambiguities: [] };
  }
  const target = zone ?? start.timeZone;
  const local = DateTime.fromJSDate(start.date, { zone: target ?? 'UTC' });
  return {
    date: local.toISODate()!,
    time: local.toFormat('HH:mm'),
    ambiguities: target ? [] : [SCRAPE_AMBIGUITIES.noZone],
  };
}

/**
 * The year a yearless date means: the page's year, or the next one when that day is long past
 * (a tour page lists what is coming). Always flagged: a person confirms the year.
 */
function resolveYear(value: { month: number; day: number; time: string | null }, pageDate: string): ReadDate {
  const pageYear = Number(pageDate.slice(0, 4));
  const candidate = `${pageYear}-${pad(value.month)}-${pad(value.day)}`;
  const monthAgo = DateTime.fromISO(pageDate).minus({ days: 31 }).toISODate()!;
  const year = candidate < monthAgo ? pageYear + 1 : pageYear;
  const date = `${year}-${pad(value.month)}-${pad(value.day)}`;
  if (!DateTime.fromISO(date).isValid)
    return { date: null, time: null, ambiguities: [SCRAPE_AMBIGUITIES.unreadableDate] };
  return { date, time: value.time, ambiguities: [SCRAPE_AMBIGUITIES.noYear(year)] };
}

/** 'Artist at Venue', 'Artist – Tour name', 'Artist: Live' → 'Artist'. */
export function artistFromTitle(title: string | null): string | null {
  if (!title) return null;
  const head = title
    .split(/\s+(?:at|@|live at|[-–—|:])\s+/i)[0]!
    .replace(/\s*\([^)]*\)\s*$/, '')
    .trim();
  return head || null;
}

interface Place {
  city: string | null;
  region: string | null;
  countryCode: string | null;
  timeZone: string | null;
  lat: number | null;
  lon: number | null;
}

/** Country code and zone: the page's, else the gazetteer's answer for the city. */
function resolvePlace(raw: RawEvent, gazetteer: Gazetteer | null): Place {
  let code = countryCode(raw.country);
  let region = raw.region;
  let zone = timeZoneAt(raw.lat, raw.lon);
  if (raw.city && gazetteer && (!code || !zone)) {
    const qualifier = region ?? raw.country ?? '';
    const place =
      gazetteer.matchName(qualifier ? `${raw.city}, ${qualifier}` : raw.city) ?? gazetteer.matchName(raw.city);
    if (place && (!code || place.countryCode === code)) {
      code ??= place.countryCode;
      zone ??= place.timeZone;
    }
  }
  if (code === 'US' && region) region = stateCode(region);
  return { city: raw.city, region, countryCode: code, timeZone: zone, lat: raw.lat, lon: raw.lon };
}

export function rowKey(pageUrl: string, index: number, raw: RawEvent): string {
  return createHash('sha1')
    .update(`${pageUrl}|${index}|${raw.id ?? ''}|${raw.start ?? ''}`)
    .digest('base64url')
    .slice(0, 16);
}

/** The one performer every event that names one shares (an artist's own page), else null (a venue's page). */
function pageArtist(raws: RawEvent[]): string | null {
  const names = new Set(raws.flatMap((raw) => (raw.performers[0] ? [raw.performers[0]] : [])));
  return names.size === 1 ? [...names][0]! : null;
}

export function resolveEvents(raws: RawEvent[], pageUrl: string, context: ResolveContext): ScrapedEvent[] {
  const seen = new Set<string>();
  const onlyArtist = pageArtist(raws);
  const rows: ScrapedEvent[] = [];
  raws.forEach((raw, index) => {
    const place = resolvePlace(raw, context.gazetteer);
    const read = readStart(raw, place.timeZone, context.pageDate);
    const artistName = raw.performers[0] ?? context.artistHint ?? onlyArtist ?? artistFromTitle(raw.name);
    const ambiguities = [...read.ambiguities];
    if (!raw.venueName || !raw.city) ambiguities.push(SCRAPE_AMBIGUITIES.noVenue);
    else if (!place.countryCode) ambiguities.push(SCRAPE_AMBIGUITIES.noCountry);
    if (!artistName) ambiguities.push(SCRAPE_AMBIGUITIES.noArtist);
    if (raw.source === 'text') ambiguities.push(SCRAPE_AMBIGUITIES.fromText);
    // One event in JSON-LD and microdata both is one row.
    const identity = `${artistName}|${read.date}|${raw.venueName}|${raw.city}`.toLowerCase();
    if (seen.has(identity)) return;
    seen.add(identity);
    rows.push({
      key: rowKey(pageUrl, index, raw),
      externalId: raw.id,
      artistName,
      date: read.date,
      localTime: read.time,
      venueName: raw.venueName,
      city: place.city,
      region: place.region,
      countryCode: place.countryCode,
      timeZone: place.timeZone,
      lat: place.lat,
      lon: place.lon,
      status: statusOf(raw.status),
      ticketUrl: raw.ticketUrl,
      pageUrl,
      source: raw.source,
      ambiguities,
    });
  });
  return rows;
}
