import { GLASS_MERIDIAN, NORTHERN_LANTERNS, VELVET_HARBOR } from './dataset.ts';
import { type FakeReply, type FakeRequest, type FakeServer, startFakeServer } from './fake-server.ts';

/**
 * Local Last.fm (user.getTopArtists) and ListenBrainz (user artist statistics) with the real
 * answer shapes: Last.fm's numbers are strings, `mbid` may be "", unknown users are 404
 * {message, error: 6}, a bad key 403 {message, error: 10} (shared/reference/provider-apis.md §8);
 * ListenBrainz answers {payload: {artists, …}}, 204 while a user's stats are not computed,
 * 404 {code, error} for an unknown user.
 */

export const FAKE_LASTFM_KEY = 'fake-lastfm-key';

export interface ListenedFakeArtist {
  name: string;
  mbid?: string;
  plays: number;
}

/** A Last.fm user whose top artists mix every kind of match against the seeded catalogs. */
export const LASTFM_FAN = 'lantern_fan';
export const LISTENBRAINZ_FAN = 'harbor_listener';
/** A ListenBrainz account whose statistics are not computed yet (204). */
export const LISTENBRAINZ_NEW_USER = 'fresh_listener';

export function defaultLastFmUsers(): Record<string, ListenedFakeArtist[]> {
  return {
    [LASTFM_FAN]: [
      { name: 'Northern Lanterns', mbid: NORTHERN_LANTERNS, plays: 1511 },
      { name: 'The Midnight Lanterns', plays: 980 },
      { name: 'Amber Foxes', plays: 702 },
      { name: 'Copper Foxes', plays: 655 },
      // A typo in the scrobbles: only similar to the catalog's "Neon Foxes".
      { name: 'Neon Foxs', plays: 401 },
      { name: 'Velvet Harbor', mbid: VELVET_HARBOR, plays: 300 },
      { name: 'Unheard Of Band', plays: 120 },
    ],
  };
}

export function defaultListenBrainzUsers(): Record<string, ListenedFakeArtist[] | null> {
  return {
    [LISTENBRAINZ_FAN]: [
      { name: 'Velvet Harbor', mbid: VELVET_HARBOR, plays: 420 },
      { name: 'Northern Lanterns', mbid: NORTHERN_LANTERNS, plays: 233 },
      { name: 'Glass Meridian', mbid: GLASS_MERIDIAN, plays: 90 },
      { name: 'Amber Foxes', plays: 41 },
    ],
    [LISTENBRAINZ_NEW_USER]: null,
  };
}

const LASTFM_PERIODS = new Set(['overall', '7day', '1month', '3month', '6month', '12month']);
const LB_RANGES = new Set([
  'this_week',
  'this_month',
  'this_year',
  'week',
  'month',
  'quarter',
  'year',
  'half_yearly',
  'all_time',
]);

const lastFmError = (status: number, error: number, message: string): FakeReply => ({
  status,
  body: { message, error },
});

export interface FakeLastFm extends FakeServer {
  users: Record<string, ListenedFakeArtist[]>;
}

export async function startFakeLastFm(options: { port?: number } = {}): Promise<FakeLastFm> {
  const users = defaultLastFmUsers();
  const handle = (request: FakeRequest): FakeReply => {
    if (request.path !== '/2.0/' && request.path !== '/2.0') return { status: 404, body: 'Not Found' };
    const q = request.query;
    if (q.get('api_key') !== FAKE_LASTFM_KEY) {
      return lastFmError(403, 10, 'Invalid API key - You must be granted a valid key by last.fm');
    }
    if ((q.get('method') ?? '').toLowerCase() !== 'user.gettopartists') {
      return lastFmError(400, 3, 'Invalid Method - No method with that name in this package');
    }
    const period = q.get('period') ?? 'overall';
    const user = q.get('user');
    if (!user || !LASTFM_PERIODS.has(period)) return lastFmError(400, 6, 'Invalid parameters');
    // Last.fm usernames are case-insensitive.
    const key = Object.keys(users).find((name) => name.toLowerCase() === user.toLowerCase());
    if (!key) return lastFmError(404, 6, 'User not found');
    const limit = Math.min(1000, Number(q.get('limit') ?? 50) || 50);
    const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
    const all = users[key]!;
    const slice = all.slice((page - 1) * limit, page * limit);
    return {
      status: 200,
      body: {
        topartists: {
          artist: slice.map((artist, i) => ({
            streamable: '0',
            image: ['small', 'medium', 'large', 'extralarge', 'mega'].map((size) => ({
              size,
              '#text': 'https://lastfm.freetls.fastly.net/i/u/34s/2a96cbd8b46e442fc41c2b86b821562f.png',
            })),
            mbid: artist.mbid ?? '',
            url: `https://www.last.fm/music/${encodeURIComponent(artist.name).replace(/%20/g, '+')}`,
            playcount: String(artist.plays),
            '@attr': { rank: String((page - 1) * limit + i + 1) },
            name: artist.name,
          })),
          '@attr': {
            user: key,
            totalPages: String(Math.max(1, Math.ceil(all.length / limit))),
            page: String(page),
            perPage: String(limit),
            total: String(all.length),
          },
        },
      },
    };
  };
  const server = await startFakeServer(
    {
      handle,
      unavailableBody: {
        message: 'Service Offline - This service is temporarily offline. Try again later.',
        error: 11,
      },
      malformedBody: { topartists: { artist: [{ playcount: '12' }] } },
      control: (pathname, body) => {
        if (pathname !== '/__fake/users') return null;
        Object.assign(users, body as Record<string, ListenedFakeArtist[]>);
        return { status: 200, body: { ok: true } };
      },
    },
    { port: options.port, basePath: '/2.0/' },
  );
  return Object.assign(server, { users });
}

export interface FakeListenBrainz extends FakeServer {
  users: Record<string, ListenedFakeArtist[] | null>;
}

export async function startFakeListenBrainz(options: { port?: number } = {}): Promise<FakeListenBrainz> {
  const users = defaultListenBrainzUsers();
  const handle = (request: FakeRequest): FakeReply => {
    const match = /^\/1\/stats\/user\/([^/]+)\/artists$/.exec(request.path);
    if (!match) return { status: 404, body: { code: 404, error: 'Not found' } };
    const user = decodeURIComponent(match[1]!);
    const range = request.query.get('range') ?? 'all_time';
    if (!LB_RANGES.has(range)) return { status: 400, body: { code: 400, error: `Invalid range: ${range}` } };
    if (!(user in users)) return { status: 404, body: { code: 404, error: `Cannot find user: ${user}` } };
    const artists = users[user];
    // Statistics not calculated yet: an empty 204.
    if (!artists) return { status: 204, body: null };
    const count = Math.min(100, Number(request.query.get('count') ?? 25) || 25);
    const offset = Math.max(0, Number(request.query.get('offset') ?? 0) || 0);
    const now = Math.floor(Date.now() / 1000);
    return {
      status: 200,
      body: {
        payload: {
          artists: artists.slice(offset, offset + count).map((artist) => ({
            artist_mbid: artist.mbid ?? null,
            artist_mbids: artist.mbid ? [artist.mbid] : [],
            artist_name: artist.name,
            listen_count: artist.plays,
          })),
          count,
          offset,
          range,
          total_artist_count: artists.length,
          user_id: user,
          from_ts: now - 365 * 86_400,
          to_ts: now,
          last_updated: now - 3600,
        },
      },
    };
  };
  const server = await startFakeServer(
    {
      handle,
      unavailableBody: { code: 503, error: 'The service is temporarily unavailable.' },
      malformedBody: { payload: { artists: [{ artist_name: 'X' }] } },
      control: (pathname, body) => {
        if (pathname !== '/__fake/users') return null;
        Object.assign(users, body as Record<string, ListenedFakeArtist[] | null>);
        return { status: 200, body: { ok: true } };
      },
    },
    { port: options.port },
  );
  return Object.assign(server, { users });
}
