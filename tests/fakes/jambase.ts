import {
  type FakeArtist,
  type FakeEvent,
  type FakeVenue,
  fakeArtists,
  fakeEvents,
  fakeVenues,
  isoDaysFromToday,
} from './dataset.ts';
import { type FakeReply, type FakeRequest, type FakeServer, startFakeServer } from './fake-server.ts';

/**
 * A local JamBase Data API v3 `GET /v3/events` with the real answer shape
 * (../shared/reference/provider-apis.md §2): schema.org-style events, venue-local start times
 * without offset, prices as strings, the `{success:false, errors:[…]}` envelope for 400s, and
 * 401 for a missing or wrong key (Bearer header or `apikey=`).
 */

export const FAKE_JAMBASE_KEY = 'fake-jambase-key';

const errorBody = (errorCode: string, errorMessage: string) => ({
  success: false,
  errors: [{ errorCode, errorMessage }],
});

function venueBody(venue: FakeVenue) {
  return {
    '@type': 'Venue',
    name: venue.name,
    identifier: venue.id,
    url: `https://www.jambase.com/venue/${venue.id.split(':')[1]}`,
    image: '',
    address: {
      '@type': 'PostalAddress',
      streetAddress: venue.street,
      addressLocality: venue.city,
      postalCode: venue.postalCode,
      addressRegion: venue.region ? { '@type': 'State', ...venue.region } : '',
      addressCountry: { '@type': 'Country', ...venue.country },
      'x-streetAddress2': '',
      'x-timezone': venue.timeZone,
      'x-jamBaseMetroId': 120,
      'x-jamBaseCityId': 2643743,
    },
    geo: { '@type': 'GeoCoordinates', latitude: venue.lat, longitude: venue.lon },
  };
}

function performerBody(artist: FakeArtist, date: string, rank: number, expand: boolean) {
  return {
    '@type': 'MusicGroup',
    name: artist.name,
    identifier: artist.jambaseId,
    url: `https://www.jambase.com/band/${artist.name.toLowerCase().replace(/\W+/g, '-')}`,
    image: '',
    datePublished: '2019-01-01T00:00:00Z',
    dateModified: '2026-04-20T09:30:00Z',
    'x-bandOrMusician': artist.type === 'Person' ? 'musician' : 'band',
    'x-numUpcomingEvents': 3,
    genre: artist.genres?.map((genre) => genre.toLowerCase().replace(/\s+/g, '-')) ?? ['indie', 'rock'],
    'x-performanceDate': date,
    'x-performanceRank': rank,
    'x-isHeadliner': rank === 1,
    'x-dateIsConfirmed': true,
    ...(expand ? { 'x-externalIdentifiers': [{ source: 'musicbrainz', identifier: [artist.mbid] }] } : {}),
  };
}

function offerBody(event: FakeEvent, headliner: string) {
  if (!event.ticketUrl) return [];
  return [
    {
      '@type': 'Offer',
      name: `${headliner} Tickets on Ticketmaster`,
      identifier: `${event.id}-offer`,
      url: event.ticketUrl,
      datePublished: '2026-04-01T12:00:01Z',
      dateModified: '2026-04-01T12:00:01Z',
      category: 'ticketingLinkPrimary',
      priceSpecification: {
        '@type': 'PriceSpecification',
        minPrice: event.minPrice ?? '',
        maxPrice: '',
        price: event.minPrice ?? '',
        priceCurrency: 'USD',
      },
      seller: {
        '@type': 'Organization',
        name: 'Ticketmaster',
        identifier: 'ticketmaster',
        disambiguatingDescription: 'eventTicketVendorPrimary',
      },
      validFrom: '2026-04-01T12:00:01Z',
      'x-spansDays': 1,
    },
  ];
}

export interface FakeJamBase extends FakeServer {
  artists: FakeArtist[];
  /** Editable: a test may add venues (then events there). */
  venues: FakeVenue[];
  /** Editable: move, cancel or add events to simulate a tour that changed. */
  events: FakeEvent[];
}

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_MILE = 1.609344;

function kmBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The geo part of a search (geoLatitude, geoLongitude, geoRadiusAmount 1–5000, geoRadiusUnits
 * mi|km, default 60 mi): a filter on the venue's coordinates, or an error reply, or null when the
 * request names no point.
 */
function geoFilter(query: URLSearchParams): ((venue: FakeVenue) => boolean) | FakeReply | null {
  const latText = query.get('geoLatitude');
  const lonText = query.get('geoLongitude');
  if (latText === null && lonText === null) return null;
  const lat = Number(latText);
  const lon = Number(lonText);
  if (latText === null || lonText === null || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    return { status: 400, body: errorBody('parameter_invalid', 'geoLatitude and geoLongitude must both be numbers') };
  }
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return { status: 400, body: errorBody('parameter_out_of_range', 'geoLatitude/geoLongitude out of range') };
  }
  const amount = Number(query.get('geoRadiusAmount') ?? 60);
  if (!Number.isInteger(amount) || amount < 1 || amount > 5000) {
    return { status: 400, body: errorBody('parameter_out_of_range', 'geoRadiusAmount must be between 1 and 5000') };
  }
  const units = query.get('geoRadiusUnits') ?? 'mi';
  if (units !== 'mi' && units !== 'km') return { status: 400, body: errorBody('parameter_invalid', 'geoRadiusUnits') };
  const radiusKm = units === 'km' ? amount : amount * KM_PER_MILE;
  return (venue) => kmBetween({ lat, lon }, venue) <= radiusKm;
}

export async function startFakeJamBase(options: { port?: number; apiKey?: string } = {}): Promise<FakeJamBase> {
  const apiKey = options.apiKey ?? FAKE_JAMBASE_KEY;
  const artists = fakeArtists();
  const venues = fakeVenues();
  const events = fakeEvents();

  function eventBody(event: FakeEvent, expand: boolean) {
    const date = isoDaysFromToday(event.daysFromToday);
    const performers = event.performers.map((mbid) => artists.find((artist) => artist.mbid === mbid)!);
    const venue = venues.find((candidate) => candidate.id === event.venueId)!;
    const headliner = performers[0]!.name;
    return {
      '@type': 'Concert',
      name: `${headliner} at ${venue.name}`,
      identifier: event.id,
      url: `https://www.jambase.com/show/${event.id.split(':')[1]}`,
      image: '',
      sameAs: [],
      datePublished: '2026-04-01T12:00:00Z',
      dateModified: '2026-04-20T09:30:00Z',
      eventStatus: event.status ?? 'scheduled',
      startDate: `${date}T${event.time}`,
      endDate: date,
      previousStartDate: '',
      doorTime: '',
      location: venueBody(venue),
      offers: offerBody(event, headliner),
      performer: performers.map((artist, i) => performerBody(artist, date, i + 1, expand)),
      ...(event.tourName ? { superEvent: { '@type': 'Event', name: event.tourName } } : {}),
      eventAttendanceMode: 'live',
      isAccessibleForFree: false,
      'x-streamIds': [],
      'x-headlinerInSupport': false,
      'x-promoImage': '',
      'x-customTitle': '',
      'x-subtitle': '',
    };
  }

  function matchingArtists(request: FakeRequest): FakeArtist[] | FakeReply {
    const artistId = request.query.get('artistId');
    if (artistId) {
      const ids = artistId.split('|');
      const invalid = ids.find((id) => !/^[a-z0-9-]+:.+$/.test(id));
      if (invalid) return { status: 400, body: errorBody('identifier_invalid', `Invalid artistId: ${invalid}`) };
      return artists.filter((artist) => ids.includes(`musicbrainz:${artist.mbid}`) || ids.includes(artist.jambaseId));
    }
    const name = request.query.get('artistName')?.trim().toLowerCase();
    if (name) return artists.filter((artist) => artist.name.toLowerCase().includes(name));
    return artists;
  }

  function listEvents(request: FakeRequest): FakeReply {
    const perPage = Number(request.query.get('perPage') ?? 40);
    const page = Number(request.query.get('page') ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      return { status: 400, body: errorBody('parameter_out_of_range', 'perPage must be between 1 and 100') };
    }
    if (!Number.isInteger(page) || page < 1) return { status: 400, body: errorBody('parameter_invalid', 'page') };
    const from = request.query.get('eventDateFrom') ?? isoDaysFromToday(0);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from))
      return { status: 400, body: errorBody('parameter_invalid', 'eventDateFrom') };
    const to = request.query.get('eventDateTo');
    if (to !== null && !/^\d{4}-\d{2}-\d{2}$/.test(to))
      return { status: 400, body: errorBody('parameter_invalid', 'eventDateTo') };
    const near = geoFilter(request.query);
    if (near !== null && typeof near !== 'function') return near;
    const who = matchingArtists(request);
    if (!Array.isArray(who)) return who;
    const mbids = new Set(who.map((artist) => artist.mbid));
    const venueOf = (event: FakeEvent) => venues.find((venue) => venue.id === event.venueId)!;
    const matching = events
      .filter((event) => event.performers.some((mbid) => mbids.has(mbid)))
      .filter((event) => isoDaysFromToday(event.daysFromToday) >= from)
      .filter((event) => to === null || isoDaysFromToday(event.daysFromToday) <= to)
      .filter((event) => near === null || near(venueOf(event)))
      .sort((a, b) => a.daysFromToday - b.daysFromToday);
    const totalPages = Math.max(1, Math.ceil(matching.length / perPage));
    return {
      status: 200,
      body: {
        success: true,
        pagination: {
          page,
          perPage,
          totalItems: matching.length,
          totalPages,
          nextPage: page < totalPages ? `https://api.data.jambase.com/v3/events?page=${page + 1}` : null,
          previousPage: page > 1 ? `https://api.data.jambase.com/v3/events?page=${page - 1}` : null,
        },
        events: matching
          .slice((page - 1) * perPage, page * perPage)
          .map((event) => eventBody(event, request.query.get('expandExternalIdentifiers') === 'true')),
        request: {
          endpoint: 'https://api.data.jambase.com/v3/events',
          method: 'GET',
          params: Object.fromEntries(request.query),
          ip: '127.0.0.1',
          userAgent: String(request.headers['user-agent'] ?? ''),
        },
      },
    };
  }

  const fake = await startFakeServer(
    {
      unavailableBody: errorBody('general_error', 'Service temporarily unavailable'),
      malformedBody: { success: true, pagination: { page: 1 }, events: [{ name: 'Half an event' }] },
      handle(request) {
        const bearer = request.headers.authorization?.replace(/^Bearer\s+/i, '');
        if ((bearer ?? request.query.get('apikey')) !== apiKey) {
          return { status: 401, body: errorBody('api_key_invalid', 'The API key is missing or invalid.') };
        }
        if (request.path === '/v3/events') return listEvents(request);
        return { status: 404, body: errorBody('general_error', `Unknown endpoint ${request.path}`) };
      },
      /**
       * POST /__fake/events {event}: a browser test (the fake runs in another process) announces a
       * show, as `events.push` does in-process; an event with a known id replaces it.
       */
      control(pathname, body) {
        if (pathname !== '/__fake/events') return null;
        const event = (body as { event?: FakeEvent }).event;
        if (!event?.id || !event.performers?.length || !venues.some((venue) => venue.id === event.venueId)) {
          return { status: 400, body: { error: 'expected {event: FakeEvent} with a known venueId' } };
        }
        const known = events.findIndex((candidate) => candidate.id === event.id);
        if (known >= 0) events.splice(known, 1, event);
        else events.push(event);
        return { status: 200, body: { ok: true, events: events.length } };
      },
    },
    { ...options, basePath: '/v3' },
  );
  return Object.assign(fake, { artists, venues, events });
}
