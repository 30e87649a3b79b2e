/** /admin/historical-import: past tour dates from a catalog JSON or a mapped CSV, dry run first. */

export const HISTORICAL_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const HISTORICAL_IMPORT_MAX_ROWS = 50_000;
/** The kept report lists at most this many rows (the counts cover all of them). */
export const REPORT_ROWS_KEPT = 5_000;
/** A CSV row without a tour column (or an empty one) goes into this tour. */
export const DEFAULT_HISTORICAL_TOUR = 'Past shows';

/** CSV columns the importer understands; the mapping step says which header holds each. */
export const csvFields = ['artist', 'date', 'venue', 'city', 'region', 'country', 'time', 'tour', 'mbid'] as const;
export type CsvField = (typeof csvFields)[number];
export const requiredCsvFields: readonly CsvField[] = ['artist', 'date', 'venue', 'city', 'country'];
export type CsvMapping = Partial<Record<CsvField, string>>;

export const csvFieldLabels: Record<CsvField, string> = {
  artist: 'Artist',
  date: 'Date (YYYY-MM-DD)',
  venue: 'Venue',
  city: 'City',
  region: 'Region / state',
  country: 'Country (2 letters)',
  time: 'Time (HH:MM)',
  tour: 'Tour name',
  mbid: 'MusicBrainz ID',
};

/** Header names recognised without the admin picking them. */
export function guessMapping(headers: string[]): CsvMapping {
  const mapping: CsvMapping = {};
  const aliases: Record<CsvField, string[]> = {
    artist: ['artist', 'band', 'performer', 'artist name'],
    date: ['date', 'event date', 'event_date', 'day'],
    venue: ['venue', 'venue name', 'place'],
    city: ['city', 'town'],
    region: ['region', 'state', 'province'],
    country: ['country', 'country code', 'country_code'],
    time: ['time', 'start time', 'start_time'],
    tour: ['tour', 'tour name', 'tour_name'],
    mbid: ['mbid', 'musicbrainz id', 'musicbrainz_id'],
  };
  for (const field of csvFields) {
    const header = headers.find((h) => aliases[field].includes(h.trim().toLowerCase()));
    if (header) mapping[field] = header;
  }
  return mapping;
}

export type RowOutcome = 'add' | 'match' | 'reject';

export interface ImportRowReport {
  /** 1-based: JSON stops in file order; CSV lines after the header. */
  row: number;
  artist: string;
  date: string;
  venue: string;
  city: string;
  outcome: RowOutcome;
  /** Why rejected, or 'new artist' / 'new venue' / 'same as row 4'. */
  note: string | null;
}

export interface ImportSummary {
  rows: number;
  add: number;
  match: number;
  reject: number;
}

export interface DryRunReport {
  /** Identifies the content + mapping: the run is refused while the same import runs. */
  hash: string;
  summary: ImportSummary;
  rows: ImportRowReport[];
  /** True when the rows list was cut at REPORT_ROWS_KEPT. */
  truncated: boolean;
}

export interface RunReport extends DryRunReport {
  written: { artistsAdded: number; toursAdded: number; stopsAdded: number; venuesAdded: number };
  /** The admin chose to import the valid rows only (rejected rows were skipped on purpose). */
  validOnly: boolean;
}

/** setlist.fm pages read for one artist (20 setlists each, 2 a second): the newest 500 shows. */
export const SETLISTFM_HISTORY_MAX_PAGES = 25;

/** GET /api/admin/historical-import/setlistfm: whether the setlist.fm source can be used. */
export interface SetlistfmSourceStatus {
  configured: boolean;
  /** Without a key: what is missing and where to get it. */
  message: string | null;
}

/** POST /api/admin/historical-import/setlistfm: the history as a catalog-format file for the dry run. */
export interface SetlistfmHistoryFile {
  fileName: string;
  format: 'json';
  content: string;
  /** Setlists read, and how many setlist.fm has for the artist in all. */
  fetched: number;
  total: number;
  /** More setlists exist than the pages read (the newest ones were taken). */
  truncated: boolean;
}

export const historicalImportMessages = {
  setlistfmNotConfigured:
    'setlist.fm is not configured: set SETLISTFM_API_KEY (a free key from https://www.setlist.fm/settings/api) and restart the server.',
  setlistfmNoMbid:
    'This artist has no MusicBrainz ID: add one on the Artists page first (setlist.fm finds artists by it).',
  setlistfmNothing: 'setlist.fm has no setlists for this artist.',
  setlistfmUnavailable: 'setlist.fm did not answer (or the daily quota is used up). Try again later.',
  invalidRows: (count: number) =>
    `${count} row${count === 1 ? ' is' : 's are'} invalid. Fix the file, or run for the valid rows only.`,
  alreadyRunning: 'This import is already running.',
  nothingValid: 'No row is valid: nothing to import.',
} as const;
