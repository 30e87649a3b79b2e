import { type FakeArtist, fakeArtists } from './dataset.ts';
import {
  type FakeReply,
  type FakeRequest,
  type FakeServer,
  type FakeServerOptions,
  startFakeServer,
} from './fake-server.ts';

/**
 * A local MusicBrainz WS/2 (JSON) with the real answer shapes (../shared/reference/provider-apis.md §1):
 * search results omit empty keys, lookups send nulls; 403 without a User-Agent; 503 with the
 * real error body when a client sends more than one request a second.
 */

const HELP = 'For usage, please see: https://musicbrainz.org/development/mmd';
const GROUP_TYPE_ID = 'e431f5f6-b5d2-343d-8b36-72607fffb74b';
const PERSON_TYPE_ID = 'b6e035f4-3ce9-331c-97df-83397230b0df';
const RELATION_TYPE_IDS: Record<string, string> = {
  wikidata: '689870a4-a1e4-4912-b17f-7b2664215698',
  'official homepage': 'fe33d22f-c3b0-4d68-bd53-a856badf2b15',
};
const VALID_INCS = new Set(['url-rels', 'genres', 'tags', 'aliases', 'ratings', 'annotation']);
/** Real MusicBrainz allows ~1 request/s; a little slack absorbs scheduling jitter. */
const MIN_GAP_MS = 900;

const rateLimitedBody = {
  error:
    'Your requests are exceeding the allowable rate limit. Please see https://wiki.musicbrainz.org/XMLWebService for more information.',
  help: HELP,
};

const typeId = (artist: FakeArtist) => (artist.type === 'Person' ? PERSON_TYPE_ID : GROUP_TYPE_ID);

/** Lucene escapes removed, field prefixes such as artist: ignored. */
function plainQuery(query: string): string {
  return query.replace(/\\(.)/g, '$1').replace(/^\w+:/, '').replace(/^"|"$/g, '').trim().toLowerCase();
}

function score(artist: FakeArtist, text: string): number {
  const name = artist.name.toLowerCase();
  if (name === text) return 100;
  if (name.startsWith(text)) return 90;
  if (name.includes(text)) return 80;
  const words = text.split(/\s+/).filter(Boolean);
  const hits = words.filter((word) => name.includes(word)).length;
  return hits === 0 ? 0 : Math.round((60 * hits) / words.length);
}

function searchItem(artist: FakeArtist, itemScore: number) {
  return {
    id: artist.mbid,
    ...(artist.type ? { type: artist.type, 'type-id': typeId(artist) } : {}),
    score: itemScore,
    name: artist.name,
    'sort-name': artist.name,
    ...(artist.country ? { country: artist.country } : {}),
    ...(artist.disambiguation ? { disambiguation: artist.disambiguation } : {}),
    'life-span': { ended: null },
  };
}

function relation(type: string, resource: string, index: number) {
  return {
    type,
    'type-id': RELATION_TYPE_IDS[type],
    'target-type': 'url',
    direction: 'forward',
    url: { id: `0b1c2d3e-0000-4000-8000-00000000000${index}`, resource },
    begin: null,
    end: null,
    ended: false,
    attributes: [],
    'attribute-ids': {},
    'attribute-values': {},
    'source-credit': '',
    'target-credit': '',
  };
}

function lookupBody(artist: FakeArtist, incs: Set<string>) {
  const relations = [
    ...(artist.wikidataUrl ? [relation('wikidata', artist.wikidataUrl, 1)] : []),
    ...(artist.officialUrl ? [relation('official homepage', artist.officialUrl, 2)] : []),
  ];
  const genres = (artist.genres ?? []).map((name, i) => ({
    count: artist.genreVotes?.[i] ?? 3,
    disambiguation: '',
    id: `ccd19ef5-8c4b-4a7e-8bde-3a2f4f8a0c0${i}`,
    name,
  }));
  return {
    id: artist.mbid,
    name: artist.name,
    'sort-name': artist.name,
    disambiguation: artist.disambiguation ?? '',
    type: artist.type ?? null,
    'type-id': artist.type ? typeId(artist) : null,
    gender: null,
    'gender-id': null,
    country: artist.country ?? null,
    area: null,
    'begin-area': null,
    'end-area': null,
    'life-span': { begin: null, end: null, ended: false },
    ipis: [],
    isnis: [],
    ...(incs.has('url-rels') ? { relations } : {}),
    ...(incs.has('genres') ? { genres } : {}),
    // Real tags: { count, name }, every folksonomy tag (genres among them), most votes not guaranteed first.
    ...(incs.has('tags')
      ? { tags: artist.tags ?? (artist.genres ?? []).map((name, i) => ({ count: artist.genreVotes?.[i] ?? 3, name })) }
      : {}),
  };
}

export interface FakeMusicBrainz extends FakeServer {
  artists: FakeArtist[];
}

export async function startFakeMusicBrainz(options: FakeServerOptions = {}): Promise<FakeMusicBrainz> {
  const artists = fakeArtists();
  let lastAt = 0;

  function search(request: FakeRequest): FakeReply {
    const query = request.query.get('query');
    if (!query) return { status: 400, body: { error: 'Missing required parameter: query', help: HELP } };
    const limit = Math.min(100, Math.max(1, Number(request.query.get('limit') ?? 25) || 25));
    const offset = Math.max(0, Number(request.query.get('offset') ?? 0) || 0);
    const text = plainQuery(query);
    const hits = artists
      .map((artist) => ({ artist, score: score(artist, text) }))
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score);
    return {
      status: 200,
      body: {
        created: new Date().toISOString(),
        count: hits.length,
        offset,
        artists: hits.slice(offset, offset + limit).map((hit) => searchItem(hit.artist, hit.score)),
      },
    };
  }

  function lookup(request: FakeRequest, mbid: string): FakeReply {
    const incs = new Set((request.query.get('inc') ?? '').split(/[+ ]/).filter(Boolean));
    const bad = [...incs].find((inc) => !VALID_INCS.has(inc));
    if (bad) return { status: 400, body: { error: `${bad} is not a valid inc parameter for the artist resource.` } };
    const artist = artists.find((candidate) => candidate.mbid === mbid);
    if (!artist) return { status: 404, body: { error: 'Not Found', help: HELP } };
    return { status: 200, body: lookupBody(artist, incs) };
  }

  /** /ws/2/url?resource=https://open.spotify.com/artist/<id>&inc=artist-rels: an artist's Spotify page. */
  function urlLookup(request: FakeRequest): FakeReply {
    const resource = request.query.get('resource') ?? '';
    const artist = artists.find((candidate) => candidate.spotifyUrl && candidate.spotifyUrl === resource);
    if (!artist) return { status: 404, body: { error: 'Not Found', help: HELP } };
    return {
      status: 200,
      body: {
        id: '7c6d5e4f-0000-4000-8000-000000000001',
        resource,
        relations: [
          {
            type: 'free streaming',
            'type-id': '769085a1-c2f7-4c24-a532-2375a77693bd',
            'target-type': 'artist',
            direction: 'backward',
            artist: { id: artist.mbid, name: artist.name, 'sort-name': artist.name, disambiguation: '' },
          },
        ],
      },
    };
  }

  const fake = await startFakeServer(
    {
      unavailableBody: rateLimitedBody,
      malformedBody: { created: new Date().toISOString(), count: 'many', artists: [{ name: 42 }] },
      handle(request) {
        const userAgent = request.headers['user-agent'];
        if (!userAgent || /^(node|undici|axios)/i.test(userAgent)) {
          return { status: 403, body: { error: 'A meaningful User-Agent is required.', help: HELP } };
        }
        const tooSoon = request.at - lastAt < MIN_GAP_MS;
        lastAt = request.at;
        if (tooSoon) return { status: 503, body: rateLimitedBody, headers: { 'Retry-After': '1' } };
        if (request.path === '/ws/2/artist') return search(request);
        if (request.path === '/ws/2/url') return urlLookup(request);
        const match = /^\/ws\/2\/artist\/([^/]+)$/.exec(request.path);
        if (match) return lookup(request, decodeURIComponent(match[1]!));
        return { status: 404, body: { error: 'Not Found', help: HELP } };
      },
      // The web tour finder's tests point an artist's official homepage at a local fake site.
      control(pathname, body) {
        if (pathname !== '/__fake/official-url') return null;
        // An unknown mbid with a name adds that artist (browser tests make their own).
        const { mbid, url, name } = body as { mbid?: string; url?: string; name?: string };
        let artist = artists.find((candidate) => candidate.mbid === mbid);
        if (!artist && mbid && name) {
          const added: FakeArtist = { mbid, name, type: 'Group', jambaseId: `jambase:fake-${mbid.slice(0, 8)}` };
          artists.push(added);
          artist = added;
        }
        if (!artist) return { status: 404, body: { error: 'unknown mbid' } };
        artist.officialUrl = url;
        return { status: 200, body: { ok: true } };
      },
    },
    options,
  );
  return Object.assign(fake, { artists });
}
