import { NORTHERN_LANTERNS, VELVET_HARBOR } from './dataset.ts';
import { type FakeReply, type FakeRequest, type FakeServer, startFakeServer } from './fake-server.ts';

/**
 * A local setlist.fm API 1.0 (JSON) with the real answer shapes (../shared/reference/provider-apis.md §5):
 * songs under `sets.set[].song[]`, dd-MM-yyyy dates, 20 a page newest first, "no results" as a
 * 404 JSON body, 403 without the key, and 429 from "AWS API Gateway" (no Retry-After) on bursts
 * or when told to (POST /__fake/throttle {"times":n}). 5xx through the shared modes.
 * Dates are days before "today", computed per request.
 */

export const FAKE_SETLISTFM_KEY = 'fake-setlistfm-key';
export const FAKE_SETLISTFM_USER = 'lantern_fan';
/** Shows of the fake tour, days before today, newest first: 20 setlists. */
export const FAKE_TOUR_DAYS = Array.from({ length: 20 }, (_, i) => 3 + i * 4);
export const FAKE_TOUR_NAME = 'Autumn Tour';
/** Requests closer together than this get a 429, as real bursts do. */
const BURST_GAP_MS = 250;

/** In every show, in this order. */
const CORE = ['Harbour Lights', 'Paper Boats', 'Night Ferry', 'Salt & Ember', 'Lighthouse Keeper', 'Undertow'];
/** Rotating: each played at some shows only. */
const ROTATING = ['Driftwood', 'Fog Horn', 'Northern Sky'];
const RARE = ['Winter Pier', 'First Light'];

export interface FakeSetlistSpec {
  id: string;
  artistMbid: string;
  artistName: string;
  daysAgo: number;
  venue: {
    id: string;
    name: string;
    city: string;
    state?: string;
    stateCode?: string;
    country: string;
    countryName: string;
  };
  tour?: string;
  sets: { name?: string; encore?: number; song: Record<string, unknown>[] }[];
}

const VENUES = [
  {
    id: '3bd6c8f0',
    name: 'Paradise Rock Club',
    city: 'Boston',
    state: 'Massachusetts',
    stateCode: 'MA',
    country: 'US',
    countryName: 'United States',
  },
  { id: '6bd6a2de', name: 'Brixton Academy', city: 'London', country: 'GB', countryName: 'United Kingdom' },
  { id: '13d6b9a5', name: 'Paradiso', city: 'Amsterdam', country: 'NL', countryName: 'Netherlands' },
  {
    id: '73d6b2c1',
    name: 'The Fillmore',
    city: 'San Francisco',
    state: 'California',
    stateCode: 'CA',
    country: 'US',
    countryName: 'United States',
  },
];

const hex = (n: number) => (0x5bf00000 + n).toString(16);

/**
 * The browser tests' catalog artists with an MBID (tests/e2e/support/fixture-catalog.ts), each with
 * the same 20-show tour as Northern Lanterns on days of their own: the catalog's past stop of each
 * Faded Echo (30, 31 and 32 days ago) is one of them; Paper Tides' catalog stop is ahead (a Going show).
 */
export const E2E_SETLIST_ARTISTS = [
  {
    name: 'Faded Echo 1',
    mbid: 'e2e0f1a0-1111-4aaa-8bbb-000000000001',
    days: FAKE_TOUR_DAYS.map((d) => d - 1),
    base: 200,
  },
  { name: 'Faded Echo 2', mbid: 'e2e0f1a0-2222-4aaa-8bbb-000000000002', days: FAKE_TOUR_DAYS, base: 300 },
  {
    name: 'Faded Echo 3',
    mbid: 'e2e0f1a0-3333-4aaa-8bbb-000000000003',
    days: FAKE_TOUR_DAYS.map((d) => d + 1),
    base: 400,
  },
  { name: 'Paper Tides', mbid: 'e2e0f1a0-4444-4aaa-8bbb-000000000004', days: FAKE_TOUR_DAYS, base: 500 },
] as const;

/** A 20-show tour: core songs every night, rotating ones some nights, two rarities once. */
function tourSetlists(
  artistMbid: string,
  artistName: string,
  days: readonly number[],
  base: number,
): FakeSetlistSpec[] {
  return days.map((daysAgo, i): FakeSetlistSpec => {
    const main: Record<string, unknown>[] = [{ name: 'Intro', tape: true }];
    for (const name of CORE.slice(0, 4)) main.push({ name });
    if (i % 2 === 0) main.push({ name: ROTATING[0] });
    if (i % 4 === 1) main.push({ name: ROTATING[1] });
    if (i === 5) main.push({ name: RARE[0], info: 'first time since 2019' });
    main.push({
      name: 'Old Song',
      cover: {
        mbid: '11111111-2222-4333-8444-555555555555',
        name: 'Some Other Band',
        sortName: 'Some Other Band',
        disambiguation: '',
        url: 'https://www.setlist.fm/setlists/some-other-band-0.html',
      },
    });
    for (const name of CORE.slice(4)) main.push({ name });
    const encore: Record<string, unknown>[] = [{ name: 'Lantern', info: 'acoustic' }];
    if (i % 3 === 0) encore.push({ name: ROTATING[2] });
    if (i === 11)
      encore.push({
        name: RARE[1],
        with: { mbid: VELVET_HARBOR, name: 'Velvet Harbor', sortName: 'Velvet Harbor', disambiguation: '', url: '' },
      });
    return {
      id: hex(base + i),
      artistMbid,
      artistName,
      daysAgo,
      venue: VENUES[i % VENUES.length]!,
      tour: FAKE_TOUR_NAME,
      sets: [{ song: main }, { encore: 1, song: encore }],
    };
  });
}

/** Northern Lanterns' 20-show tour and two more of theirs; the browser tests' artists' tours. */
export function fakeSetlists(): FakeSetlistSpec[] {
  const lanterns = tourSetlists(NORTHERN_LANTERNS, 'Northern Lanterns', FAKE_TOUR_DAYS, 0);
  // An older show of another tour, and a 0-song setlist (common on setlist.fm).
  lanterns.push({
    id: hex(100),
    artistMbid: NORTHERN_LANTERNS,
    artistName: 'Northern Lanterns',
    daysAgo: 400,
    venue: VENUES[1]!,
    tour: 'Spring Tour',
    sets: [{ song: [{ name: 'Harbour Lights' }, { name: 'Old Favourite' }] }],
  });
  lanterns.push({
    id: hex(101),
    artistMbid: VELVET_HARBOR,
    artistName: 'Velvet Harbor',
    daysAgo: 50,
    venue: VENUES[2]!,
    sets: [],
  });
  return [
    ...lanterns,
    ...E2E_SETLIST_ARTISTS.flatMap((artist) => tourSetlists(artist.mbid, artist.name, artist.days, artist.base)),
  ];
}

function ddmmyyyy(daysAgo: number): string {
  const date = new Date(Date.now() - daysAgo * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
}

function setlistBody(spec: FakeSetlistSpec) {
  const slug = spec.artistName.toLowerCase().replace(/\s+/g, '-');
  const date = ddmmyyyy(spec.daysAgo);
  return {
    id: spec.id,
    versionId: `7${spec.id}`,
    eventDate: date,
    lastUpdated: '2025-10-13T08:12:44.000+0000',
    artist: {
      mbid: spec.artistMbid,
      name: spec.artistName,
      sortName: spec.artistName,
      disambiguation: '',
      url: `https://www.setlist.fm/setlists/${slug}-1bd6e0a1.html`,
    },
    venue: {
      id: spec.venue.id,
      name: spec.venue.name,
      city: {
        id: '4930956',
        name: spec.venue.city,
        ...(spec.venue.state ? { state: spec.venue.state, stateCode: spec.venue.stateCode } : {}),
        coords: { lat: 42.3584308, long: -71.0597732 },
        country: { code: spec.venue.country, name: spec.venue.countryName },
      },
      url: `https://www.setlist.fm/venue/${spec.venue.id}.html`,
    },
    ...(spec.tour ? { tour: { name: spec.tour } } : {}),
    sets: { set: spec.sets },
    url: `https://www.setlist.fm/setlist/${slug}/${date.slice(6)}/${spec.venue.name.toLowerCase().replace(/\W+/g, '-')}-${spec.id}.html`,
  };
}

const notFound = (): FakeReply => ({
  status: 404,
  body: { code: 404, status: 'Not Found', message: 'not found', timestamp: new Date().toISOString() },
});

function page(list: FakeSetlistSpec[], request: FakeRequest): FakeReply {
  const p = Math.max(1, Number(request.query.get('p') ?? 1) || 1);
  const sorted = [...list].sort((a, b) => a.daysAgo - b.daysAgo);
  const slice = sorted.slice((p - 1) * 20, p * 20);
  if (slice.length === 0) return notFound();
  return {
    status: 200,
    body: { type: 'setlists', itemsPerPage: 20, page: p, total: sorted.length, setlist: slice.map(setlistBody) },
  };
}

export interface FakeSetlistFm extends FakeServer {
  setlists: FakeSetlistSpec[];
  /** The next `times` requests get a 429 (as AWS API Gateway sends it). */
  throttle(times: number): void;
}

export async function startFakeSetlistFm(options: { port?: number } = {}): Promise<FakeSetlistFm> {
  const setlists = fakeSetlists();
  /** The user's attended shows: five of the tour's, and one of another artist. */
  const attendedIds = [hex(0), hex(2), hex(5), hex(9), hex(14), hex(101)];
  let throttled = 0;
  let lastAt = 0;

  const tooManyRequests = (): FakeReply => ({
    status: 429,
    body: { message: 'Too Many Requests' },
    headers: { 'x-amzn-errortype': 'TooManyRequestsException' },
  });

  function handle(request: FakeRequest): FakeReply {
    if (request.headers['x-api-key'] !== FAKE_SETLISTFM_KEY) {
      return { status: 403, body: { message: 'Forbidden' } };
    }
    const burst = request.at - lastAt < BURST_GAP_MS;
    lastAt = request.at;
    if (throttled > 0) {
      throttled -= 1;
      return tooManyRequests();
    }
    if (burst) return tooManyRequests();
    const path = request.path.replace(/^\/rest\/1\.0/, '');
    if (path === '/search/setlists') {
      const mbid = request.query.get('artistMbid');
      const date = request.query.get('date');
      return page(
        setlists.filter((s) => (!mbid || s.artistMbid === mbid) && (!date || ddmmyyyy(s.daysAgo) === date)),
        request,
      );
    }
    const artist = /^\/artist\/([^/]+)\/setlists$/.exec(path);
    if (artist)
      return page(
        setlists.filter((s) => s.artistMbid === decodeURIComponent(artist[1]!)),
        request,
      );
    const user = /^\/user\/([^/]+)(\/attended)?$/.exec(path);
    if (user) {
      if (decodeURIComponent(user[1]!) !== FAKE_SETLISTFM_USER) return notFound();
      if (!user[2])
        return {
          status: 200,
          body: {
            userId: FAKE_SETLISTFM_USER,
            fullname: 'Lantern Fan',
            url: `https://www.setlist.fm/user/${FAKE_SETLISTFM_USER}`,
          },
        };
      return page(
        setlists.filter((s) => attendedIds.includes(s.id)),
        request,
      );
    }
    return notFound();
  }

  const fake = await startFakeServer(
    {
      unavailableBody: {
        code: 503,
        status: 'Service Unavailable',
        message: 'service unavailable',
        timestamp: new Date().toISOString(),
      },
      malformedBody: { type: 'setlists', itemsPerPage: 20, page: 1, total: 1, setlist: [{ id: 5 }] },
      handle,
      control(pathname, body) {
        if (pathname === '/__fake/throttle') {
          throttled = Number((body as { times?: number }).times ?? 1);
          return { status: 200, body: { ok: true } };
        }
        return null;
      },
    },
    { ...options, basePath: '/rest/1.0' },
  );
  return Object.assign(fake, {
    setlists,
    throttle(times: number) {
      throttled = times;
    },
  });
}
