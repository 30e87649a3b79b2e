/**
 * Listening imports (issue 15): a fan's Spotify data export, and the admin's catalog seeding from
 * an artist list or an export. Contracts, limits and messages shared by the pages and the server.
 */
import type { CatalogMatch, MatchConfidence } from './music-services.ts';

export const LISTENING_IMPORT_LIMITS = {
  /** All files of one import together. */
  maxBytes: 200 * 1024 * 1024,
  maxFiles: 40,
  /** A zip upload: what its entries may unpack to in all (zip bombs), and how many entries it may hold. */
  zipMaxUncompressedBytes: 1024 * 1024 * 1024,
  zipMaxEntries: 1000,
  /**
   * A zip's entries may unpack to at most this many times the bytes sent so far (checked past
   * zipRatioFloorBytes): Spotify's JSON packs about ten to one, a bomb a thousand to one.
   */
  zipMaxRatio: 50,
  zipRatioFloorBytes: 8 * 1024 * 1024,
  /** Different artists one upload may name: a real history has thousands, not a hundred thousand. */
  maxArtists: 25_000,
  fileNameMax: 200,
  /** Preview rows per page. */
  pageMax: 200,
  /** Artists followed (or added) by one import. */
  pickMax: 2000,
  /** Lines of an admin's artist list. */
  listLinesMax: 2000,
  listCharsMax: 200_000,
} as const;

export type ListeningImportKind = 'fan' | 'admin';
export type ListeningImportState = 'uploading' | 'matching' | 'preview' | 'following' | 'done' | 'cancelled' | 'failed';
export type ListeningImportPhase = 'match' | 'follow';

/** A match made after the preview: looked up on MusicBrainz and added to the catalog. */
export type ImportConfidence = MatchConfidence | 'musicbrainz';

export type ImportOutcome = 'followed' | 'already' | 'excluded' | 'added' | 'in-catalog' | 'not-matched';

export const IMPORT_OUTCOME_LABELS: Record<ImportOutcome, string> = {
  followed: 'Followed',
  already: 'Already followed',
  excluded: 'On your exclude list',
  added: 'Added to the catalog',
  'in-catalog': 'Already in the catalog',
  'not-matched': 'Not matched',
};

export interface ListeningImportFile {
  name: string;
  bytes: number;
  /** Plays counted; for a Spotify playlist, the tracks read. */
  plays: number;
  /** Set for an admin's Spotify playlist (its counts are tracks, not plays). */
  playlist?: { id: string; skipped: number };
}

/** Whether the admin's playlist import can run, and if not, the variable that is missing. */
export interface PlaylistImportStatus {
  configured: boolean;
  missing: 'SPOTIFY_CLIENT_ID' | 'SPOTIFY_CLIENT_SECRET' | null;
}

/** GET /api/admin/spotify-import */
export interface AdminImportList {
  imports: ListeningImportView[];
  playlist: PlaylistImportStatus;
}

/** An open.spotify.com/playlist/<id> link (with ?si=… or an intl- prefix) or a spotify:playlist:<id> URI. */
const PLAYLIST_LINK =
  /^(?:https?:\/\/)?open\.spotify\.com\/(?:intl-[a-z-]+\/)?(?:user\/[^/\s]+\/)?playlist\/([0-9A-Za-z]{22})(?:[/?#]\S*)?$/;
const PLAYLIST_URI = /^spotify:(?:user:[^:\s]+:)?playlist:([0-9A-Za-z]{22})$/;

/** The playlist id of a pasted link, or null. */
export function spotifyPlaylistId(text: string): string | null {
  const value = text.trim();
  return (PLAYLIST_LINK.exec(value) ?? PLAYLIST_URI.exec(value))?.[1] ?? null;
}

export interface ListeningImportSummary {
  /** Fans: artists followed. Admins: artists new to the catalog. */
  followed: number;
  added: number;
  skipped: number;
  notMatched: number;
  /** Reason → how many. */
  reasons: { reason: string; count: number }[];
  /** Artists new to the catalog whose tour-date sync was queued. */
  syncQueued: number;
}

export interface ListeningImportView {
  id: string;
  kind: ListeningImportKind;
  state: ListeningImportState;
  phase: ListeningImportPhase | null;
  files: ListeningImportFile[];
  bytes: number;
  plays: number;
  artists: number;
  processed: number;
  total: number;
  summary: ListeningImportSummary | null;
  error: string | null;
  /** Running but not heard from for a while (a restart): it can be resumed. */
  stalled: boolean;
  createdAt: string;
  updatedAt: string;
  /** Admin imports: who started it. */
  startedBy?: string;
}

export interface ListeningImportArtist {
  key: string;
  rank: number;
  name: string;
  plays: number;
  /** Minutes listened (exports only). */
  minutes: number;
  match: CatalogMatch<ImportConfidence> | null;
  followed: boolean;
  excluded: boolean;
  chosen: boolean;
  outcome: ImportOutcome | null;
  reason: string | null;
}

export interface ListeningImportArtistPage {
  artists: ListeningImportArtist[];
  total: number;
  offset: number;
}

/** The live event while an import job runs, on the user's stream (GET /api/events). */
export interface ListeningImportProgressEvent {
  type: 'listening-import-progress';
  importId: string;
  state: ListeningImportState;
  processed: number;
  total: number;
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const LISTENING_IMPORT_MESSAGES = {
  notAnExport: (file: string, why: string) =>
    `“${file}” is not a Spotify streaming history file (${why}). Nothing was changed — choose the StreamingHistory or Streaming_History_Audio .json files from Spotify's download.`,
  tooLarge: `The files are larger than ${mb(LISTENING_IMPORT_LIMITS.maxBytes)} in total. Upload fewer files at once.`,
  tooManyFiles: `At most ${LISTENING_IMPORT_LIMITS.maxFiles} files per import.`,
  notAZip: (file: string, why: string) =>
    `“${file}” could not be read as a zip (${why}). Nothing was changed — unzip it and choose the .json files inside, or download it again.`,
  noHistoryInZip: (file: string) =>
    `“${file}” has no Spotify streaming history in it (no StreamingHistory…, Streaming_History_Audio_… or endsong_… .json files). Nothing was changed.`,
  duplicateFile: (file: string) => `“${file}” is already part of this import.`,
  notFound: 'No such import.',
  notUploading: 'This import no longer takes files: start a new one.',
  nothingCounted: 'No music plays were found in these files. Nothing was changed.',
  notPreview: 'This import is not waiting for your choice.',
  notRunning: 'This import is not running.',
  notResumable: 'Only a failed, cancelled or stalled import can be resumed.',
  nothingChosen: 'Pick at least one artist.',
  emptyList: 'Enter at least one artist: a name, a MusicBrainz id or an open.spotify.com artist link per line.',
  cancelled: 'Cancelled. Nothing was followed; resume to carry on where it stopped.',
  notAPlaylist: 'Paste a Spotify playlist link (https://open.spotify.com/playlist/…) or a spotify:playlist: URI.',
  playlistNotFound: 'Playlist not found or not public',
  playlistRefused:
    'Spotify did not let this app read that playlist (HTTP 403). Apps in development mode may read only some playlists: try one you made public yourself.',
  playlistEmpty:
    'That playlist has no tracks with an artist (local files and podcasts are left out). Nothing was changed.',
  playlistNeedsId:
    'The playlist import needs a Spotify app: set SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET (see the README, “Connect Spotify”).',
  playlistNeedsSecret:
    'The playlist import needs SPOTIFY_CLIENT_SECRET (the Client secret of the Spotify app whose id is in SPOTIFY_CLIENT_ID): Spotify only lets an app read playlists with its own token. Fans never need it.',
  spotifyRefusedApp: 'Spotify refused the app’s credentials: check SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET.',
  spotifyRateLimited: (seconds: number) =>
    `Spotify asks us to slow down: try again in ${seconds} second${seconds === 1 ? '' : 's'}. Nothing was changed.`,
  spotifyDown: 'Spotify is not answering right now. Nothing was changed — please try again in a minute.',
  failed: 'The import stopped on an error. Nothing was followed; resume to carry on where it stopped.',
} as const;

export const NOT_MATCHED_REASONS = {
  noMusicBrainz: 'No confident match on MusicBrainz',
  unknownMbid: 'MusicBrainz has no artist with this id',
  unknownSpotify: 'MusicBrainz has no artist linked to this Spotify page',
  musicBrainzDown: 'MusicBrainz did not answer',
} as const;
