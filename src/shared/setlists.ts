/**
 * Setlists and concert-history import (issue 12, parts 2, 3 and 5): limits, kinds, messages and
 * the view types both sides use. Zod request schemas live in setlists-api.ts so pages that only
 * need a message or a type do not pull zod in.
 */

export const SETLIST_LIMITS = {
  /** Songs (tapes included) in one setlist. */
  maxSongs: 200,
  songNameMax: 200,
  noteMax: 200,
  coverArtistMax: 200,
  infoMax: 1000,
  /** Encores after the main set: set_index 0 = main, 1..maxEncores. */
  maxEncores: 5,
  /** Type-ahead answers. */
  suggestionsMax: 10,
} as const;

/** Who a setlist came from: setlist.fm (shared by every fan) or one fan's own, entered by hand. */
export const SETLIST_SOURCES = ['setlistfm', 'user'] as const;
export type SetlistSource = (typeof SETLIST_SOURCES)[number];

/** A 'tape' (intro/outro played from tape) is listed but never counts as a song heard live. */
export const SETLIST_SONG_KINDS = ['song', 'tape'] as const;
export type SetlistSongKind = (typeof SETLIST_SONG_KINDS)[number];

/**
 * How stats pick a setlist (for the History/Stats engineer): for a fan's attended stop, use the
 * fan's own setlist (source 'user', owner_id = fan) when there is one, else the setlist.fm copy
 * (source 'setlistfm'). Count setlist_songs of kind 'song' only; songs are identified by
 * setlist_songs.song_id (one row per artist and song, covers included under the performer).
 * SQL shape: `select distinct on (s.stop_id) s.id from setlists s where s.stop_id = any(...) and
 * (s.owner_id = $fan or s.source = 'setlistfm') order by s.stop_id, (s.owner_id = $fan) desc nulls last`.
 */
export const SETLIST_STATS_RULE = 'own setlist first, else setlist.fm; songs of kind song only';

/** "Main set", "Encore", "Encore 2"… */
export function setLabel(setIndex: number): string {
  if (setIndex === 0) return 'Main set';
  return setIndex === 1 ? 'Encore' : `Encore ${setIndex}`;
}

/** One song per artist whatever the case, spacing or curly quotes of its spelling. */
export function songNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

export const SETLIST_MESSAGES = {
  tooManySongs: `A setlist can have at most ${SETLIST_LIMITS.maxSongs} songs.`,
  songNameTooLong: `A song name can be at most ${SETLIST_LIMITS.songNameMax} characters.`,
  songNameRequired: 'Give each song a name.',
  noteTooLong: `A note can be at most ${SETLIST_LIMITS.noteMax} characters.`,
  coverArtistTooLong: `The original artist's name can be at most ${SETLIST_LIMITS.coverArtistMax} characters.`,
  tooManyEncores: `A setlist can have at most ${SETLIST_LIMITS.maxEncores} encores.`,
  setsOutOfOrder: 'Sets must follow each other: the main set, then encore 1, encore 2…',
  stopNotFound: 'Show not found.',
  setlistNotFound: 'Setlist not found.',
  artistNotFound: 'Artist not found.',
  notYours: 'You can only change your own setlist.',
  saved: 'Setlist saved.',
  deleted: 'Your setlist was deleted.',
  providerUnavailable: 'setlist.fm is unavailable right now. Stored setlists still show; we will try again later.',
  providerOverQuota:
    'setlist.fm’s daily limit for this app is used up. Stored setlists still show; we will try again tomorrow.',
  retryPending: 'We could not reach setlist.fm; we will try again shortly.',
  noSetlists: 'No setlists yet for this tour.',
  attribution: 'Setlist from setlist.fm',
} as const;

/** One song line as the pages show it. */
export interface SetlistSongView {
  songId: string;
  name: string;
  setIndex: number;
  setName: string | null;
  kind: SetlistSongKind;
  coverArtistName: string | null;
  note: string | null;
}

export interface SetlistView {
  id: string;
  source: SetlistSource;
  /** True when the signed-in fan owns it (may edit or delete). */
  mine: boolean;
  stopId: string | null;
  artistId: string;
  artistName: string;
  artistSlug: string;
  eventDate: string;
  venueName: string | null;
  city: string | null;
  country: string | null;
  tourName: string | null;
  info: string | null;
  /** setlist.fm page (attribution link); null for a fan's own. */
  url: string | null;
  fetchedAt: string | null;
  songCount: number;
  songs: SetlistSongView[];
}

/** State of setlist.fm for the page: 'ok', or why stored copies are all we show. */
export type SetlistProviderState = 'ok' | 'unavailable' | 'over-quota' | 'not-configured';

/** GET /api/setlists/stops/:stopId — the show detail's setlists. */
export interface StopSetlistsView {
  stopId: string;
  artistId: string;
  artistName: string;
  artistSlug: string;
  eventDate: string;
  /** setlist.fm's copy, when there is one. */
  setlistfm: SetlistView | null;
  /** The signed-in fan's own, when there is one. */
  mine: SetlistView | null;
  provider: SetlistProviderState;
  /** A failed fetch waits to be retried. */
  retryPending: boolean;
}

/** A song of the predicted setlist: "played at 18 of 20 shows". */
export interface PredictedSong {
  songId: string;
  name: string;
  playedAt: number;
  coverArtistName: string | null;
  /** Usual place in the show (median relative position, 0 first … 1 last). */
  usualPosition: number;
  /** Usually an encore. */
  encore: boolean;
}

export interface RareSong {
  songId: string;
  name: string;
  playedAt: number;
  /** The latest date it was played on this tour. */
  lastPlayed: string;
}

/** GET /api/setlists/artists/:slug — the /setlist page for one artist. */
export interface ArtistSetlistsView {
  artistId: string;
  artistName: string;
  artistSlug: string;
  tourName: string | null;
  /** Setlists of the current tour, newest first. */
  setlists: SetlistView[];
  /** Shows (setlists) the prediction is based on. */
  showsCounted: number;
  predicted: PredictedSong[];
  rarities: RareSong[];
  provider: SetlistProviderState;
  retryPending: boolean;
}

export function playedAtText(playedAt: number, of: number): string {
  return `played at ${playedAt} of ${of} show${of === 1 ? '' : 's'}`;
}

// ---------------------------------------------------------------------------------------------
// Concert-history import (part 5)

export const HISTORY_IMPORT_LIMITS = {
  csvMaxBytes: 20 * 1024 * 1024,
  csvMaxRows: 50_000,
  /** setlist.fm attended lists are read page by page (20 a page); a bound on pages read. */
  setlistfmMaxPages: 100,
  usernameMax: 100,
  /** Preview rows sent per page. */
  previewPageSize: 100,
} as const;

export const HISTORY_IMPORT_SOURCES = ['setlistfm', 'csv', 'app'] as const;
export type HistoryImportSource = (typeof HISTORY_IMPORT_SOURCES)[number];

/** preview → queued → running → done | failed; done → undone. A preview never confirmed is discarded. */
export const HISTORY_IMPORT_STATES = ['preview', 'queued', 'running', 'done', 'failed', 'undone'] as const;
export type HistoryImportState = (typeof HISTORY_IMPORT_STATES)[number];

export const HISTORY_ROW_OUTCOMES = ['matched', 'create', 'duplicate', 'unparseable'] as const;
export type HistoryRowOutcome = (typeof HISTORY_ROW_OUTCOMES)[number];

/** Fields a CSV column can be mapped to; date and artist are required. */
export const HISTORY_CSV_FIELDS = ['date', 'artist', 'venue', 'city', 'country'] as const;
export type HistoryCsvField = (typeof HISTORY_CSV_FIELDS)[number];
export type HistoryCsvMapping = Partial<Record<HistoryCsvField, string>>;

/** Column headers a mapping is guessed from (this app's own CSV export uses the first of each). */
const CSV_GUESSES: Record<HistoryCsvField, string[]> = {
  date: ['date', 'event date', 'show date', 'eventdate', 'day'],
  artist: ['artist', 'band', 'artist name', 'performer', 'headliner'],
  venue: ['venue', 'venue name', 'location', 'place'],
  city: ['city', 'town'],
  country: ['country', 'country code'],
};

export function guessCsvMapping(headers: string[]): HistoryCsvMapping {
  const mapping: HistoryCsvMapping = {};
  for (const field of HISTORY_CSV_FIELDS) {
    const found = headers.find((header) => CSV_GUESSES[field].includes(header.trim().toLowerCase()));
    if (found) mapping[field] = found;
  }
  return mapping;
}

export const HISTORY_IMPORT_MESSAGES = {
  csvTooLarge: 'That file is over 20 MB. Split it into smaller files and import each one.',
  csvTooManyRows: 'That file has more than 50,000 rows. Split it into smaller files and import each one.',
  csvEmpty: 'That file has no rows to import.',
  csvUnreadable: 'That file could not be read as CSV.',
  mappingRequired: 'Choose the columns that hold the date and the artist.',
  mappingUnknownColumn: 'That column is not in the file.',
  dateUnparseable: 'The date could not be read.',
  artistMissing: 'The artist is missing.',
  unknownSetlistfmUser: 'There is no setlist.fm user with that name.',
  appExportUnreadable: 'That is not an export from this app.',
  importNotFound: 'Import not found.',
  notPreview: 'This import was already started.',
  notUndoable: 'Only a finished import can be undone.',
  nothingToImport: 'Nothing in this preview can be imported.',
  undone: 'The import was undone.',
} as const;

export const HISTORY_ROW_OUTCOME_LABELS: Record<HistoryRowOutcome, string> = {
  matched: 'Matched',
  create: 'New show',
  duplicate: 'Already in your history',
  unparseable: 'Unparseable',
};

export interface HistoryImportView {
  id: string;
  source: HistoryImportSource;
  label: string;
  state: HistoryImportState;
  totalRows: number;
  processedRows: number;
  addedCount: number;
  createdStopCount: number;
  skippedCount: number;
  counts: Record<HistoryRowOutcome, number>;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  undoneAt: string | null;
}

export interface HistoryImportRowView {
  rowNumber: number;
  eventDate: string | null;
  artistName: string | null;
  venueName: string | null;
  city: string | null;
  country: string | null;
  outcome: HistoryRowOutcome;
  /** 0–1, matched rows only. */
  confidence: number | null;
  stop: { id: string; artistName: string; venueName: string; city: string; eventDate: string } | null;
  message: string | null;
}

/** The live event while an import job runs, on the signed-in user's stream (GET /api/events). */
export interface HistoryImportProgressEvent {
  type: 'history-import-progress';
  importId: string;
  state: HistoryImportState;
  processedRows: number;
  totalRows: number;
}
