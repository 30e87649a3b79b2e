import Papa from 'papaparse';
import { AppError } from '#server/lib/app-error.ts';
import type { FetchedSetlist } from '#server/providers/setlistfm/setlistfm.mapping.ts';
import { isIsoDate } from '#shared/dates.ts';
import { HISTORY_IMPORT_LIMITS, HISTORY_IMPORT_MESSAGES, type HistoryCsvMapping } from '#shared/setlists.ts';
import { SHOW_LIMITS } from '#shared/shows.ts';

/** One input row, read but not yet matched. `problem` set: the row is unparseable. */
export interface ImportRow {
  rowNumber: number;
  raw: Record<string, unknown>;
  eventDate: string | null;
  artistName: string | null;
  artistMbid: string | null;
  venueName: string | null;
  city: string | null;
  country: string | null;
  problem: string | null;
  /** The setlist.fm setlist that came with the row (attended-list import). */
  setlist?: FetchedSetlist;
}

const NAME_MAX = 200;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (n: number) => String(n).padStart(2, '0');

function isoOf(year: number, month: number, day: number): string | null {
  if (year < 100) year += year < 50 ? 2000 : 1900;
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  if (!isIsoDate(iso)) return null;
  return year >= SHOW_LIMITS.minYear && year <= SHOW_LIMITS.maxYear ? iso : null;
}

function monthOf(word: string): number {
  return MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1;
}

/**
 * The date layouts spreadsheets use: 2024-05-17, 2024/05/17, 17.05.2024, 17-05-2024 (setlist.fm),
 * 05/17/2024 (US) or 17/05/2024 (a first number over 12 is the day; otherwise month first, as
 * US spreadsheets write it), "May 17, 2024", "17 May 2024", and an ISO date-time.
 */
export function parseLooseDate(input: string): string | null {
  const text = input.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(text);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[.-](\d{1,2})[.-](\d{2}|\d{4})$/.exec(text);
  if (m) return isoOf(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    return a > 12 ? isoOf(Number(m[3]), b, a) : isoOf(Number(m[3]), a, b);
  }
  m = /^([A-Za-z]{3,})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(text);
  if (m && monthOf(m[1]!) > 0) return isoOf(Number(m[3]), monthOf(m[1]!), Number(m[2]));
  m = /^(\d{1,2})(?:st|nd|rd|th)? ([A-Za-z]{3,})\.?,? (\d{4})$/.exec(text);
  if (m && monthOf(m[2]!) > 0) return isoOf(Number(m[3]), monthOf(m[2]!), Number(m[1]));
  return null;
}

const countryCodeByName = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const map = new Map<string, string>();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (name && name !== code) map.set(name.toLowerCase(), code);
    }
  }
  for (const [alias, code] of [
    ['usa', 'US'],
    ['united states of america', 'US'],
    ['uk', 'GB'],
    ['england', 'GB'],
    ['scotland', 'GB'],
    ['wales', 'GB'],
    ['holland', 'NL'],
  ] as const) {
    map.set(alias, code);
  }
  return map;
})();

/** A 2-letter code, or the English name of a country ("United States", "Germany"); null when unknown. */
export function countryCode(input: string | null): string | null {
  if (!input) return null;
  const text = input.trim();
  const named = countryCodeByName.get(text.toLowerCase());
  if (named) return named;
  return /^[A-Za-z]{2}$/.test(text) ? text.toUpperCase() : null;
}

const clean = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  // A formula guard some exports add (a leading quote) is not part of the name.
  const text = value
    .replace(/^'(?=[=+\-@])/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, NAME_MAX) : null;
};

function toRow(rowNumber: number, raw: Record<string, unknown>, fields: Record<string, string | null>): ImportRow {
  const dateText = fields.date ?? null;
  const eventDate = dateText ? parseLooseDate(dateText) : null;
  const artistName = fields.artist ?? null;
  const problem = !dateText
    ? HISTORY_IMPORT_MESSAGES.dateUnparseable
    : !eventDate
      ? HISTORY_IMPORT_MESSAGES.dateUnparseable
      : !artistName
        ? HISTORY_IMPORT_MESSAGES.artistMissing
        : null;
  return {
    rowNumber,
    raw,
    eventDate,
    artistName,
    artistMbid: fields.artistMbid ?? null,
    venueName: fields.venue ?? null,
    city: fields.city ?? null,
    country: fields.country ?? null,
    problem,
  };
}

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** A CSV with a header row, read through the fan's column mapping. Refuses files over the limits. */
export function parseCsvRows(text: string, mapping: HistoryCsvMapping): ImportRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, string>>(body, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const headers = parsed.meta.fields ?? [];
  if (headers.length === 0 || (parsed.data.length === 0 && parsed.errors.length > 0)) {
    throw bad(HISTORY_IMPORT_MESSAGES.csvUnreadable);
  }
  if (parsed.data.length === 0) throw bad(HISTORY_IMPORT_MESSAGES.csvEmpty);
  if (parsed.data.length > HISTORY_IMPORT_LIMITS.csvMaxRows) throw bad(HISTORY_IMPORT_MESSAGES.csvTooManyRows);
  for (const column of Object.values(mapping)) {
    if (column && !headers.includes(column)) throw bad(HISTORY_IMPORT_MESSAGES.mappingUnknownColumn);
  }
  const mbidColumn = headers.find((header) => header.toLowerCase() === 'artistmbid');
  return parsed.data.map((record, index) => {
    const pick = (column: string | undefined) => (column ? clean(record[column]) : null);
    return toRow(index + 2, record, {
      date: pick(mapping.date),
      artist: pick(mapping.artist),
      venue: pick(mapping.venue),
      city: pick(mapping.city),
      country: pick(mapping.country),
      artistMbid: pick(mbidColumn)?.toLowerCase() ?? null,
    });
  });
}

/** This app's account export (JSON with a `shows` list): its attended shows. */
export function parseAppExport(text: string): ImportRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw bad(HISTORY_IMPORT_MESSAGES.appExportUnreadable);
  }
  const shows = Array.isArray(data) ? data : (data as { shows?: unknown } | null)?.shows;
  if (!Array.isArray(shows)) throw bad(HISTORY_IMPORT_MESSAGES.appExportUnreadable);
  if (shows.length > HISTORY_IMPORT_LIMITS.csvMaxRows) throw bad(HISTORY_IMPORT_MESSAGES.csvTooManyRows);
  const rows: ImportRow[] = [];
  shows.forEach((value, index) => {
    const show = (value ?? {}) as Record<string, unknown>;
    if (show.state !== undefined && show.state !== 'attended') return;
    rows.push(
      toRow(index + 1, show, {
        date: clean(show.date),
        artist: clean(show.artist),
        venue: clean(show.venue),
        city: clean(show.city),
        country: clean(show.country),
        artistMbid: clean(show.artistMbid)?.toLowerCase() ?? null,
      }),
    );
  });
  if (rows.length === 0) throw bad(HISTORY_IMPORT_MESSAGES.csvEmpty);
  return rows;
}

/** setlist.fm attended setlists: one row each, the setlist kept to be stored with the show. */
export function rowsFromSetlists(setlists: FetchedSetlist[]): ImportRow[] {
  return setlists.map((setlist, index) => ({
    rowNumber: index + 1,
    raw: { setlistfmId: setlist.setlistfmId, url: setlist.url },
    eventDate: setlist.eventDate,
    artistName: setlist.artistName,
    artistMbid: setlist.artistMbid,
    venueName: setlist.venueName,
    city: setlist.city,
    country: setlist.country,
    problem: null,
    setlist,
  }));
}
