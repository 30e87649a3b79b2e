/**
 * Keeping music services in sync (issue 15): Spotify connected with OAuth, Last.fm / ListenBrainz
 * usernames kept as connections, re-synced weekly and on demand, adding or proposing artists.
 * Contracts and messages shared by the page and the server.
 */
import { type ListeningPeriod, MUSIC_SOURCE_LABELS, type MusicSource } from './music-services.ts';

export const SYNC_SOURCES = ['spotify', 'lastfm', 'listenbrainz'] as const;
export type SyncSource = (typeof SYNC_SOURCES)[number];

export const SYNC_MODES = ['propose', 'auto'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];

export const SYNC_MODE_LABELS: Record<SyncMode, string> = {
  propose: 'Propose them for review',
  auto: 'Follow them automatically',
};

/** Spotify's three time ranges, in the page's period words. */
export const SPOTIFY_PERIODS = ['month', 'half-year', 'year'] as const satisfies readonly ListeningPeriod[];
export type SpotifyPeriod = (typeof SPOTIFY_PERIODS)[number];
export const SPOTIFY_PERIOD_LABELS: Record<SpotifyPeriod, string> = {
  month: 'Last 4 weeks',
  'half-year': 'Last 6 months',
  year: 'About a year',
};

export interface MusicSyncSummary {
  /** Followed by this sync (mode 'auto'). */
  added: number;
  /** New proposals (mode 'propose'). */
  proposed: number;
  alreadyFollowed: number;
  /** On the exclude list: left alone. */
  excluded: number;
  /** Not in the catalog. */
  notMatched: number;
}

export interface MusicConnection {
  id: string;
  source: SyncSource;
  /** Last.fm / ListenBrainz username; null for Spotify. */
  username: string | null;
  /** 'reconnect': Spotify no longer accepts our access; connect again. */
  status: 'connected' | 'reconnect';
  mode: SyncMode;
  period: ListeningPeriod;
  lastSyncedAt: string | null;
  lastSummary: MusicSyncSummary | null;
  lastError: string | null;
  connectedAt: string;
}

export interface MusicConnectionList {
  spotify: {
    /** False when SPOTIFY_CLIENT_ID is not set on the server. */
    configured: boolean;
    /** What to register as the Spotify app's redirect URI: for admins only (operator detail), null for fans. */
    redirectUri: string | null;
  };
  /** The username services this server offers (Last.fm needs LASTFM_API_KEY; ListenBrainz needs nothing). */
  sources: MusicSource[];
  connections: MusicConnection[];
}

export interface MusicSyncResult {
  connection: MusicConnection;
  summary: MusicSyncSummary;
}

export interface MusicProposal {
  artistId: string;
  artistSlug: string;
  artistName: string;
  source: string;
  proposedAt: string;
}

export interface MusicProposalList {
  proposals: MusicProposal[];
}

export interface MusicProposalsAnswer extends MusicProposalList {
  followed: number;
  dismissed: number;
}

/** Where the Spotify callback sends the fan back: /music-services?spotify=<outcome> (never a code). */
export const SPOTIFY_OUTCOMES = [
  'connected',
  'cancelled',
  'state',
  'expired',
  'refused',
  'unavailable',
  'signed-out',
] as const;
export type SpotifyOutcome = (typeof SPOTIFY_OUTCOMES)[number];

export const SPOTIFY_OUTCOME_MESSAGES: Record<SpotifyOutcome, string> = {
  connected: 'Spotify is connected. Preview your artists below, or let the weekly sync do it.',
  cancelled: 'You cancelled on Spotify, so nothing was connected. Connect again whenever you like.',
  state:
    'That Spotify answer did not belong to this connection attempt (it may have come from another tab or account). Nothing was connected — please connect again.',
  expired:
    'The Spotify connection took too long and expired (10 minutes). Nothing was connected — please connect again.',
  refused:
    'Spotify did not accept the sign-in (its security check failed). Nothing was connected — please connect again.',
  unavailable: 'Spotify is not answering right now. Nothing was connected — please try again in a few minutes.',
  'signed-out': 'Please sign in, then connect Spotify again.',
};

export const SYNC_MESSAGES = {
  // A fan's words: what to set up, and where, is for the administrator (the page shows it to admins only).
  spotifyNotConfigured: "Spotify isn't available on this server.",
  reconnect: 'Spotify no longer accepts this connection (access was removed or expired). Connect Spotify again.',
  rateLimited: (seconds: number) =>
    `Spotify asks us to slow down. Nothing was changed — please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  spotifyDown: 'Spotify is not answering right now. Nothing was changed — please try again in a few minutes.',
  connectionNotFound: 'That music service connection does not exist.',
  notConnected: 'Connect Spotify first.',
  proposalsNotFound: 'Some of those proposals are gone already. Nothing was changed — reload the list.',
  unknownUser: (source: MusicSource, username: string) =>
    `${MUSIC_SOURCE_LABELS[source]} has no user called “${username}”. Check the spelling of the username.`,
} as const;

/** How a summary reads on the page. */
export function describeSyncSummary(summary: MusicSyncSummary): string {
  const parts: string[] = [];
  if (summary.added > 0) parts.push(`${summary.added} followed`);
  if (summary.proposed > 0) parts.push(`${summary.proposed} proposed`);
  if (summary.alreadyFollowed > 0) parts.push(`${summary.alreadyFollowed} already followed`);
  if (summary.excluded > 0) parts.push(`${summary.excluded} excluded`);
  if (summary.notMatched > 0) parts.push(`${summary.notMatched} not in the catalog`);
  return parts.length === 0 ? 'Nothing new.' : `${parts.join(', ')}.`;
}
