/**
 * The small, deterministic catalog the browser tests run against. Dates are offsets from the
 * day the suite starts (never 0 or ±1, so a run that crosses midnight sees the same split into
 * upcoming and past). Counts the specs rely on are exported beside it.
 */
import { localIsoDate } from '#shared/dates.ts';
import { E2E_SETLIST_ARTISTS } from '../../fakes/setlistfm.ts';

interface FixtureStop {
  date: string;
  time?: string;
  venue: string;
  city: string;
  region?: string;
  country: string;
  lat?: number;
  lon?: number;
  ticketUrl?: string;
}

interface FixtureArtist {
  name: string;
  /** A few have one: the fake setlist.fm knows them (E2E_SETLIST_ARTISTS). */
  mbid?: string;
  genres?: string[];
  tours: { name: string; stops: FixtureStop[] }[];
}

export function isoDateFromToday(days: number, today = new Date()): string {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  return localIsoDate(date);
}

const VENUES = [
  // Coordinates give the venue its time zone (America/Denver) at import: show times are labelled with it.
  {
    venue: 'Red Rocks Amphitheatre',
    city: 'Morrison',
    region: 'Colorado',
    country: 'US',
    lat: 39.6654,
    lon: -105.2057,
  },
  { venue: 'Brixton Academy', city: 'London', country: 'GB' },
  { venue: 'The Fillmore', city: 'San Francisco', region: 'CA', country: 'US' },
  { venue: 'Paradiso', city: 'Amsterdam', country: 'NL' },
];

/** 25 artists with upcoming dates (two pages at 20 a page) and 3 with past dates only. */
export const UPCOMING_ARTIST_COUNT = 25;
export const PAST_ONLY_ARTIST_COUNT = 3;

/** The artist the tour-page spec opens: one upcoming tour, one past tour, known dates. */
export const FEATURED = {
  name: 'The Midnight Lanterns',
  slug: 'the-midnight-lanterns',
  genres: ['indie rock', 'dream pop'],
  upcomingDays: [10, 24],
  pastDays: [-20, -40, -60],
};

function generatedName(index: number): string {
  const first = ['Amber', 'Copper', 'Velvet', 'Neon', 'Silver', 'Hollow', 'Electric', 'Paper', 'Crimson'];
  const second = ['Foxes', 'Tides', 'Satellites', 'Orchards', 'Engines', 'Comets', 'Harbors', 'Kites'];
  return `${first[index % first.length]} ${second[Math.floor(index / first.length) % second.length]}`;
}

function stopAt(days: number, venueIndex: number, today: Date, time?: string): FixtureStop {
  const venue = VENUES[venueIndex % VENUES.length]!;
  return { date: isoDateFromToday(days, today), time, ...venue, ticketUrl: 'https://tickets.example.com/e2e' };
}

const mbidOf = (name: string) => E2E_SETLIST_ARTISTS.find((artist) => artist.name === name)?.mbid;

export function buildFixtureCatalog(today = new Date()): { artists: FixtureArtist[] } {
  const featured: FixtureArtist = {
    name: FEATURED.name,
    genres: FEATURED.genres,
    tours: [
      {
        name: 'Lantern Light Tour',
        stops: FEATURED.upcomingDays.map((days, i) => stopAt(days, i, today, i === 0 ? '19:30' : undefined)),
      },
      { name: 'After Dark Tour', stops: FEATURED.pastDays.map((days, i) => stopAt(days, i + 1, today, '20:00')) },
    ],
  };
  const upcoming = Array.from({ length: UPCOMING_ARTIST_COUNT - 1 }, (_, i) => ({
    name: generatedName(i),
    mbid: mbidOf(generatedName(i)),
    tours: [{ name: `${generatedName(i)} Live`, stops: [stopAt(5 + i, i, today, '20:00')] }],
  }));
  const pastOnly = Array.from({ length: PAST_ONLY_ARTIST_COUNT }, (_, i) => ({
    name: `Faded Echo ${i + 1}`,
    mbid: mbidOf(`Faded Echo ${i + 1}`),
    tours: [{ name: 'Farewell Tour', stops: [stopAt(-30 - i, i, today, '21:00')] }],
  }));
  return { artists: [featured, ...upcoming, ...pastOnly] };
}
