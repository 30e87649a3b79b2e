import {
  COPPER_WRENS,
  type FakeArtist,
  fakeArtists,
  HARBOR_TRIBUTE,
  isoDaysFromToday,
  NORTHERN_LANTERNS,
  VELVET_HARBOR,
} from './dataset.ts';
import {
  type FakeReply,
  type FakeRequest,
  type FakeServer,
  type FakeServerOptions,
  startFakeServer,
} from './fake-server.ts';

/**
 * A local Ticketmaster Discovery API v2 (`/discovery/v2/attractions.json`, `/events.json`) with
 * the real answer shapes (../shared/reference/provider-apis.md §3): `apikey` as a query parameter
 * (401 `fault` body without it), `_embedded` left out when nothing matches, venue coordinates as
 * strings, `Rate-Limit*` headers, the daily quota answered with 429, paging with `size × page < 1000`.
 *
 * Its world overlaps the JamBase fake's as real sources do: the same shows under other venue
 * spellings ('Roundhouse', 'House of Blues Boston'), start times that differ by a half hour or an
 * hour (doors vs stage), a co-bill listed once with both attractions, a cancellation, and no
 * MusicBrainz link on one artist (found by name, next to a tribute act).
 */

export const FAKE_TICKETMASTER_KEY = 'fake-ticketmaster-key';

export interface FakeTmVenue {
  id: string;
  name: string;
  city: string;
  state?: { name: string; stateCode: string };
  country: { name: string; countryCode: string };
  timezone: string;
  postalCode: string;
  line1: string;
  latitude: string;
  longitude: string;
}

export interface FakeTmEvent {
  id: string;
  /** MBIDs of the attractions, headliner first. */
  attractions: string[];
  venueId: string;
  daysFromToday: number;
  /** 'HH:MM:SS'; absent for a time not announced yet. */
  time?: string;
  status?: 'onsale' | 'offsale' | 'canceled' | 'postponed' | 'rescheduled';
  /** A multi-day listing (festival pass): its last day. */
  endDaysFromToday?: number;
  name?: string;
  /**
   * Ticket sales (instants, ISO 8601 UTC): the public sale (default: one long past; null = still
   * to be announced, `startTBA`) and presales.
   */
  sales?: { publicAt?: string | null; presales?: { name: string; startAt: string; endAt: string }[] };
}

export function fakeTmVenues(): FakeTmVenue[] {
  const us = { name: 'United States Of America', countryCode: 'US' };
  const gb = { name: 'Great Britain', countryCode: 'GB' };
  return [
    {
      id: 'KovZ9177Rnd',
      name: 'Roundhouse',
      city: 'London',
      country: gb,
      timezone: 'Europe/London',
      postalCode: 'NW1 8EH',
      line1: 'Chalk Farm Road',
      latitude: '51.5434',
      longitude: '-0.1517',
    },
    {
      id: 'KovZpZAHob',
      name: 'House of Blues Boston',
      city: 'Boston',
      state: { name: 'Massachusetts', stateCode: 'MA' },
      country: us,
      timezone: 'America/New_York',
      postalCode: '02215',
      line1: '15 Lansdowne Street',
      latitude: '42.3472',
      longitude: '-71.0950',
    },
    {
      id: 'KovZpZAFil',
      name: 'The Fillmore',
      city: 'San Francisco',
      state: { name: 'California', stateCode: 'CA' },
      country: us,
      timezone: 'America/Los_Angeles',
      postalCode: '94115',
      line1: '1805 Geary Blvd',
      latitude: '37.7840',
      longitude: '-122.4330',
    },
    {
      id: 'KovZpZAPar',
      name: 'Paradise Rock Club presented by Citizens',
      city: 'Boston',
      state: { name: 'Massachusetts', stateCode: 'MA' },
      country: us,
      timezone: 'America/New_York',
      postalCode: '02215',
      line1: '967 Commonwealth Ave',
      latitude: '42.3517',
      longitude: '-71.1211',
    },
  ];
}

export function fakeTmEvents(): FakeTmEvent[] {
  return [
    // The JamBase fake's London show (19:30 there): Ticketmaster says doors, 19:00.
    {
      id: 'G5vYZ9NL001',
      attractions: [NORTHERN_LANTERNS],
      venueId: 'KovZ9177Rnd',
      daysFromToday: 20,
      time: '19:00:00',
    },
    { id: 'G5vYZ9NL003', attractions: [NORTHERN_LANTERNS], venueId: 'KovZpZAHob', daysFromToday: 40, time: '19:30:00' },
    // The co-bill (JamBase 18:00): one event, both attractions.
    {
      id: 'G5vYZ9CB030',
      attractions: [VELVET_HARBOR, NORTHERN_LANTERNS],
      venueId: 'KovZpZAFil',
      daysFromToday: 50,
      time: '19:00:00',
    },
    { id: 'G5vYZ9VH010', attractions: [VELVET_HARBOR], venueId: 'KovZpZAFil', daysFromToday: 15, time: '21:00:00' },
    {
      id: 'G5vYZ9VH012',
      attractions: [VELVET_HARBOR],
      venueId: 'KovZ9177Rnd',
      daysFromToday: 30,
      time: '19:00:00',
      status: 'canceled',
    },
    { id: 'G5vYZ9TR020', attractions: [HARBOR_TRIBUTE], venueId: 'KovZpZAFil', daysFromToday: 25, time: '20:00:00' },
    // The unknown band (search spec): Bandsintown lists the London show too.
    { id: 'G5vYZ9CW001', attractions: [COPPER_WRENS], venueId: 'KovZ9177Rnd', daysFromToday: 34, time: '19:30:00' },
    { id: 'G5vYZ9CW002', attractions: [COPPER_WRENS], venueId: 'KovZpZAHob', daysFromToday: 41, time: '20:00:00' },
  ];
}

/** Attraction ids by MBID; Velvet Harbor's attraction carries no MusicBrainz link (found by name). */
const attractionId = (artist: FakeArtist) => `K8vZ91${artist.jambaseId.replace(/\D/g, '').slice(-5)}`;
const WITHOUT_MBID = new Set([VELVET_HARBOR]);

export interface FakeTicketmaster extends FakeServer {
  artists: FakeArtist[];
  venues: FakeTmVenue[];
  /** Editable: move, cancel or add events to simulate a tour that changed. */
  events: FakeTmEvent[];
  /** Calls a day before the fake answers 429 (the real key's 5,000). */
  dailyQuota: number;
}

const fault = (faultstring: string, errorcode: string) => ({ fault: { faultstring, detail: { errorcode } } });

export async function startFakeTicketmaster(
  options: FakeServerOptions & { apiKey?: string; dailyQuota?: number } = {},
): Promise<FakeTicketmaster> {
  const apiKey = options.apiKey ?? FAKE_TICKETMASTER_KEY;
  const artists = fakeArtists();
  const venues = fakeTmVenues();
  const events = fakeTmEvents();
  let served = 0;

  function attractionBody(artist: FakeArtist) {
    return {
      name: artist.name,
      type: 'attraction',
      id: attractionId(artist),
      test: false,
      url: `https://www.ticketmaster.com/${artist.name.toLowerCase().replace(/\W+/g, '-')}-tickets/artist/${attractionId(artist)}`,
      locale: 'en-us',
      images: [],
      classifications: [{ primary: true, segment: { id: 'KZFzniwnSyZfZ7v7nJ', name: 'Music' }, family: false }],
      externalLinks: {
        ...(WITHOUT_MBID.has(artist.mbid) ? {} : { musicbrainz: [{ id: artist.mbid }] }),
        ...(artist.officialUrl ? { homepage: [{ url: artist.officialUrl }] } : {}),
      },
      upcomingEvents: { _total: events.filter((event) => event.attractions.includes(artist.mbid)).length },
      _links: { self: { href: `/discovery/v2/attractions/${attractionId(artist)}?locale=en-us` } },
    };
  }

  function venueBody(venue: FakeTmVenue) {
    return {
      name: venue.name,
      type: 'venue',
      id: venue.id,
      test: false,
      url: `https://www.ticketmaster.com/venue/${venue.id}`,
      locale: 'en-us',
      postalCode: venue.postalCode,
      timezone: venue.timezone,
      city: { name: venue.city },
      ...(venue.state ? { state: venue.state } : {}),
      country: venue.country,
      address: { line1: venue.line1 },
      location: { longitude: venue.longitude, latitude: venue.latitude },
      markets: [],
      dmas: [],
      upcomingEvents: { _total: 12 },
      _links: { self: { href: `/discovery/v2/venues/${venue.id}?locale=en-us` } },
    };
  }

  function eventBody(event: FakeTmEvent) {
    const performers = event.attractions.map((mbid) => artists.find((artist) => artist.mbid === mbid)!);
    const venue = venues.find((candidate) => candidate.id === event.venueId)!;
    const date = isoDaysFromToday(event.daysFromToday);
    const utc = event.time ? zonedToUtc(date, event.time, venue.timezone) : null;
    return {
      name: event.name ?? `${performers.map((artist) => artist.name).join(' & ')}`,
      type: 'event',
      id: event.id,
      test: false,
      url: `https://www.ticketmaster.com/event/${event.id}`,
      locale: 'en-us',
      images: [
        {
          ratio: '16_9',
          url: `https://s1.ticketm.net/dam/a/000/${event.id}_RETINA_PORTRAIT_16_9.jpg`,
          width: 640,
          height: 360,
          fallback: false,
        },
      ],
      sales: salesBody(event),
      dates: {
        start: {
          localDate: date,
          ...(event.time ? { localTime: event.time, dateTime: utc } : {}),
          dateTBD: false,
          dateTBA: false,
          timeTBA: !event.time,
          noSpecificTime: !event.time,
        },
        ...(event.endDaysFromToday !== undefined
          ? { end: { localDate: isoDaysFromToday(event.endDaysFromToday) } }
          : {}),
        timezone: venue.timezone,
        status: { code: event.status ?? 'onsale' },
        spanMultipleDays: event.endDaysFromToday !== undefined,
      },
      classifications: [{ primary: true, segment: { id: 'KZFzniwnSyZfZ7v7nJ', name: 'Music' }, family: false }],
      _links: { self: { href: `/discovery/v2/events/${event.id}?locale=en-us` } },
      _embedded: { venues: [venueBody(venue)], attractions: performers.map(attractionBody) },
    };
  }

  function paged<T>(request: FakeRequest, items: T[], key: string, path: string): FakeReply {
    const size = Number(request.query.get('size') ?? 20);
    const page = Number(request.query.get('page') ?? 0);
    if (!Number.isInteger(size) || size < 1 || size > 200 || !Number.isInteger(page) || page < 0) {
      return { status: 400, body: { errors: [{ code: 'DIS1001', detail: 'Invalid size or page' }] } };
    }
    if (size * page >= 1000) {
      return {
        status: 400,
        body: {
          errors: [
            {
              code: 'DIS1035',
              detail: 'API Limits Exceeded: Max paging depth exceeded. (page * size) must be less than 1,000',
            },
          ],
        },
      };
    }
    const slice = items.slice(page * size, (page + 1) * size);
    return {
      status: 200,
      body: {
        ...(slice.length > 0 ? { _embedded: { [key]: slice } } : {}),
        _links: { self: { href: `/discovery/v2/${path}?page=${page}&size=${size}` } },
        page: { size, totalElements: items.length, totalPages: Math.ceil(items.length / size), number: page },
      },
    };
  }

  function attractions(request: FakeRequest): FakeReply {
    const keyword = request.query.get('keyword')?.trim().toLowerCase() ?? '';
    const found = artists.filter((artist) => artist.name.toLowerCase().includes(keyword));
    return paged(request, found.map(attractionBody), 'attractions', 'attractions.json');
  }

  function listEvents(request: FakeRequest): FakeReply {
    const ids = (request.query.get('attractionId') ?? '').split(',').filter(Boolean);
    const from = request.query.get('startDateTime')?.slice(0, 10) ?? isoDaysFromToday(0);
    // The attractions asked for, by MBID: one pass over artists, then one over events (a bench has thousands).
    const wanted = new Set(artists.filter((artist) => ids.includes(attractionId(artist))).map((artist) => artist.mbid));
    const matching = events
      .filter((event) => ids.length === 0 || event.attractions.some((mbid) => wanted.has(mbid)))
      .filter((event) => isoDaysFromToday(event.daysFromToday) >= from)
      .sort((a, b) => a.daysFromToday - b.daysFromToday);
    return paged(request, matching.map(eventBody), 'events', 'events.json');
  }

  const fake = await startFakeServer(
    {
      unavailableBody: fault(
        'Rate limit quota violation. Spike arrest violation.',
        'policies.ratelimit.SpikeArrestViolation',
      ),
      malformedBody: { _embedded: { events: [{ name: 'Half an event' }] }, page: { size: 20 } },
      handle(request) {
        if (request.query.get('apikey') !== apiKey) {
          return { status: 401, body: fault('Invalid ApiKey', 'oauth.v2.InvalidApiKey') };
        }
        served += 1;
        const quota = fakeTm.dailyQuota;
        const headers = {
          'Rate-Limit': String(quota),
          'Rate-Limit-Available': String(Math.max(0, quota - served)),
          'Rate-Limit-Over': String(Math.max(0, served - quota)),
          'Rate-Limit-Reset': String(
            Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1),
          ),
        };
        if (served > quota) {
          return {
            status: 429,
            body: fault('Rate limit quota violation. Quota limit exceeded.', 'policies.ratelimit.QuotaViolation'),
            headers,
          };
        }
        const reply =
          request.path === '/discovery/v2/attractions.json'
            ? attractions(request)
            : request.path === '/discovery/v2/events.json'
              ? listEvents(request)
              : { status: 404, body: { errors: [{ code: 'DIS1004', detail: 'Resource not found' }] } };
        return { ...reply, headers };
      },
    },
    { ...options, basePath: '/discovery/v2' },
  );
  const fakeTm = Object.assign(fake, { artists, venues, events, dailyQuota: options.dailyQuota ?? 5000 });
  return fakeTm;
}

function salesBody(event: FakeTmEvent) {
  const publicAt = event.sales?.publicAt === undefined ? '2026-05-01T09:00:00Z' : event.sales.publicAt;
  const presales = event.sales?.presales ?? [];
  return {
    public:
      publicAt === null
        ? { startTBD: false, startTBA: true }
        : { startDateTime: publicAt.replace('.000Z', 'Z'), startTBD: false, startTBA: false },
    ...(presales.length > 0
      ? {
          presales: presales.map((presale) => ({
            name: presale.name,
            startDateTime: presale.startAt.replace('.000Z', 'Z'),
            endDateTime: presale.endAt.replace('.000Z', 'Z'),
          })),
        }
      : {}),
  };
}

/** The UTC instant of a venue-local wall-clock time (what Ticketmaster's `dateTime` carries). */
function zonedToUtc(date: string, time: string, timeZone: string): string {
  const guess = new Date(`${date}T${time}Z`);
  const local = new Date(guess.toLocaleString('en-US', { timeZone }));
  const utc = new Date(guess.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess.getTime() - (local.getTime() - utc.getTime())).toISOString().replace('.000Z', 'Z');
}
