import {
  COPPER_WRENS,
  type FakeArtist,
  fakeArtists,
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
 * A local Bandsintown API v3 `GET /artists/{name}/events?app_id=…&date=upcoming` with the real
 * answer shape (../shared/reference/provider-apis.md §4): a bare array, venue-local `datetime`
 * without an offset, the country as a full name, coordinates as strings, `""` for unknown values,
 * only the first event embedding the `artist`, `{"errorMessage": "[NotFound] …"}` for an unknown
 * artist, and 403 with an API-Gateway body for a wrong app_id. A cancelled show is not listed.
 *
 * Its world overlaps the JamBase and Ticketmaster fakes': the same shows under other spellings
 * ('Fillmore'), at the JamBase time; the co-bill under both artists with one event id.
 */

export const FAKE_BANDSINTOWN_KEY = 'fake-bandsintown-app';

export interface FakeBitVenue {
  name: string;
  city: string;
  region: string;
  country: string;
  latitude: string;
  longitude: string;
}

export interface FakeBitEvent {
  id: string;
  /** MBIDs, headliner first. */
  lineup: string[];
  venue: FakeBitVenue;
  daysFromToday: number;
  time: string;
  /** A festival listing: its first and last day (days from today). */
  festival?: { startDays: number; endDays: number; title: string };
}

const roundhouse = {
  name: 'The Roundhouse',
  city: 'London',
  region: '',
  country: 'United Kingdom',
  latitude: '51.5432',
  longitude: '-0.1519',
};
const albertHall = {
  name: 'Albert Hall',
  city: 'Manchester',
  region: '',
  country: 'United Kingdom',
  latitude: '53.4776',
  longitude: '-2.2481',
};
const fillmore = {
  name: 'Fillmore',
  city: 'San Francisco',
  region: 'CA',
  country: 'United States',
  latitude: '37.784',
  longitude: '-122.4331',
};

export function fakeBitEvents(): FakeBitEvent[] {
  return [
    { id: '1037000101', lineup: [NORTHERN_LANTERNS], venue: roundhouse, daysFromToday: 20, time: '19:30:00' },
    { id: '1037000102', lineup: [NORTHERN_LANTERNS], venue: albertHall, daysFromToday: 22, time: '20:00:00' },
    {
      id: '1037000130',
      lineup: [VELVET_HARBOR, NORTHERN_LANTERNS],
      venue: fillmore,
      daysFromToday: 50,
      time: '18:00:00',
    },
    { id: '1037000110', lineup: [VELVET_HARBOR], venue: fillmore, daysFromToday: 15, time: '21:00:00' },
    { id: '1037000201', lineup: [COPPER_WRENS], venue: roundhouse, daysFromToday: 34, time: '19:30:00' },
  ];
}

export interface FakeBandsintown extends FakeServer {
  artists: FakeArtist[];
  /** Editable: move, drop or add events to simulate a tour that changed. */
  events: FakeBitEvent[];
}

export async function startFakeBandsintown(
  options: FakeServerOptions & { appId?: string } = {},
): Promise<FakeBandsintown> {
  const appId = options.appId ?? FAKE_BANDSINTOWN_KEY;
  const artists = fakeArtists();
  const events = fakeBitEvents();
  const artistId = (artist: FakeArtist) => `155${artist.jambaseId.replace(/\D/g, '').slice(-5)}`;

  function eventBody(event: FakeBitEvent, artist: FakeArtist, first: boolean) {
    const date = isoDaysFromToday(event.daysFromToday);
    const festival = event.festival;
    return {
      id: event.id,
      artist_id: artistId(artist),
      url: `https://www.bandsintown.com/e/${event.id}?app_id=${appId}&came_from=267`,
      on_sale_datetime: '',
      datetime: `${date}T${event.time}`,
      starts_at: `${date}T${event.time}`,
      ends_at: '',
      datetime_display_rule: 'datetime',
      title: festival?.title ?? '',
      description: '',
      festival_start_date: festival ? isoDaysFromToday(festival.startDays) : '',
      festival_end_date: festival ? isoDaysFromToday(festival.endDays) : '',
      festival_datetime_display_rule: festival ? 'date' : '',
      bandsintown_plus: false,
      venue: { ...event.venue, location: `${event.venue.city}, ${event.venue.region || event.venue.country}` },
      offers: [
        { type: 'Tickets', url: `https://www.bandsintown.com/t/${event.id}?app_id=${appId}`, status: 'available' },
      ],
      lineup: event.lineup.map((mbid) => artists.find((candidate) => candidate.mbid === mbid)?.name ?? mbid),
      ...(first
        ? {
            artist: {
              id: artistId(artist),
              name: artist.name,
              url: `https://www.bandsintown.com/a/${artistId(artist)}`,
              mbid: artist.mbid,
              image_url: `https://photos.bandsintown.com/large/${artistId(artist)}.jpeg`,
              thumb_url: `https://photos.bandsintown.com/thumb/${artistId(artist)}.jpeg`,
              facebook_page_url: '',
              tracker_count: 12034,
              upcoming_event_count: events.filter((candidate) => candidate.lineup.includes(artist.mbid)).length,
              links: artist.officialUrl ? [{ type: 'website', url: artist.officialUrl }] : [],
            },
          }
        : {}),
    };
  }

  function artistEvents(request: FakeRequest, name: string): FakeReply {
    const artist = artists.find((candidate) => candidate.name.toLowerCase() === name.trim().toLowerCase());
    if (!artist) return { status: 404, body: { errorMessage: '[NotFound] The artist was not found' } };
    const today = isoDaysFromToday(0);
    const listed = events
      .filter((event) => event.lineup.includes(artist.mbid))
      .filter((event) => request.query.get('date') === 'all' || isoDaysFromToday(event.daysFromToday) >= today)
      .sort((a, b) => a.daysFromToday - b.daysFromToday);
    return { status: 200, body: listed.map((event, index) => eventBody(event, artist, index === 0)) };
  }

  const artistOf = (request: FakeRequest) => {
    const match = /^\/artists\/([^/]+)\/events$/.exec(request.path);
    const name = match ? decodeURIComponent(decodeURIComponent(match[1]!)).trim().toLowerCase() : null;
    return artists.find((candidate) => candidate.name.toLowerCase() === name);
  };

  const fake = await startFakeServer(
    {
      delayMs: (request) => artistOf(request)?.bandsintownDelayMs ?? 0,
      unavailableBody: { message: 'Service Unavailable' },
      malformedBody: [{ id: 1, venue: 'somewhere' }],
      handle(request) {
        if (request.query.get('app_id') !== appId) {
          return {
            status: 403,
            body: { Message: 'User is not authorized to access this resource with an explicit deny' },
          };
        }
        const match = /^\/artists\/([^/]+)\/events$/.exec(request.path);
        // The path segment arrives double-encoded for / ? * " (the API's own rule); decode both layers.
        if (match) return artistEvents(request, decodeURIComponent(decodeURIComponent(match[1]!)));
        return { status: 404, body: { errorMessage: '[NotFound] Unknown endpoint' } };
      },
    },
    options,
  );
  return Object.assign(fake, { artists, events });
}
