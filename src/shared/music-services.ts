/**
 * "Music services" (issue 15, first slice): follow the artists a fan listens to on Last.fm or
 * ListenBrainz, after a preview. Contracts, limits and messages shared by the page and the server.
 */

export const MUSIC_SOURCES = ['lastfm', 'listenbrainz'] as const;
export type MusicSource = (typeof MUSIC_SOURCES)[number];

/** Every service an artist can be followed from (the username services, and Spotify through OAuth). */
export type ImportSource = MusicSource | 'spotify';

export const MUSIC_SOURCE_LABELS: Record<ImportSource, string> = {
  lastfm: 'Last.fm',
  listenbrainz: 'ListenBrainz',
  spotify: 'Spotify',
};

/** One period vocabulary on the page; each provider's client maps it to its own words. */
export const LISTENING_PERIODS = ['week', 'month', 'quarter', 'half-year', 'year', 'all'] as const;
export type ListeningPeriod = (typeof LISTENING_PERIODS)[number];

export const LISTENING_PERIOD_LABELS: Record<ListeningPeriod, string> = {
  week: 'Last 7 days',
  month: 'Last month',
  quarter: 'Last 3 months',
  'half-year': 'Last 6 months',
  year: 'Last 12 months',
  all: 'All time',
};

export const MUSIC_LIMITS = {
  /** Top artists asked of the provider per preview (one page of each API). */
  previewMax: 100,
  previewDefault: 50,
  usernameMax: 64,
  /** Artists followed in one request. */
  followMax: 100,
} as const;

/**
 * How sure the catalog match is: the provider's MusicBrainz id equals the catalog's, the names are
 * equal (ignoring case), or the names are only similar (trigram similarity) — worth a look.
 */
export type MatchConfidence = 'mbid' | 'name' | 'fuzzy';

/** The catalog artist an imported name matched, and how sure the match is (previews and imports alike). */
export interface CatalogMatch<C extends string = MatchConfidence> {
  confidence: C;
  artistId: string;
  artistSlug: string;
  /** Title-cased catalog name. */
  artistName: string;
}

export const MATCH_LABELS: Record<MatchConfidence | 'none', string> = {
  mbid: 'Exact (MusicBrainz id)',
  name: 'Exact name',
  fuzzy: 'Fuzzy — check it',
  none: 'Not in the catalog',
};

export interface PreviewArtist {
  rank: number;
  /** As the service names it. */
  name: string;
  plays: number;
  mbid: string | null;
  /** Shown instead of plays when the service has none (Spotify: "Top 2 · Followed"). */
  note?: string | null;
  match: CatalogMatch | null;
  followed: boolean;
  /** Unfollowed by hand after an import: the import leaves it alone. */
  excluded: boolean;
}

export interface MusicPreview {
  source: ImportSource;
  username: string;
  period: ListeningPeriod;
  artists: PreviewArtist[];
  /** Set when the service answered but has nothing to show (e.g. stats not computed yet). */
  notice: string | null;
}

export interface MusicFollowResult {
  followed: number;
  alreadyFollowed: number;
  /** On the exclude list: not followed. */
  excluded: number;
}

export interface MusicExclude {
  artistId: string;
  artistSlug: string;
  artistName: string;
  source: string;
  excludedAt: string;
}

export interface MusicExcludeList {
  excludes: MusicExclude[];
}

export const MUSIC_MESSAGES = {
  unknownUser: (source: MusicSource, username: string) =>
    `${MUSIC_SOURCE_LABELS[source]} has no user called “${username}”. Check the spelling of the username.`,
  providerDown: (source: MusicSource) =>
    `${MUSIC_SOURCE_LABELS[source]} is not answering right now. Nothing was changed — please try again in a few minutes.`,
  notConfigured: (source: MusicSource) => `${MUSIC_SOURCE_LABELS[source]} isn't available on this server.`,
  noStats: (source: MusicSource) =>
    `${MUSIC_SOURCE_LABELS[source]} has no listening statistics for this user and period yet.`,
  unknownArtists: 'Some of the chosen artists are not in the catalog. Nothing was followed — preview again.',
  excludeNotFound: 'That artist is not on your exclude list.',
} as const;
