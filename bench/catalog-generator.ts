/**
 * A deterministic catalog in the shape of a catalog import file: the same seed always gives the
 * same artists, tours, venues and dates, so figures from different runs compare like with like.
 */

export interface BenchStop {
  date: string;
  time?: string;
  venue: string;
  city: string;
  region?: string;
  country: string;
  ticketUrl?: string;
}

export interface BenchArtist {
  name: string;
  genres: string[];
  tours: { name: string; stops: BenchStop[] }[];
}

export interface BenchCatalog {
  artists: BenchArtist[];
}

export interface GeneratorOptions {
  artistCount: number;
  stopsPerArtist: number;
  /** Dates are spread around this day: roughly 18 months before to 12 months after. */
  today: string;
  seed?: number;
}

const ADJECTIVES = [
  'Electric',
  'Velvet',
  'Midnight',
  'Golden',
  'Silent',
  'Crimson',
  'Wild',
  'Broken',
  'Neon',
  'Hollow',
  'Paper',
  'Iron',
  'Lunar',
  'Solar',
  'Restless',
  'Frozen',
  'Burning',
  'Gentle',
  'Savage',
  'Lost',
  'Static',
  'Cosmic',
  'Rusty',
  'Silver',
  'Black',
  'Scarlet',
  'Lonely',
  'Northern',
  'Southern',
  'Distant',
  'Analog',
  'Digital',
  'Sonic',
  'Electric Blue',
  'Stone',
  'Glass',
  'Copper',
  'Amber',
  'Violet',
  'Wooden',
  'Sleepy',
  'Furious',
  'Little',
  'Giant',
  'Holy',
  'Feral',
  'Quiet',
  'Loud',
  'Hungry',
  'Bright',
  'Dusty',
  'Sunday',
  'Monday',
  'Atomic',
  'Magnetic',
  'Tidal',
  'Desert',
  'Arctic',
  'Urban',
  'Rural',
];
const NOUNS = [
  'Wolves',
  'Keys',
  'Strokes',
  'Owls',
  'Rivers',
  'Engines',
  'Ghosts',
  'Lanterns',
  'Echoes',
  'Pilots',
  'Tigers',
  'Shadows',
  'Horses',
  'Saints',
  'Sparrows',
  'Comets',
  'Drifters',
  'Mirrors',
  'Machines',
  'Foxes',
  'Giants',
  'Thieves',
  'Hearts',
  'Kings',
  'Queens',
  'Rebels',
  'Dreamers',
  'Ravens',
  'Waves',
  'Stars',
  'Bandits',
  'Sailors',
  'Monks',
  'Sirens',
  'Hounds',
  'Lions',
  'Bears',
  'Robots',
  'Angels',
  'Outlaws',
  'Pines',
  'Canyons',
  'Harbors',
  'Satellites',
  'Radios',
  'Tapes',
  'Vinyls',
  'Choirs',
  'Drums',
  'Bells',
  'Moths',
  'Crows',
  'Whales',
  'Orchids',
  'Roses',
  'Thorns',
  'Embers',
  'Sparks',
  'Storms',
  'Tides',
];
// Appended suffixes only reach past 10,800 artists, so smaller catalogs keep their names.
const SUFFIXES = [
  '',
  'Collective',
  'Orchestra',
  ...'Band Trio Quartet Ensemble Project Society Club Revue Experience Syndicate Alliance Union Family Choir Brigade Parade Caravan Circus Assembly Army Circle Council Crew Guild Tribe Network Company'.split(
    ' ',
  ),
];
const GENRES = ['indie rock', 'folk', 'jazz', 'punk', 'electronic', 'hip hop', 'soul', 'metal', 'pop', 'blues'];
const TOUR_NAMES = ['World Tour', 'Summer Tour', 'Winter Tour', 'Spring Run', 'Farewell Tour', 'Reunion Tour'];

const PLACES: [city: string, region: string | undefined, country: string][] = [
  ['New York', 'New York', 'US'],
  ['Los Angeles', 'California', 'US'],
  ['Chicago', 'Illinois', 'US'],
  ['Austin', 'Texas', 'US'],
  ['Denver', 'Colorado', 'US'],
  ['Seattle', 'Washington', 'US'],
  ['Nashville', 'Tennessee', 'US'],
  ['Atlanta', 'Georgia', 'US'],
  ['Boston', 'Massachusetts', 'US'],
  ['Portland', 'Oregon', 'US'],
  ['Toronto', 'Ontario', 'CA'],
  ['Montreal', 'Quebec', 'CA'],
  ['London', undefined, 'GB'],
  ['Manchester', undefined, 'GB'],
  ['Dublin', undefined, 'IE'],
  ['Berlin', undefined, 'DE'],
  ['Paris', undefined, 'FR'],
  ['Amsterdam', undefined, 'NL'],
  ['Madrid', undefined, 'ES'],
  ['Stockholm', undefined, 'SE'],
  ['Tokyo', undefined, 'JP'],
  ['Sydney', 'New South Wales', 'AU'],
  ['Melbourne', 'Victoria', 'AU'],
  ['Mexico City', undefined, 'MX'],
];
const VENUE_KINDS = [
  'Music Hall',
  'Theatre',
  'Arena',
  'Ballroom',
  'Club',
  'Amphitheatre',
  'Social Club',
  'Opera House',
];

/** mulberry32: small, fast, good enough to spread test data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Unique by construction: index → (adjective, noun, suffix); some get 'The ' or odd casing. */
function artistName(index: number, next: () => number): string {
  const adjective = ADJECTIVES[index % ADJECTIVES.length]!;
  const noun = NOUNS[Math.floor(index / ADJECTIVES.length) % NOUNS.length]!;
  const suffix = SUFFIXES[Math.floor(index / (ADJECTIVES.length * NOUNS.length))];
  if (suffix === undefined)
    throw new RangeError(`At most ${ADJECTIVES.length * NOUNS.length * SUFFIXES.length} artists`);
  const base = [adjective, noun, suffix].filter(Boolean).join(' ');
  const roll = next();
  if (roll < 0.25) return `The ${base}`;
  if (roll < 0.3) return base.toLowerCase();
  if (roll < 0.33) return `the ${base.toUpperCase()}`;
  return base;
}

function venueFor(next: () => number): Omit<BenchStop, 'date'> {
  const [city, region, country] = PLACES[Math.floor(next() * PLACES.length)]!;
  const kind = VENUE_KINDS[Math.floor(next() * VENUE_KINDS.length)]!;
  return { venue: `${city} ${kind}`, city, region, country };
}

/** Tours of one artist follow each other without overlapping, so (date, venue) never repeats. */
function artistTours(stopCount: number, options: GeneratorOptions, next: () => number) {
  const tourCount = 1 + Math.floor(next() * 4);
  const tourList: BenchArtist['tours'] = [];
  let day = addDays(options.today, -540 + Math.floor(next() * 700));
  for (let t = 0; t < tourCount; t++) {
    const size =
      t === tourCount - 1 ? stopCount - Math.floor(stopCount / tourCount) * t : Math.floor(stopCount / tourCount);
    const stops: BenchStop[] = [];
    for (let s = 0; s < size; s++) {
      day = addDays(day, 1 + Math.floor(next() * 3));
      const time = next() < 0.8 ? `${18 + Math.floor(next() * 4)}:${next() < 0.5 ? '00' : '30'}` : undefined;
      const ticketUrl = next() < 0.7 ? `https://tickets.example.test/${tourList.length}-${s}` : undefined;
      stops.push({ date: day, time, ticketUrl, ...venueFor(next) });
    }
    tourList.push({ name: `${TOUR_NAMES[t % TOUR_NAMES.length]} ${t + 1}`, stops });
    day = addDays(day, 20 + Math.floor(next() * 60));
  }
  return tourList;
}

export function generateBenchCatalog(options: GeneratorOptions): BenchCatalog {
  const next = random(options.seed ?? 20261122);
  const artistList: BenchArtist[] = [];
  for (let index = 0; index < options.artistCount; index++) {
    artistList.push({
      name: artistName(index, next),
      genres: [GENRES[Math.floor(next() * GENRES.length)]!],
      tours: artistTours(options.stopsPerArtist, options, next),
    });
  }
  return { artists: artistList };
}
