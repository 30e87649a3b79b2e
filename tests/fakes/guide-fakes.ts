import { type FakeReply, type FakeRequest, type FakeServer, startFakeServer } from './fake-server.ts';

/**
 * Local fakes of the guide sources (../shared/reference/guide-providers.md): Overpass, Wikivoyage,
 * Open-Meteo, Wikidata and Nominatim, with their real answer shapes, their errors (HTML 429/504 from Overpass, 200
 * errors from MediaWiki, {"error":true,"reason"} from Open-Meteo) and their etiquette checks.
 * Besides the shared modes (unavailable, slow, malformed, not-json), POST /__fake/status
 * {"status":429,"times":2} answers that status the provider's own way.
 */

interface StatusOverride {
  status: number;
  times: number;
}

function statusControl() {
  let override: StatusOverride | null = null;
  return {
    control(pathname: string, body: unknown): FakeReply | null {
      if (pathname !== '/__fake/status') return null;
      const { status = 429, times = 1 } = (body ?? {}) as Partial<StatusOverride>;
      override = { status, times };
      return { status: 200, body: { ok: true } };
    },
    /** The overriding status for this request, counting down. */
    take(): number | null {
      if (!override) return null;
      const status = override.status;
      override.times -= 1;
      if (override.times <= 0) override = null;
      return status;
    },
  };
}

/** A small deterministic number from a text (names and figures vary per venue, stay the same per call). */
function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

function htmlError(status: number, message: string): FakeReply {
  return {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: `<?xml version="1.0" encoding="UTF-8"?><html><body><p><strong style="color:#FF0000">Error</strong>: ${message}</p></body></html>`,
  };
}

/** Library defaults (node, undici…): MediaWiki and Nominatim turn them away like an anonymous client. */
const LIBRARY_AGENT = /^(node|undici|axios|python-requests)/i;

interface GuideFake {
  /** How the provider refuses a client that does not name itself; `strict`: library defaults too. */
  agentRefusal?: { strict: boolean; reply: FakeReply };
  /** The provider's own answer to each status POST /__fake/status can force. */
  forced: Record<number, FakeReply>;
  /** `forced`: a forced status with no answer in `forced`, answered by the provider itself. */
  handle(request: FakeRequest, forced: number | null): FakeReply;
  unavailableBody: unknown;
  malformedBody: unknown;
}

/**
 * The set-up every guide fake shares: the etiquette check, then a status forced by POST
 * /__fake/status (answered the provider's own way), then the provider's answer.
 */
function startGuideFake(fake: GuideFake, options: { port?: number; basePath?: string }): Promise<FakeServer> {
  const status = statusControl();
  return startFakeServer(
    {
      handle(request: FakeRequest): FakeReply {
        const agent = String(request.headers['user-agent'] ?? '');
        const refusal = fake.agentRefusal;
        if (refusal && (!agent || (refusal.strict && LIBRARY_AGENT.test(agent)))) return refusal.reply;
        const forced = status.take();
        const canned = forced === null ? undefined : fake.forced[forced];
        return canned ?? fake.handle(request, forced);
      },
      unavailableBody: fake.unavailableBody,
      malformedBody: fake.malformedBody,
      control: status.control,
    },
    options,
  );
}

/** MediaWiki's manners (Wikivoyage and Wikidata): its refusal, its 429 and its "maxlag" error inside a 200. */
const MEDIAWIKI: Pick<GuideFake, 'agentRefusal' | 'forced'> = {
  agentRefusal: {
    strict: true,
    reply: {
      status: 403,
      body: { error: { code: 'forbidden', info: 'Please set a user-agent and respect our robot policy' } },
    },
  },
  forced: {
    429: {
      status: 429,
      headers: { 'Retry-After': '1' },
      body: { error: { code: 'ratelimited', info: 'Too many requests' } },
    },
    200: {
      status: 200,
      body: { error: { code: 'maxlag', info: 'Waiting for a database server: 7 seconds lagged.' } },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Overpass

const FOOD = ['The Green Fork', 'Corner Café', 'Blue Door Bar', 'Noodle House', 'Harbour Pub', 'Little Bakery'];
const SLEEP = ['Hotel Meridian', 'City Hostel', 'Parkside Inn'];
const TRANSIT = ['Central Station', 'Market Street', 'Riverside'];

/** One element `metres` from the point, in a direction that varies with its id. */
function element(id: number, lat: number, lon: number, metres: number, tags: Record<string, string>, way = false) {
  const angle = ((id * 137) % 360) * (Math.PI / 180);
  const dLat = (metres * Math.cos(angle)) / 111_320;
  const dLon = (metres * Math.sin(angle)) / (111_320 * Math.cos((lat * Math.PI) / 180));
  const point = { lat: Number((lat + dLat).toFixed(7)), lon: Number((lon + dLon).toFixed(7)) };
  return way ? { type: 'way', id, center: point, tags } : { type: 'node', id, ...point, tags };
}

export function overpassElements(lat: number, lon: number) {
  const seed = hash(`${lat.toFixed(4)},${lon.toFixed(4)}`);
  const city = (seed % 90) + 10;
  const elements = [
    ...FOOD.map((name, i) =>
      element(1000 + i, lat, lon, 120 + i * 110, {
        amenity: ['restaurant', 'cafe', 'bar', 'restaurant', 'pub', 'cafe'][i]!,
        name: `${name} ${city}`,
        ...(i % 2 === 0 ? { opening_hours: 'Mo-Su 11:00-23:00' } : {}),
        ...(i === 0 ? { wheelchair: 'yes' } : i === 2 ? { wheelchair: 'limited' } : {}),
      }),
    ),
    element(1100, lat, lon, 300, { amenity: 'cafe' }), // no name: left out
    ...SLEEP.map((name, i) =>
      element(
        2000 + i,
        lat,
        lon,
        400 + i * 500,
        { tourism: i === 1 ? 'hostel' : 'hotel', name: `${name} ${city}` },
        true,
      ),
    ),
    ...TRANSIT.map((name, i) =>
      element(
        3000 + i,
        lat,
        lon,
        150 + i * 300,
        i === 2 ? { highway: 'bus_stop', name } : { railway: 'station', name },
      ),
    ),
    // The same station again as a platform: listed once.
    element(3100, lat, lon, 170, { railway: 'station', name: 'Central Station' }),
    element(4000, lat, lon, 250, { amenity: 'parking', name: 'Venue Car Park', wheelchair: 'designated' }, true),
  ];
  return elements.sort((a, b) => (a.type === b.type ? 0 : a.type === 'node' ? -1 : 1));
}

export async function startFakeOverpass(options: { port?: number } = {}): Promise<FakeServer> {
  return startGuideFake(
    {
      agentRefusal: {
        strict: false,
        reply: htmlError(406, 'Not Acceptable: send a User-Agent that identifies your app'),
      },
      forced: {
        429: htmlError(
          429,
          'runtime error: open64: 0 Success /osm3s_osm_base Dispatcher_Client::request_read_and_idx::rate_limited. Please check /api/status for the quota of your IP address.',
        ),
        504: htmlError(
          504,
          'runtime error: Dispatcher_Client::request_read_and_idx::timeout. The server is probably too busy to handle your request.',
        ),
      },
      handle(request: FakeRequest, forced: number | null): FakeReply {
        const data = request.query.get('data') ?? '';
        const around = /around:\d+,(-?[\d.]+),(-?[\d.]+)/.exec(data);
        if (!data.includes('[out:json]') || !around) return htmlError(400, 'line 1: parse error: expected a query');
        const lat = Number(around[1]);
        const lon = Number(around[2]);
        const body = {
          version: 0.6,
          generator: 'Overpass API 0.7.62.8 e802775f',
          osm3s: {
            timestamp_osm_base: '2026-11-20T18:04:12Z',
            copyright:
              'The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.',
          },
          elements: overpassElements(lat, lon),
        };
        if (forced === 200) {
          // A runtime error after the output began: partial elements and a remark.
          return {
            status: 200,
            body: {
              ...body,
              elements: body.elements.slice(0, 2),
              remark: 'runtime error: Query timed out in "query" at line 3 after 26 seconds.',
            },
          };
        }
        return { status: 200, body };
      },
      unavailableBody: '<html><body>Service Unavailable</body></html>',
      malformedBody: { version: 0.6, elements: [{ type: 'node', id: 'not-a-number' }] },
    },
    { port: options.port, basePath: '/api/interpreter' },
  );
}

// ---------------------------------------------------------------------------------------------
// Wikivoyage

/** Titles with no article (any title starting with "Nowhere" is missing too). */
const MISSING = new Set(['Atlantis']);

export function wikivoyageExtract(title: string): string {
  return [
    `${title} is a lively city with a long musical history and plenty to see between shows. Its old town is compact and easy to walk.`,
    '',
    '== Understand ==',
    'A long history of trade and music.',
    '',
    '== Get in ==',
    '',
    '=== By train ===',
    `${title} Central has direct trains from the capital every hour. The station is in the city centre.`,
    '',
    '=== By plane ===',
    'The airport is 20 km out of town, linked by an express bus.',
    '',
    '== Get around ==',
    'Trams run until midnight; buy a day ticket from the machines at every stop. Cycling is popular.',
    '',
    '== See ==',
    'The cathedral and the harbour.',
    '',
    '== Eat ==',
    'Street food stalls line the river. Try the local dumplings. ' +
      'Many places close their kitchens at 22:00. '.repeat(20),
    '',
    '== Drink ==',
    'The bar district is lively until late, especially on weekends.',
    '',
    '== Stay safe ==',
    'Pickpockets work the crowded trams after big events; keep valuables in front pockets.',
    '',
    '== Go next ==',
    'The coast is an hour away.',
  ].join('\n');
}

export async function startFakeWikivoyage(options: { port?: number } = {}): Promise<FakeServer> {
  return startGuideFake(
    {
      ...MEDIAWIKI,
      handle(request: FakeRequest): FakeReply {
        const q = request.query;
        if (q.get('action') !== 'query' || q.get('format') !== 'json' || q.get('formatversion') !== '2') {
          return { status: 200, body: { error: { code: 'badvalue', info: 'Unrecognized parameters.' } } };
        }
        const asked = q.get('titles') ?? '';
        const title = asked.charAt(0).toUpperCase() + asked.slice(1);
        const normalized = title !== asked ? [{ fromencoded: false, from: asked, to: title }] : undefined;
        if (MISSING.has(title) || title.startsWith('Nowhere')) {
          return {
            status: 200,
            body: { batchcomplete: true, query: { normalized, pages: [{ ns: 0, title, missing: true }] } },
          };
        }
        const pageid = hash(title) % 100_000;
        return {
          status: 200,
          body: {
            batchcomplete: true,
            query: {
              ...(normalized ? { normalized } : {}),
              pages: [
                {
                  pageid,
                  ns: 0,
                  title,
                  contentmodel: 'wikitext',
                  lastrevid: 5_000_000 + pageid,
                  fullurl: `https://en.wikivoyage.org/wiki/${encodeURIComponent(title.replace(/ /g, '_'))}`,
                  extract: wikivoyageExtract(title),
                },
              ],
            },
          },
        };
      },
      unavailableBody: { error: { code: 'internal_api_error', info: 'Service unavailable' } },
      malformedBody: { query: { pages: 'not-a-list' } },
    },
    { port: options.port, basePath: '/w/api.php' },
  );
}

// ---------------------------------------------------------------------------------------------
// Open-Meteo (forecast and archive on one fake: /v1/forecast and /v1/archive)

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end && days.length < 400; day = addDays(day, 1)) days.push(day);
  return days;
}

const meteoError = (status: number, reason: string): FakeReply => ({ status, body: { error: true, reason } });

function location(lat: number, lon: number, days: string[], variables: string[], archive: boolean) {
  const seed = hash(`${lat},${lon}`);
  const value = (variable: string, day: string, i: number): number | null => {
    // The archive lags a few days: nulls at the far end, as the real one.
    if (archive && i === days.length - 1 && day > addDays(new Date().toISOString().slice(0, 10), -6)) return null;
    const d = (hash(day) + seed) % 100;
    if (variable === 'temperature_2m_max') return Math.round((12 + (d % 15)) * 10) / 10;
    if (variable === 'temperature_2m_min') return Math.round((3 + (d % 8)) * 10) / 10;
    if (variable === 'precipitation_probability_max') return archive ? null : d % 90;
    if (variable === 'precipitation_sum') return d % 3 === 0 ? 4.2 : 0;
    if (variable === 'weather_code') return [0, 2, 3, 61, 80][d % 5]!;
    return null;
  };
  return {
    latitude: Math.round(lat * 50) / 50 + 0.000002,
    longitude: Math.round(lon * 50) / 50 - 0.000002,
    generationtime_ms: 0.09,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    timezone_abbreviation: 'GMT',
    elevation: 38,
    daily_units: Object.fromEntries([
      ['time', 'iso8601'],
      ...variables.map((v) => [v, v.startsWith('temp') ? '°C' : 'mm']),
    ]),
    daily: {
      time: days,
      ...Object.fromEntries(variables.map((variable) => [variable, days.map((day, i) => value(variable, day, i))])),
    },
  };
}

export async function startFakeOpenMeteo(options: { port?: number } = {}): Promise<FakeServer> {
  return startGuideFake(
    {
      forced: {
        429: meteoError(429, 'Minutely API request limit exceeded. Please try again in one minute.'),
        503: meteoError(503, 'The service is overloaded'),
      },
      handle(request: FakeRequest): FakeReply {
        const q = request.query;
        const archive = request.path.endsWith('/v1/archive');
        if (!archive && !request.path.endsWith('/v1/forecast'))
          return { status: 404, body: { error: true, reason: 'Not Found' } };
        const lats = (q.get('latitude') ?? '').split(',').map(Number);
        const lons = (q.get('longitude') ?? '').split(',').map(Number);
        const starts = (q.get('start_date') ?? '').split(',').filter(Boolean);
        const ends = (q.get('end_date') ?? '').split(',').filter(Boolean);
        if (lats.some((lat) => !(lat >= -90 && lat <= 90)))
          return meteoError(400, `Latitude must be in range of -90 to 90°. Given: ${lats[0]}.`);
        if (starts.length === 0 || starts.length !== ends.length)
          return meteoError(400, "Both 'start_date' and 'end_date' must be set in the url");
        if (lats.length !== lons.length || (lats.length > 1 && starts.length !== lats.length)) {
          return meteoError(400, 'Parameter latitude, longitude and dates must have the same number of elements');
        }
        const today = new Date().toISOString().slice(0, 10);
        const [min, max] = archive ? ['1940-01-01', today] : [addDays(today, -93), addDays(today, 16)];
        for (const date of [...starts, ...ends]) {
          if (date < min || date > max)
            return meteoError(400, `Parameter 'start_date' is out of allowed range from ${min} to ${max}`);
        }
        const variables = (q.get('daily') ?? '').split(',').filter(Boolean);
        const answers = lats.map((lat, i) =>
          location(lat, lons[i]!, daysBetween(starts[i] ?? starts[0]!, ends[i] ?? ends[0]!), variables, archive),
        );
        return { status: 200, body: answers.length === 1 ? answers[0] : answers };
      },
      unavailableBody: { error: true, reason: 'The service is overloaded' },
      malformedBody: { latitude: 'north', daily: null },
    },
    { port: options.port },
  );
}

// ---------------------------------------------------------------------------------------------
// Wikidata (the Action API: list=geosearch, wbgetentities, wbgetclaims; format=json, formatversion=2)

interface FakeItem {
  id: string;
  label: string;
  aliases?: string[];
  lat: number;
  lon: number;
  capacity?: number;
  opened?: { time: string; precision: number };
  image?: string;
  website?: string;
}

/** Venues the fake knows (their ids are made up), with neighbours that must not be taken for them. */
export const WIKIDATA_ITEMS: FakeItem[] = [
  {
    id: 'Q98710001',
    label: 'Red Rocks Amphitheatre',
    aliases: ['Red Rocks Park and Amphitheatre'],
    lat: 39.66551,
    lon: -105.20548,
    capacity: 9525,
    opened: { time: '+1941-06-15T00:00:00Z', precision: 11 },
    // No image: the browser tests have no internet, and a broken Commons thumbnail is a console error.
    website: 'https://www.redrocksonline.com/',
  },
  {
    id: 'Q98710002',
    label: 'The Anthem',
    lat: 38.87995,
    lon: -77.02515,
    capacity: 6000,
    opened: { time: '+2017-10-00T00:00:00Z', precision: 10 },
    image: 'The Anthem (Washington, D.C.) 2018.jpg',
    website: 'https://theanthemdc.com/',
  },
  // A neighbour of The Anthem with a name that only shares a word: not a match.
  { id: 'Q98710003', label: 'Anthem Row', lat: 38.8805, lon: -77.0262 },
  // Two items called Echo Club next to each other: not certain, so neither is used.
  { id: 'Q98710004', label: 'Echo Club', lat: 38.9001, lon: -77.0301, capacity: 400 },
  { id: 'Q98710005', label: 'Echo Club', lat: 38.9003, lon: -77.0298, capacity: 350 },
];

let statementCount = 0;
function statement(property: string, datatype: string, value: unknown, type: string, id: string) {
  statementCount += 1;
  return {
    mainsnak: {
      snaktype: 'value',
      property,
      hash: hash(`${id}${property}`).toString(16).padStart(8, '0'),
      datavalue: { value, type },
      datatype,
    },
    type: 'statement',
    id: `${id}$${hash(`${id}${property}s`).toString(16).toUpperCase()}-${statementCount % 10_000}`,
    rank: 'normal',
  };
}

function entity(item: FakeItem) {
  const claims: Record<string, unknown[]> = {
    P625: [
      statement(
        'P625',
        'globe-coordinate',
        {
          latitude: item.lat,
          longitude: item.lon,
          altitude: null,
          precision: 0.0001,
          globe: 'http://www.wikidata.org/entity/Q2',
        },
        'globecoordinate',
        item.id,
      ),
    ],
  };
  if (item.capacity)
    claims.P1083 = [statement('P1083', 'quantity', { amount: `+${item.capacity}`, unit: '1' }, 'quantity', item.id)];
  if (item.opened)
    claims.P1619 = [
      statement(
        'P1619',
        'time',
        {
          ...item.opened,
          timezone: 0,
          before: 0,
          after: 0,
          calendarmodel: 'http://www.wikidata.org/entity/Q1985727',
        },
        'time',
        item.id,
      ),
    ];
  if (item.image) claims.P18 = [statement('P18', 'commonsMedia', item.image, 'string', item.id)];
  if (item.website) claims.P856 = [statement('P856', 'url', item.website, 'string', item.id)];
  return {
    type: 'item',
    id: item.id,
    labels: { en: { language: 'en', value: item.label } },
    aliases: item.aliases ? { en: item.aliases.map((value) => ({ language: 'en', value })) } : {},
    claims,
  };
}

function metresBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

export async function startFakeWikidata(options: { port?: number } = {}): Promise<FakeServer> {
  // Every point also has an unrelated item nearby (a fountain): most searches find only that.
  const generated = new Map<string, FakeItem>();
  const fountainAt = (lat: number, lon: number): FakeItem => {
    const id = `Q9879${(hash(`${lat.toFixed(4)},${lon.toFixed(4)}`) % 100_000).toString().padStart(5, '0')}`;
    const item = { id, label: 'Town Square Fountain', lat: lat + 0.0009, lon: lon + 0.0004 };
    generated.set(id, item);
    return item;
  };
  const byId = (id: string) => WIKIDATA_ITEMS.find((item) => item.id === id) ?? generated.get(id);
  return startGuideFake(
    {
      ...MEDIAWIKI,
      handle(request: FakeRequest): FakeReply {
        const q = request.query;
        if (q.get('format') !== 'json')
          return { status: 200, body: { error: { code: 'badvalue', info: 'Unrecognized value for format.' } } };
        const action = q.get('action');
        if (action === 'query' && q.get('list') === 'geosearch') {
          const [lat = Number.NaN, lon = Number.NaN] = (q.get('gscoord') ?? '').split('|').map(Number);
          if (!Number.isFinite(lat) || !Number.isFinite(lon))
            return { status: 200, body: { error: { code: 'invalid-coord', info: 'Invalid coordinate provided' } } };
          const radius = Math.min(10_000, Number(q.get('gsradius') ?? 500));
          const limit = Math.min(500, Number(q.get('gslimit') ?? 10));
          const hits = [...WIKIDATA_ITEMS, fountainAt(lat, lon)]
            .map((item) => ({ item, dist: metresBetween({ lat, lon }, item) }))
            .filter(({ dist }) => dist <= radius)
            .sort((a, b) => a.dist - b.dist)
            .slice(0, limit)
            .map(({ item, dist }) => ({
              pageid: hash(item.id) % 100_000_000,
              ns: 0,
              title: item.id,
              lat: item.lat,
              lon: item.lon,
              dist: Math.round(dist * 10) / 10,
              primary: true,
            }));
          return { status: 200, body: { batchcomplete: true, query: { geosearch: hits } } };
        }
        if (action === 'wbgetentities') {
          const ids = (q.get('ids') ?? '').split('|').filter(Boolean);
          if (ids.length === 0 || ids.length > 50)
            return { status: 200, body: { error: { code: 'param-missing', info: 'Either provide the item "ids"' } } };
          const entities = Object.fromEntries(
            ids.map((id) => {
              const item = byId(id);
              return [id, item ? entity(item) : { id, missing: '' }];
            }),
          );
          return { status: 200, body: { entities, success: 1 } };
        }
        if (action === 'wbgetclaims') {
          const item = byId(q.get('entity') ?? '');
          const claims = item ? (entity(item).claims as Record<string, unknown[]>) : {};
          const property = q.get('property');
          return {
            status: 200,
            body: { claims: property ? (claims[property] ? { [property]: claims[property] } : {}) : claims },
          };
        }
        return {
          status: 200,
          body: { error: { code: 'badvalue', info: 'Unrecognized value for parameter "action".' } },
        };
      },
      unavailableBody: { error: { code: 'internal_api_error', info: 'Service unavailable' } },
      malformedBody: { entities: 'not-an-object', query: { geosearch: [{ title: 7 }] } },
    },
    { port: options.port },
  );
}

// ---------------------------------------------------------------------------------------------
// Nominatim (/search?format=jsonv2: an array, coordinates and bounding boxes as strings)

interface FakePlace {
  query: RegExp;
  results: { name: string; lat: number; lon: number; rank: number; city: string; osmId: number }[];
}

export const NOMINATIM_PLACES: FakePlace[] = [
  {
    query: /^harbour hall, portland/i,
    results: [{ name: 'Harbour Hall', lat: 45.5231, lon: -122.6765, rank: 30, city: 'Portland', osmId: 4_405_001 }],
  },
  // Two theatres of that name in different parts of town: ambiguous.
  {
    query: /^grand theatre, springfield/i,
    results: [
      { name: 'Grand Theatre', lat: 39.8017, lon: -89.6437, rank: 30, city: 'Springfield', osmId: 4_405_002 },
      { name: 'Grand Theatre', lat: 39.7601, lon: -89.7012, rank: 30, city: 'Springfield', osmId: 4_405_003 },
    ],
  },
  // Only the city itself: too coarse to place a venue.
  {
    query: /^(nowhere hall|unknown arena), lyon/i,
    results: [{ name: 'Lyon', lat: 45.7578, lon: 4.832, rank: 16, city: 'Lyon', osmId: 120_965 }],
  },
];

export async function startFakeNominatim(options: { port?: number } = {}): Promise<FakeServer> {
  return startGuideFake(
    {
      agentRefusal: {
        strict: true,
        reply: { status: 403, body: { error: { code: 403, message: 'Access blocked: identify your application' } } },
      },
      forced: { 429: { status: 429, body: { error: { code: 429, message: 'Too Many Requests' } } } },
      handle(request: FakeRequest): FakeReply {
        if (!request.path.endsWith('/search'))
          return { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
        const q = request.query;
        if (!q.get('format')) {
          return {
            status: 200,
            headers: { 'Content-Type': 'text/html' },
            body: '<html><body>Nominatim search</body></html>',
          };
        }
        const text = (q.get('q') ?? '').trim();
        if (!text) return { status: 400, body: { error: { code: 400, message: "Parameter 'q' is empty" } } };
        const place = NOMINATIM_PLACES.find((candidate) => candidate.query.test(text));
        const results = (place?.results ?? []).slice(0, Number(q.get('limit') ?? 10)).map((result) => ({
          place_id: 130_000_000 + result.osmId,
          licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
          osm_type: result.rank >= 30 ? 'way' : 'relation',
          osm_id: result.osmId,
          lat: result.lat.toFixed(7),
          lon: result.lon.toFixed(7),
          category: result.rank >= 30 ? 'amenity' : 'boundary',
          type: result.rank >= 30 ? 'theatre' : 'administrative',
          place_rank: result.rank,
          importance: 0.3,
          addresstype: result.rank >= 30 ? 'amenity' : 'city',
          name: result.name,
          display_name: `${result.name}, ${result.city}`,
          ...(q.get('addressdetails') === '1'
            ? {
                address: {
                  ...(result.rank >= 30 ? { amenity: result.name } : {}),
                  city: result.city,
                  country_code: 'us',
                },
              }
            : {}),
          boundingbox: [
            (result.lat - 0.001).toFixed(7),
            (result.lat + 0.001).toFixed(7),
            (result.lon - 0.001).toFixed(7),
            (result.lon + 0.001).toFixed(7),
          ],
        }));
        return { status: 200, body: results };
      },
      unavailableBody: { error: { code: 503, message: 'Service Unavailable' } },
      malformedBody: [{ lat: 45.5, lon: null }],
    },
    { port: options.port },
  );
}
