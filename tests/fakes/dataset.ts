/**
 * The fakes' small world. Dates are days from "today" (computed per request) so a long-running
 * fake never drifts into the past. Tests may edit `events` to simulate a changed tour.
 */

export interface FakeArtist {
  mbid: string;
  name: string;
  type?: 'Group' | 'Person';
  disambiguation?: string;
  country?: string;
  jambaseId: string;
  officialUrl?: string;
  wikidataUrl?: string;
  genres?: string[];
  /** Votes per genre (same order as `genres`); MusicBrainz counts each user's vote. Default 3. */
  genreVotes?: number[];
  /** Folksonomy tags (inc=tags), with their votes; default: the genres. */
  tags?: { name: string; count: number }[];
  /** The artist's open.spotify.com page (MusicBrainz url relation 'free streaming'). */
  spotifyUrl?: string;
  /** Bandsintown answers for this artist this much later (ms): a slow source, seen live by the look-up. */
  bandsintownDelayMs?: number;
}

export interface FakeVenue {
  id: string;
  name: string;
  street: string;
  city: string;
  postalCode: string;
  region?: { identifier: string; name: string; alternateName: string };
  country: { identifier: string; name: string; alternateName: string };
  timeZone: string;
  lat: number;
  lon: number;
}

export interface FakeEvent {
  id: string;
  /** MBIDs of the performers, headliner first. */
  performers: string[];
  venueId: string;
  daysFromToday: number;
  time: string;
  status?: 'scheduled' | 'postponed' | 'rescheduled' | 'cancelled';
  tourName?: string;
  ticketUrl?: string;
  minPrice?: string;
}

export const NORTHERN_LANTERNS = '3f1c2a9e-5b7d-4c1e-9a2b-1d2e3f4a5b6c';
export const NORTHERN_LANTERN_SOCIETY = '9a8b7c6d-1111-4222-8333-444455556666';
export const VELVET_HARBOR = '5d4c3b2a-2222-4333-8444-555566667777';
export const HARBOR_TRIBUTE = '6e5d4c3b-3333-4444-8555-666677778888';
/** Only the notifications browser tests use these: they announce new shows for them (POST /__fake/events). */
export const GLASS_MERIDIAN = '7f6e5d4c-4444-4555-8666-777788889999';
export const QUARTZ_PARADE = '8a7f6e5d-5555-4666-8777-888899990000';
/** Only the search spec's "listed at home at once" test syncs it: its name sorts first on the home page. */
export const ALDER_SKYLINES = '9b8a7f6e-6666-4777-8888-999900001111';
/** Only the search spec's "a MusicBrainz suggestion syncs" test syncs it: new to the catalog whatever ran first. */
export const WINTERBOURNE_KITES = 'c3d4e5f6-9999-4aaa-8bbb-222233334444';
/** Only the genre-backfill tests look these up: genres with votes, and tags without any genre. */
export const SAFFRON_TIDES = 'a1b2c3d4-7777-4888-8999-000011112222';
export const UMBER_COAST = 'b2c3d4e5-8888-4999-8aaa-111122223333';
/**
 * Only the search spec's unknown-band journey looks these up: Copper Wrens are on Ticketmaster
 * (two shows) and, slowly, on Bandsintown (one of them); The Copper Wrens are a namesake with no
 * dates; Hollow Orchard is listed by no source at all.
 */
export const COPPER_WRENS = 'd4e5f6a7-aaaa-4bbb-8ccc-333344445555';
export const THE_COPPER_WRENS = 'e5f6a7b8-bbbb-4ccc-8ddd-444455556666';
export const HOLLOW_ORCHARD = 'f6a7b8c9-cccc-4ddd-8eee-555566667777';

export function fakeArtists(): FakeArtist[] {
  return [
    {
      mbid: NORTHERN_LANTERNS,
      name: 'Northern Lanterns',
      type: 'Group',
      disambiguation: 'UK indie band',
      country: 'GB',
      jambaseId: 'jambase:5550001',
      officialUrl: 'https://northernlanterns.example/',
      wikidataUrl: 'https://www.wikidata.org/wiki/Q98765432',
      genres: ['indie rock'],
    },
    { mbid: NORTHERN_LANTERN_SOCIETY, name: 'Northern Lantern Society', jambaseId: 'jambase:5550002' },
    {
      mbid: VELVET_HARBOR,
      name: 'Velvet Harbor',
      type: 'Person',
      disambiguation: 'American singer-songwriter',
      country: 'US',
      jambaseId: 'jambase:5550003',
    },
    { mbid: HARBOR_TRIBUTE, name: 'Velvet Harbor Tribute', type: 'Group', jambaseId: 'jambase:5550004' },
    {
      mbid: GLASS_MERIDIAN,
      name: 'Glass Meridian',
      type: 'Group',
      country: 'US',
      jambaseId: 'jambase:5550005',
      spotifyUrl: 'https://open.spotify.com/artist/4GlassMeridianSpotify0',
    },
    { mbid: QUARTZ_PARADE, name: 'Quartz Parade', type: 'Group', country: 'GB', jambaseId: 'jambase:5550006' },
    { mbid: ALDER_SKYLINES, name: 'Alder Skylines', type: 'Group', country: 'US', jambaseId: 'jambase:5550007' },
    {
      mbid: WINTERBOURNE_KITES,
      name: 'Winterbourne Kites',
      type: 'Group',
      disambiguation: 'Scottish dream-pop band',
      country: 'GB',
      jambaseId: 'jambase:5550010',
    },
    {
      mbid: SAFFRON_TIDES,
      name: 'Saffron Tides',
      type: 'Group',
      country: 'AU',
      jambaseId: 'jambase:5550008',
      genres: ['psychedelic rock', 'shoegaze', 'dream pop'],
      genreVotes: [9, 4, 1],
      tags: [
        { name: 'psychedelic rock', count: 9 },
        { name: 'australian', count: 5 },
        { name: 'shoegaze', count: 4 },
        { name: 'dream pop', count: 1 },
      ],
    },
    {
      mbid: UMBER_COAST,
      name: 'Umber Coast',
      type: 'Group',
      jambaseId: 'jambase:5550009',
      tags: [
        { name: 'folk', count: 3 },
        { name: 'seen live', count: 2 },
      ],
    },
    {
      mbid: COPPER_WRENS,
      name: 'Copper Wrens',
      type: 'Group',
      disambiguation: 'Welsh folk duo',
      country: 'GB',
      jambaseId: 'jambase:5550011',
      bandsintownDelayMs: 2500,
    },
    {
      mbid: THE_COPPER_WRENS,
      name: 'The Copper Wrens',
      type: 'Group',
      disambiguation: 'bluegrass band',
      country: 'US',
      jambaseId: 'jambase:5550012',
    },
    { mbid: HOLLOW_ORCHARD, name: 'Hollow Orchard', type: 'Person', country: 'IE', jambaseId: 'jambase:5550013' },
  ];
}

export function fakeVenues(): FakeVenue[] {
  const gb = { identifier: 'GB', name: 'United Kingdom', alternateName: 'GBR' };
  const us = { identifier: 'US', name: 'United States', alternateName: 'USA' };
  return [
    {
      id: 'jambase:70001',
      name: 'The Roundhouse',
      street: 'Chalk Farm Rd',
      city: 'London',
      postalCode: 'NW1 8EH',
      country: gb,
      timeZone: 'Europe/London',
      lat: 51.5432,
      lon: -0.1519,
    },
    {
      id: 'jambase:70002',
      name: 'Albert Hall',
      street: '27 Peter St',
      city: 'Manchester',
      postalCode: 'M2 5QR',
      country: gb,
      timeZone: 'Europe/London',
      lat: 53.4776,
      lon: -2.2481,
    },
    {
      id: 'jambase:70003',
      name: 'House of Blues',
      street: '15 Lansdowne St',
      city: 'Boston',
      postalCode: '02215',
      region: { identifier: 'US-MA', name: 'Massachusetts', alternateName: 'MA' },
      country: us,
      timeZone: 'America/New_York',
      lat: 42.3471,
      lon: -71.0951,
    },
    {
      id: 'jambase:70004',
      name: 'The Fillmore',
      street: '1805 Geary Blvd',
      city: 'San Francisco',
      postalCode: '94115',
      region: { identifier: 'US-CA', name: 'California', alternateName: 'CA' },
      country: us,
      timeZone: 'America/Los_Angeles',
      lat: 37.784,
      lon: -122.4331,
    },
  ];
}

export function fakeEvents(): FakeEvent[] {
  return [
    {
      id: 'jambase:12000001',
      performers: [NORTHERN_LANTERNS],
      venueId: 'jambase:70001',
      daysFromToday: 20,
      time: '19:30:00',
      ticketUrl: 'https://tickets.example/nl-london',
      minPrice: '35.00',
    },
    {
      id: 'jambase:12000002',
      performers: [NORTHERN_LANTERNS],
      venueId: 'jambase:70002',
      daysFromToday: 22,
      time: '20:00:00',
      ticketUrl: 'https://tickets.example/nl-manchester',
      minPrice: '',
    },
    {
      id: 'jambase:12000003',
      performers: [NORTHERN_LANTERNS],
      venueId: 'jambase:70003',
      daysFromToday: 40,
      time: '20:00:00',
    },
    {
      id: 'jambase:12000010',
      performers: [VELVET_HARBOR],
      venueId: 'jambase:70004',
      daysFromToday: 15,
      time: '21:00:00',
      tourName: 'Tidewater Tour',
    },
    {
      id: 'jambase:12000011',
      performers: [VELVET_HARBOR],
      venueId: 'jambase:70003',
      daysFromToday: 18,
      time: '20:00:00',
      tourName: 'Tidewater Tour',
    },
    {
      id: 'jambase:12000012',
      performers: [VELVET_HARBOR],
      venueId: 'jambase:70001',
      daysFromToday: 30,
      time: '19:00:00',
      status: 'cancelled',
    },
    {
      id: 'jambase:12000013',
      performers: [VELVET_HARBOR],
      venueId: 'jambase:70002',
      daysFromToday: -10,
      time: '19:00:00',
    },
    // A shared bill: one JamBase event, a stop on both artists' tours.
    {
      id: 'jambase:12000030',
      performers: [VELVET_HARBOR, NORTHERN_LANTERNS],
      venueId: 'jambase:70004',
      daysFromToday: 50,
      time: '18:00:00',
    },
    {
      id: 'jambase:12000020',
      performers: [HARBOR_TRIBUTE],
      venueId: 'jambase:70004',
      daysFromToday: 25,
      time: '20:00:00',
    },
    {
      id: 'jambase:12000040',
      performers: [GLASS_MERIDIAN],
      venueId: 'jambase:70003',
      daysFromToday: 33,
      time: '20:00:00',
      tourName: 'Prism Tour',
    },
    {
      id: 'jambase:12000050',
      performers: [QUARTZ_PARADE],
      venueId: 'jambase:70001',
      daysFromToday: 27,
      time: '19:30:00',
    },
    {
      id: 'jambase:12000060',
      performers: [ALDER_SKYLINES],
      venueId: 'jambase:70002',
      daysFromToday: 12,
      time: '20:00:00',
    },
    // Far from every trip's dates (trips.api.test.ts, vacation.spec.ts search around day 20).
    ...['jambase:70001', 'jambase:70002', 'jambase:70003', 'jambase:70004'].map((venueId, index) => ({
      id: `jambase:1200007${index}`,
      performers: [WINTERBOURNE_KITES],
      venueId,
      daysFromToday: 61 + index * 5,
      time: '20:00:00',
    })),
  ];
}

/** YYYY-MM-DD of today plus `days`, in UTC (the fakes run next to the server). */
export function isoDaysFromToday(days: number, now = new Date()): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
