/**
 * The tour world of `bench:sync`: artists whose shows the three tour-date fakes (Ticketmaster,
 * Bandsintown, JamBase) list the way real sources overlap — shared shows under other venue
 * spellings, a few hundred metres apart, at doors or stage times; co-bills listed once with the
 * whole bill; early and late shows at one venue on one date; shows only one source knows — and
 * the truth each show should become in the catalog. `moveAndCancel` is the next day's news: one
 * show per tenth artist moved by Ticketmaster and JamBase while Bandsintown lags, one cancelled by
 * Ticketmaster while the others still list it.
 */
import type { FakeBandsintown, FakeBitEvent, FakeBitVenue } from '#tests/fakes/bandsintown.ts';
import type { FakeArtist, FakeEvent, FakeVenue } from '#tests/fakes/dataset.ts';
import type { FakeJamBase } from '#tests/fakes/jambase.ts';
import type { FakeTicketmaster, FakeTmEvent, FakeTmVenue } from '#tests/fakes/ticketmaster.ts';

export type Source = 'ticketmaster' | 'bandsintown' | 'jambase';

/** One real show and what the catalog should hold for it. */
export interface TrueShow {
  key: string;
  /** MBIDs, headliner first. */
  bill: string[];
  venue: number;
  day: number;
  /** The stage time (JamBase's); Ticketmaster says doors, 30 minutes earlier. */
  time: string;
  sources: Source[];
  kind: 'shared' | 'two-sources' | 'one-source' | 'co-bill' | 'early' | 'late' | 'moved' | 'cancelled';
  /** After the news: the day it moved to, or that it is cancelled. */
  movedTo?: number;
  cancelled?: boolean;
  /** The listing ids per source (an early and a late show have one each). */
  ids: Partial<Record<Source, string>>;
}

export interface World {
  artists: FakeArtist[];
  shows: TrueShow[];
}

const CITIES: { city: string; state: string; stateName: string; zone: string; lat: number; lon: number }[] = [
  { city: 'New York', state: 'NY', stateName: 'New York', zone: 'America/New_York', lat: 40.7128, lon: -74.006 },
  { city: 'Chicago', state: 'IL', stateName: 'Illinois', zone: 'America/Chicago', lat: 41.8781, lon: -87.6298 },
  { city: 'Austin', state: 'TX', stateName: 'Texas', zone: 'America/Chicago', lat: 30.2672, lon: -97.7431 },
  { city: 'Denver', state: 'CO', stateName: 'Colorado', zone: 'America/Denver', lat: 39.7392, lon: -104.9903 },
  { city: 'Seattle', state: 'WA', stateName: 'Washington', zone: 'America/Los_Angeles', lat: 47.6062, lon: -122.3321 },
  { city: 'Boston', state: 'MA', stateName: 'Massachusetts', zone: 'America/New_York', lat: 42.3601, lon: -71.0589 },
];
const VENUE_COUNT = 120;
const NAMES = ['Paramount', 'Orpheum', 'Fillmore', 'Ballroom', 'Music Hall', 'Roxy', 'Palace', 'Ritz', 'Vogue'];

const mbidOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const pad = (i: number) => String(i).padStart(4, '0');

/** Venue `v`: its name (JamBase writes "The …", Ticketmaster adds a sponsor), city and point. */
function venueFacts(v: number) {
  const city = CITIES[v % CITIES.length]!;
  const base = `${NAMES[v % NAMES.length]} ${pad(v)}`;
  // Spread the venues over a few kilometres of the city centre.
  const lat = city.lat + ((v * 37) % 50) / 1000;
  const lon = city.lon + ((v * 53) % 50) / 1000;
  return { city, base, lat, lon };
}

function tmVenue(v: number): FakeTmVenue {
  const { city, base, lat, lon } = venueFacts(v);
  return {
    id: `KovZbench${pad(v)}`,
    name: v % 4 === 0 ? `${base} presented by Citizens` : base,
    city: city.city,
    state: { name: city.stateName, stateCode: city.state },
    country: { name: 'United States Of America', countryCode: 'US' },
    timezone: city.zone,
    postalCode: '00000',
    line1: `${v} Main Street`,
    // About 60 m from JamBase's point.
    latitude: (lat + 0.0004).toFixed(4),
    longitude: (lon + 0.0004).toFixed(4),
  };
}

function bitVenue(v: number): FakeBitVenue {
  const { city, base, lat, lon } = venueFacts(v);
  return {
    name: base,
    city: city.city,
    region: city.state,
    country: 'United States',
    latitude: (lat - 0.0003).toFixed(4),
    longitude: (lon - 0.0003).toFixed(4),
  };
}

function jbVenue(v: number): FakeVenue {
  const { city, base, lat, lon } = venueFacts(v);
  return {
    id: `jambase:9${pad(v)}`,
    name: `The ${base}`,
    street: `${v} Main St`,
    city: city.city,
    postalCode: '00000',
    region: { identifier: `US-${city.state}`, name: city.stateName, alternateName: city.state },
    country: { identifier: 'US', name: 'United States', alternateName: 'USA' },
    timeZone: city.zone,
    lat,
    lon,
  };
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/** `count` artists and their shows (deterministic: the same world every run). */
export function generateWorld(count: number, firstIndex = 1): World {
  const artists: FakeArtist[] = [];
  for (let i = 0; i < count; i++) {
    const n = firstIndex + i;
    artists.push({ mbid: mbidOf(n), name: `Bench Band ${pad(n)}`, jambaseId: `jambase:8${pad(n)}` });
  }
  const shows: TrueShow[] = [];
  const all: Source[] = ['ticketmaster', 'bandsintown', 'jambase'];
  const add = (show: Omit<TrueShow, 'ids'>) => {
    const ids: Partial<Record<Source, string>> = {};
    for (const source of show.sources) ids[source] = `${source.slice(0, 2)}-${show.key}`;
    shows.push({ ...show, ids });
  };
  artists.forEach((artist, i) => {
    const venue = (k: number) => (i * 5 + k) % VENUE_COUNT;
    const base = { bill: [artist.mbid] };
    add({
      ...base,
      key: `${i}-shared`,
      venue: venue(0),
      day: 20 + (i % 30),
      time: '20:00:00',
      sources: all,
      kind: 'shared',
    });
    add({
      ...base,
      key: `${i}-two`,
      venue: venue(1),
      day: 52 + (i % 20),
      time: '19:30:00',
      sources: i % 2 === 0 ? ['ticketmaster', 'jambase'] : ['bandsintown', 'jambase'],
      kind: 'two-sources',
    });
    add({
      ...base,
      key: `${i}-one`,
      venue: venue(2),
      day: 75 + (i % 10),
      time: '21:00:00',
      sources: [all[i % 3]!],
      kind: 'one-source',
    });
    // Every tenth artist headlines a co-bill with the next one as support (the last one with the first).
    if (i % 10 === 0) {
      const support = artists[(i + 1) % artists.length]!;
      add({
        key: `${i}-cobill`,
        bill: [artist.mbid, support.mbid],
        venue: venue(3),
        day: 90,
        time: '19:00:00',
        sources: all,
        kind: 'co-bill',
      });
    }
    // An early and a late show at one venue on one date, four hours apart.
    if (i % 10 === 2) {
      add({ ...base, key: `${i}-early`, venue: venue(4), day: 95, time: '18:00:00', sources: all, kind: 'early' });
      add({ ...base, key: `${i}-late`, venue: venue(4), day: 95, time: '22:00:00', sources: all, kind: 'late' });
    }
    // Shows the next day's news will move or cancel (shared by all three sources now).
    if (i % 10 === 3)
      add({ ...base, key: `${i}-moved`, venue: venue(5), day: 100, time: '20:00:00', sources: all, kind: 'moved' });
    if (i % 10 === 4)
      add({
        ...base,
        key: `${i}-cancelled`,
        venue: venue(6),
        day: 105,
        time: '20:00:00',
        sources: all,
        kind: 'cancelled',
      });
  });
  return { artists, shows };
}

/** Each source's time for a show: Ticketmaster gives doors (30 min early), Bandsintown the stage time or 30 min late. */
function timeAt(show: TrueShow, source: Source): string {
  const [h, m] = show.time.split(':').map(Number) as [number, number];
  const minutes = h * 60 + m;
  if (source === 'ticketmaster') return hhmm(minutes - 30);
  if (source === 'bandsintown' && show.key.length % 2 === 0) return hhmm(minutes + 30);
  return show.time;
}

/** Puts the world's artists, venues and listings into the three fakes. */
export function listInFakes(world: World, fakes: { tm: FakeTicketmaster; bit: FakeBandsintown; jb: FakeJamBase }) {
  for (const fake of [fakes.tm, fakes.bit, fakes.jb]) fake.artists.push(...world.artists);
  for (let v = 0; v < VENUE_COUNT; v++) {
    fakes.tm.venues.push(tmVenue(v));
    fakes.jb.venues.push(jbVenue(v));
  }
  for (const show of world.shows) {
    if (show.ids.ticketmaster) {
      const event: FakeTmEvent = {
        id: show.ids.ticketmaster,
        attractions: show.bill,
        venueId: tmVenue(show.venue).id,
        daysFromToday: show.day,
        time: timeAt(show, 'ticketmaster'),
      };
      fakes.tm.events.push(event);
    }
    if (show.ids.bandsintown) {
      const event: FakeBitEvent = {
        id: show.ids.bandsintown,
        lineup: show.bill,
        venue: bitVenue(show.venue),
        daysFromToday: show.day,
        time: timeAt(show, 'bandsintown'),
      };
      fakes.bit.events.push(event);
    }
    if (show.ids.jambase) {
      const event: FakeEvent = {
        id: `jambase:${show.ids.jambase}`,
        performers: show.bill,
        venueId: jbVenue(show.venue).id,
        daysFromToday: show.day,
        time: timeAt(show, 'jambase'),
      };
      fakes.jb.events.push(event);
    }
  }
}

/** The next day's news: moves that Bandsintown has not caught up with, and Ticketmaster's cancellations. */
export function moveAndCancel(world: World, fakes: { tm: FakeTicketmaster; bit: FakeBandsintown; jb: FakeJamBase }) {
  for (const show of world.shows) {
    if (show.kind === 'moved') {
      show.movedTo = show.day + 2;
      fakes.tm.events.find((event) => event.id === show.ids.ticketmaster)!.daysFromToday = show.movedTo;
      fakes.jb.events.find((event) => event.id === `jambase:${show.ids.jambase}`)!.daysFromToday = show.movedTo;
    }
    if (show.kind === 'cancelled') {
      show.cancelled = true;
      fakes.tm.events.find((event) => event.id === show.ids.ticketmaster)!.status = 'canceled';
    }
  }
}

/** The show's venue as the catalog should name it: the best source's spelling (Ticketmaster when it lists it). */
export function expectedCity(show: TrueShow): string {
  return venueFacts(show.venue).city.city;
}
