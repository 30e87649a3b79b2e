import { type FakeReply, type FakeRequest, type FakeServer, startFakeServer } from './fake-server.ts';

/**
 * Local fakes of the guide sources (../shared/reference/guide-providers.md): Overpass, Wikivoyage
 * and Open-Meteo, with their real answer shapes, their errors (HTML 429/504 from Overpass, 200
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
  const status = statusControl();
  return startFakeServer(
    {
      handle(request: FakeRequest): FakeReply {
        if (!request.headers['user-agent'])
          return htmlError(406, 'Not Acceptable: send a User-Agent that identifies your app');
        const forced = status.take();
        if (forced === 429) {
          return htmlError(
            429,
            'runtime error: open64: 0 Success /osm3s_osm_base Dispatcher_Client::request_read_and_idx::rate_limited. Please check /api/status for the quota of your IP address.',
          );
        }
        if (forced === 504)
          return htmlError(
            504,
            'runtime error: Dispatcher_Client::request_read_and_idx::timeout. The server is probably too busy to handle your request.',
          );
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
      control: status.control,
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
  const status = statusControl();
  return startFakeServer(
    {
      handle(request: FakeRequest): FakeReply {
        const agent = String(request.headers['user-agent'] ?? '');
        if (!agent || /^(node|undici|axios|python-requests)/i.test(agent)) {
          return {
            status: 403,
            body: { error: { code: 'forbidden', info: 'Please set a user-agent and respect our robot policy' } },
          };
        }
        const forced = status.take();
        if (forced === 429)
          return {
            status: 429,
            headers: { 'Retry-After': '1' },
            body: { error: { code: 'ratelimited', info: 'Too many requests' } },
          };
        if (forced === 200)
          return {
            status: 200,
            body: { error: { code: 'maxlag', info: 'Waiting for a database server: 7 seconds lagged.' } },
          };
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
      control: status.control,
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
  const status = statusControl();
  return startFakeServer(
    {
      handle(request: FakeRequest): FakeReply {
        const forced = status.take();
        if (forced === 429)
          return meteoError(429, 'Minutely API request limit exceeded. Please try again in one minute.');
        if (forced === 503) return meteoError(503, 'The service is overloaded');
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
      control: status.control,
    },
    { port: options.port },
  );
}
