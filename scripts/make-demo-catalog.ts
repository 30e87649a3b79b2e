/**
 * Writes catalog/demo-catalog.json: fictional artists touring real venues. Deterministic (seeded
 * random numbers, fixed reference date), so re-running it reproduces the committed file.
 *   node --import tsx scripts/make-demo-catalog.ts
 * Dates are relative to REFERENCE_DATE; the seeder moves them to the day the app first starts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CatalogArtist, type CatalogFile, type CatalogStop, validateCatalogFile } from '#shared/catalog-import.ts';
import { slugify } from '#shared/text.ts';

const REFERENCE_DATE = '2026-11-21';
const EARLIEST_DAY = -182;
const LATEST_DAY = 365;
const outputFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../catalog/demo-catalog.json');

interface Venue {
  venue: string;
  city: string;
  /** US: state code, with the full name used in some stops to exercise the conversion. */
  region?: string;
  regionName?: string;
  country: string;
  lat: number;
  lon: number;
  timeZone: string;
  address: string;
}

// Real venues, in touring order within each leg.
const LEGS: Record<string, Venue[]> = {
  usWest: [
    {
      venue: 'Paramount Theatre',
      city: 'Seattle',
      region: 'WA',
      regionName: 'Washington',
      country: 'US',
      lat: 47.6134,
      lon: -122.3318,
      timeZone: 'America/Los_Angeles',
      address: '911 Pine St',
    },
    {
      venue: 'The Gorge Amphitheatre',
      city: 'George',
      region: 'WA',
      regionName: 'Washington',
      country: 'US',
      lat: 47.0999,
      lon: -119.9956,
      timeZone: 'America/Los_Angeles',
      address: '754 Silica Rd NW',
    },
    {
      venue: 'Crystal Ballroom',
      city: 'Portland',
      region: 'OR',
      regionName: 'Oregon',
      country: 'US',
      lat: 45.5229,
      lon: -122.6836,
      timeZone: 'America/Los_Angeles',
      address: '1332 W Burnside St',
    },
    {
      venue: 'The Fillmore',
      city: 'San Francisco',
      region: 'CA',
      regionName: 'California',
      country: 'US',
      lat: 37.784,
      lon: -122.433,
      timeZone: 'America/Los_Angeles',
      address: '1805 Geary Blvd',
    },
    {
      venue: 'The Wiltern',
      city: 'Los Angeles',
      region: 'CA',
      regionName: 'California',
      country: 'US',
      lat: 34.0617,
      lon: -118.3088,
      timeZone: 'America/Los_Angeles',
      address: '3790 Wilshire Blvd',
    },
    {
      venue: 'Hollywood Bowl',
      city: 'Los Angeles',
      region: 'CA',
      regionName: 'California',
      country: 'US',
      lat: 34.1122,
      lon: -118.3391,
      timeZone: 'America/Los_Angeles',
      address: '2301 N Highland Ave',
    },
    {
      venue: 'The Van Buren',
      city: 'Phoenix',
      region: 'AZ',
      regionName: 'Arizona',
      country: 'US',
      lat: 33.4513,
      lon: -112.0785,
      timeZone: 'America/Phoenix',
      address: '401 W Van Buren St',
    },
    {
      venue: 'Mission Ballroom',
      city: 'Denver',
      region: 'CO',
      regionName: 'Colorado',
      country: 'US',
      lat: 39.7718,
      lon: -104.9779,
      timeZone: 'America/Denver',
      address: '4242 Wynkoop St',
    },
    {
      venue: 'Red Rocks Amphitheatre',
      city: 'Morrison',
      region: 'CO',
      regionName: 'Colorado',
      country: 'US',
      lat: 39.6654,
      lon: -105.2057,
      timeZone: 'America/Denver',
      address: '18300 W Alameda Pkwy',
    },
  ],
  usCentral: [
    {
      venue: 'ACL Live at The Moody Theater',
      city: 'Austin',
      region: 'TX',
      regionName: 'Texas',
      country: 'US',
      lat: 30.2655,
      lon: -97.7477,
      timeZone: 'America/Chicago',
      address: '310 W Willie Nelson Blvd',
    },
    {
      venue: 'House of Blues New Orleans',
      city: 'New Orleans',
      region: 'LA',
      regionName: 'Louisiana',
      country: 'US',
      lat: 29.9533,
      lon: -90.0663,
      timeZone: 'America/Chicago',
      address: '225 Decatur St',
    },
    {
      venue: 'Ryman Auditorium',
      city: 'Nashville',
      region: 'TN',
      regionName: 'Tennessee',
      country: 'US',
      lat: 36.1612,
      lon: -86.7785,
      timeZone: 'America/Chicago',
      address: '116 Rep. John Lewis Way N',
    },
    {
      venue: 'The Pageant',
      city: 'St. Louis',
      region: 'MO',
      regionName: 'Missouri',
      country: 'US',
      lat: 38.6553,
      lon: -90.3006,
      timeZone: 'America/Chicago',
      address: '6161 Delmar Blvd',
    },
    {
      venue: 'Thalia Hall',
      city: 'Chicago',
      region: 'IL',
      regionName: 'Illinois',
      country: 'US',
      lat: 41.8577,
      lon: -87.6578,
      timeZone: 'America/Chicago',
      address: '1807 S Allport St',
    },
    {
      venue: 'The Salt Shed',
      city: 'Chicago',
      region: 'IL',
      regionName: 'Illinois',
      country: 'US',
      lat: 41.9059,
      lon: -87.656,
      timeZone: 'America/Chicago',
      address: '1357 N Elston Ave',
    },
    {
      venue: 'First Avenue',
      city: 'Minneapolis',
      region: 'MN',
      regionName: 'Minnesota',
      country: 'US',
      lat: 44.9786,
      lon: -93.2761,
      timeZone: 'America/Chicago',
      address: '701 N 1st Ave',
    },
    {
      venue: 'The Fillmore Detroit',
      city: 'Detroit',
      region: 'MI',
      regionName: 'Michigan',
      country: 'US',
      lat: 42.337,
      lon: -83.0508,
      timeZone: 'America/Detroit',
      address: '2115 Woodward Ave',
    },
  ],
  usEast: [
    {
      venue: 'The Fillmore Miami Beach',
      city: 'Miami Beach',
      region: 'FL',
      regionName: 'Florida',
      country: 'US',
      lat: 25.795,
      lon: -80.133,
      timeZone: 'America/New_York',
      address: '1700 Washington Ave',
    },
    {
      venue: 'The Tabernacle',
      city: 'Atlanta',
      region: 'GA',
      regionName: 'Georgia',
      country: 'US',
      lat: 33.7588,
      lon: -84.3915,
      timeZone: 'America/New_York',
      address: '152 Luckie St NW',
    },
    {
      venue: '9:30 Club',
      city: 'Washington',
      region: 'DC',
      regionName: 'District of Columbia',
      country: 'US',
      lat: 38.9179,
      lon: -77.0237,
      timeZone: 'America/New_York',
      address: '815 V St NW',
    },
    {
      venue: 'The Anthem',
      city: 'Washington',
      region: 'DC',
      regionName: 'District of Columbia',
      country: 'US',
      lat: 38.88,
      lon: -77.0255,
      timeZone: 'America/New_York',
      address: '901 Wharf St SW',
    },
    {
      venue: 'The Fillmore Philadelphia',
      city: 'Philadelphia',
      region: 'PA',
      regionName: 'Pennsylvania',
      country: 'US',
      lat: 39.9668,
      lon: -75.1348,
      timeZone: 'America/New_York',
      address: '29 E Allen St',
    },
    {
      venue: 'Bowery Ballroom',
      city: 'New York',
      region: 'NY',
      regionName: 'New York',
      country: 'US',
      lat: 40.7204,
      lon: -73.9937,
      timeZone: 'America/New_York',
      address: '6 Delancey St',
    },
    {
      venue: 'Brooklyn Steel',
      city: 'Brooklyn',
      region: 'NY',
      regionName: 'New York',
      country: 'US',
      lat: 40.7193,
      lon: -73.9386,
      timeZone: 'America/New_York',
      address: '319 Frost St',
    },
    {
      venue: 'Madison Square Garden',
      city: 'New York',
      region: 'NY',
      regionName: 'New York',
      country: 'US',
      lat: 40.7505,
      lon: -73.9934,
      timeZone: 'America/New_York',
      address: '4 Pennsylvania Plaza',
    },
    {
      venue: 'Orpheum Theatre',
      city: 'Boston',
      region: 'MA',
      regionName: 'Massachusetts',
      country: 'US',
      lat: 42.3559,
      lon: -71.0614,
      timeZone: 'America/New_York',
      address: '1 Hamilton Pl',
    },
  ],
  canada: [
    {
      venue: 'Massey Hall',
      city: 'Toronto',
      region: 'ON',
      country: 'CA',
      lat: 43.654,
      lon: -79.379,
      timeZone: 'America/Toronto',
      address: '178 Victoria St',
    },
    {
      venue: 'MTELUS',
      city: 'Montréal',
      region: 'QC',
      country: 'CA',
      lat: 45.5107,
      lon: -73.5636,
      timeZone: 'America/Toronto',
      address: '59 Rue Sainte-Catherine E',
    },
    {
      venue: 'Southern Alberta Jubilee Auditorium',
      city: 'Calgary',
      region: 'AB',
      country: 'CA',
      lat: 51.064,
      lon: -114.092,
      timeZone: 'America/Edmonton',
      address: '1415 14 Ave NW',
    },
    {
      venue: 'Commodore Ballroom',
      city: 'Vancouver',
      region: 'BC',
      country: 'CA',
      lat: 49.2808,
      lon: -123.1219,
      timeZone: 'America/Vancouver',
      address: '868 Granville St',
    },
  ],
  ukIreland: [
    {
      venue: 'Barrowland Ballroom',
      city: 'Glasgow',
      region: 'Scotland',
      country: 'GB',
      lat: 55.8555,
      lon: -4.2368,
      timeZone: 'Europe/London',
      address: '244 Gallowgate',
    },
    {
      venue: 'Usher Hall',
      city: 'Edinburgh',
      region: 'Scotland',
      country: 'GB',
      lat: 55.947,
      lon: -3.205,
      timeZone: 'Europe/London',
      address: 'Lothian Rd',
    },
    {
      venue: 'Albert Hall',
      city: 'Manchester',
      region: 'England',
      country: 'GB',
      lat: 53.4778,
      lon: -2.248,
      timeZone: 'Europe/London',
      address: '27 Peter St',
    },
    {
      venue: 'Vicar Street',
      city: 'Dublin',
      country: 'IE',
      lat: 53.3431,
      lon: -6.2782,
      timeZone: 'Europe/Dublin',
      address: '58-59 Thomas St',
    },
    {
      venue: 'Roundhouse',
      city: 'London',
      region: 'England',
      country: 'GB',
      lat: 51.5432,
      lon: -0.1519,
      timeZone: 'Europe/London',
      address: 'Chalk Farm Rd',
    },
    {
      venue: 'O2 Academy Brixton',
      city: 'London',
      region: 'England',
      country: 'GB',
      lat: 51.4652,
      lon: -0.1149,
      timeZone: 'Europe/London',
      address: '211 Stockwell Rd',
    },
    {
      venue: 'Royal Albert Hall',
      city: 'London',
      region: 'England',
      country: 'GB',
      lat: 51.5009,
      lon: -0.1774,
      timeZone: 'Europe/London',
      address: 'Kensington Gore',
    },
  ],
  europe: [
    {
      venue: "L'Olympia",
      city: 'Paris',
      country: 'FR',
      lat: 48.8702,
      lon: 2.3284,
      timeZone: 'Europe/Paris',
      address: '28 Boulevard des Capucines',
    },
    {
      venue: 'Ancienne Belgique',
      city: 'Brussels',
      country: 'BE',
      lat: 50.8481,
      lon: 4.3489,
      timeZone: 'Europe/Brussels',
      address: 'Boulevard Anspach 110',
    },
    {
      venue: 'Paradiso',
      city: 'Amsterdam',
      country: 'NL',
      lat: 52.3622,
      lon: 4.8838,
      timeZone: 'Europe/Amsterdam',
      address: 'Weteringschans 6-8',
    },
    {
      venue: 'E-Werk',
      city: 'Köln',
      region: 'Nordrhein-Westfalen',
      country: 'DE',
      lat: 50.9655,
      lon: 7.0126,
      timeZone: 'Europe/Berlin',
      address: 'Schanzenstraße 37',
    },
    {
      venue: 'Große Freiheit 36',
      city: 'Hamburg',
      region: 'Hamburg',
      country: 'DE',
      lat: 53.5509,
      lon: 9.9576,
      timeZone: 'Europe/Berlin',
      address: 'Große Freiheit 36',
    },
    {
      venue: 'Vega',
      city: 'Copenhagen',
      country: 'DK',
      lat: 55.6677,
      lon: 12.5443,
      timeZone: 'Europe/Copenhagen',
      address: 'Enghavevej 40',
    },
    {
      venue: 'Columbiahalle',
      city: 'Berlin',
      region: 'Berlin',
      country: 'DE',
      lat: 52.4839,
      lon: 13.3901,
      timeZone: 'Europe/Berlin',
      address: 'Columbiadamm 13-21',
    },
    {
      venue: 'Tempodrom',
      city: 'Berlin',
      region: 'Berlin',
      country: 'DE',
      lat: 52.501,
      lon: 13.3806,
      timeZone: 'Europe/Berlin',
      address: 'Möckernstraße 10',
    },
    {
      venue: 'Zenith',
      city: 'München',
      region: 'Bayern',
      country: 'DE',
      lat: 48.1868,
      lon: 11.5931,
      timeZone: 'Europe/Berlin',
      address: 'Lilienthalallee 29',
    },
    {
      venue: 'Razzmatazz',
      city: 'Barcelona',
      country: 'ES',
      lat: 41.3976,
      lon: 2.1912,
      timeZone: 'Europe/Madrid',
      address: 'Carrer dels Almogàvers 122',
    },
  ],
  oceania: [
    {
      venue: 'Waikiki Shell',
      city: 'Honolulu',
      region: 'HI',
      regionName: 'Hawaii',
      country: 'US',
      lat: 21.2679,
      lon: -157.8205,
      timeZone: 'Pacific/Honolulu',
      address: '2805 Monsarrat Ave',
    },
    {
      venue: 'Powerstation',
      city: 'Auckland',
      country: 'NZ',
      lat: -36.8626,
      lon: 174.7622,
      timeZone: 'Pacific/Auckland',
      address: '33 Mount Eden Rd',
    },
    {
      venue: 'The Tivoli',
      city: 'Brisbane',
      region: 'QLD',
      country: 'AU',
      lat: -27.4537,
      lon: 153.0357,
      timeZone: 'Australia/Brisbane',
      address: '52 Costin St, Fortitude Valley',
    },
    {
      venue: 'Enmore Theatre',
      city: 'Sydney',
      region: 'NSW',
      country: 'AU',
      lat: -33.8996,
      lon: 151.1741,
      timeZone: 'Australia/Sydney',
      address: '118-132 Enmore Rd, Newtown',
    },
    {
      venue: 'Sydney Opera House',
      city: 'Sydney',
      region: 'NSW',
      country: 'AU',
      lat: -33.8568,
      lon: 151.2153,
      timeZone: 'Australia/Sydney',
      address: 'Bennelong Point',
    },
    {
      venue: 'Forum Melbourne',
      city: 'Melbourne',
      region: 'VIC',
      country: 'AU',
      lat: -37.8163,
      lon: 144.969,
      timeZone: 'Australia/Melbourne',
      address: '154 Flinders St',
    },
    {
      venue: 'Perth Concert Hall',
      city: 'Perth',
      region: 'WA',
      country: 'AU',
      lat: -31.9585,
      lon: 115.863,
      timeZone: 'Australia/Perth',
      address: '5 St Georges Terrace',
    },
  ],
  japan: [
    {
      venue: 'Liquidroom',
      city: 'Tokyo',
      country: 'JP',
      lat: 35.6486,
      lon: 139.7108,
      timeZone: 'Asia/Tokyo',
      address: '3-16-6 Higashi, Shibuya',
    },
    {
      venue: 'Nippon Budokan',
      city: 'Tokyo',
      country: 'JP',
      lat: 35.6933,
      lon: 139.7498,
      timeZone: 'Asia/Tokyo',
      address: '2-3 Kitanomaru-koen, Chiyoda',
    },
    {
      venue: 'Zepp Nagoya',
      city: 'Nagoya',
      country: 'JP',
      lat: 35.168,
      lon: 136.8817,
      timeZone: 'Asia/Tokyo',
      address: '2-1-6 Meieki-minami, Nakamura',
    },
    {
      venue: 'Zepp Osaka Bayside',
      city: 'Osaka',
      country: 'JP',
      lat: 34.6593,
      lon: 135.4303,
      timeZone: 'Asia/Tokyo',
      address: '1-1-7 Sakurajima, Konohana',
    },
  ],
  latinAmerica: [
    {
      venue: 'Coliseo de Puerto Rico José Miguel Agrelot',
      city: 'San Juan',
      region: 'PR',
      regionName: 'Puerto Rico',
      country: 'US',
      lat: 18.4224,
      lon: -66.0608,
      timeZone: 'America/Puerto_Rico',
      address: '500 Calle Arterial B',
    },
    {
      venue: 'Auditorio Nacional',
      city: 'Ciudad de México',
      region: 'CDMX',
      country: 'MX',
      lat: 19.4249,
      lon: -99.1951,
      timeZone: 'America/Mexico_City',
      address: 'Paseo de la Reforma 50',
    },
    {
      venue: 'Palacio de los Deportes',
      city: 'Ciudad de México',
      region: 'CDMX',
      country: 'MX',
      lat: 19.4049,
      lon: -99.0994,
      timeZone: 'America/Mexico_City',
      address: 'Av. Río Churubusco, Granjas México',
    },
    {
      venue: 'Teatro Diana',
      city: 'Guadalajara',
      region: 'Jalisco',
      country: 'MX',
      lat: 20.6677,
      lon: -103.3479,
      timeZone: 'America/Mexico_City',
      address: 'Av. 16 de Septiembre 710',
    },
  ],
};

/** Legs a tour may string together, in an order a routing manager would accept. */
const ROUTES = [
  ['usWest'],
  ['usEast'],
  ['usCentral', 'usEast'],
  ['usWest', 'usCentral', 'usEast'],
  ['usEast', 'canada'],
  ['canada', 'usWest'],
  ['ukIreland'],
  ['ukIreland', 'europe'],
  ['europe'],
  ['oceania', 'japan'],
  ['japan'],
  ['latinAmerica', 'usCentral'],
  ['usWest', 'latinAmerica'],
];

type Plan = 'past' | 'current' | 'upcoming' | 'later';

/** First-day window per plan, relative to the reference date. */
const START_WINDOWS: Record<Plan, [number, number]> = {
  past: [-182, -120],
  current: [-35, -10],
  upcoming: [5, 150],
  later: [210, 310],
};

// Invented names. Mixed case and leading 'The' exercise title-casing and sorting on purpose.
const ARTISTS: { name: string; plans: Plan[]; genres: string[] }[] = [
  { name: 'the midnight ravens', plans: ['past', 'upcoming'], genres: ['indie rock'] },
  { name: 'NEON harbor', plans: ['upcoming'], genres: ['synthpop'] },
  { name: 'The Velvet Lanterns', plans: ['past', 'current', 'later'], genres: ['dream pop', 'shoegaze'] },
  { name: 'The Paper Comets', plans: ['past'], genres: ['power pop'] },
  { name: 'Static Bloom', plans: ['upcoming'], genres: ['post-punk'] },
  { name: 'Copper Tide Collective', plans: ['current'], genres: ['jazz', 'funk'] },
  { name: 'The Hollow Pines', plans: ['past', 'upcoming'], genres: ['folk'] },
  { name: 'Saltwater Cathedral', plans: ['later'], genres: ['post-rock'] },
  { name: 'AURORA PARKING LOT', plans: ['upcoming'], genres: ['garage rock'] },
  { name: 'The Lantern Thieves', plans: ['past'], genres: ['americana'] },
  { name: 'Marigold Engine', plans: ['current', 'later'], genres: ['psychedelic rock'] },
  { name: 'Sister Satellite', plans: ['upcoming'], genres: ['electropop'] },
  { name: 'The Quiet Avalanche', plans: ['past', 'later'], genres: ['ambient'] },
  { name: 'Paperlight Parade', plans: ['upcoming'], genres: ['indie pop'] },
  { name: 'Cobalt Orchard', plans: ['past'], genres: ['alt-country'] },
  { name: 'Thunderbird Laundromat', plans: ['current'], genres: ['surf rock'] },
  { name: 'Velvet Cartography', plans: ['upcoming', 'later'], genres: ['art rock'] },
  { name: 'The Northern Switchboard', plans: ['upcoming'], genres: ['indie rock'] },
  { name: 'Echo & the Lighthouse Keepers', plans: ['past', 'upcoming'], genres: ['new wave'] },
  { name: 'Los Relámpagos Azules', plans: ['upcoming'], genres: ['cumbia', 'rock en español'] },
  { name: 'Kitsune Signal', plans: ['current'], genres: ['j-rock'] },
  { name: 'Die Gläsernen Vögel', plans: ['past'], genres: ['krautrock'] },
  { name: 'Theory of Tides', plans: ['upcoming'], genres: ['math rock'] },
  { name: 'Thesaurus Rex', plans: ['later'], genres: ['nerd rock'] },
  { name: 'mcallister & the weather', plans: ['past', 'current'], genres: ['soul'] },
  { name: 'dj moth kingdom', plans: ['upcoming'], genres: ['house'] },
  { name: 'Rust Belt Radio Choir', plans: ['past'], genres: ['gospel', 'rock'] },
  { name: 'Honeycomb Riot', plans: ['upcoming'], genres: ['punk'] },
  { name: 'The Seventh Lighthouse', plans: ['past', 'upcoming', 'later'], genres: ['progressive rock'] },
  { name: 'Orbit Bakery', plans: ['current'], genres: ['lo-fi'] },
  { name: 'Polar Velvet', plans: ['upcoming'], genres: ['r&b'] },
  { name: 'Crimson Switchyard', plans: ['past'], genres: ['blues rock'] },
  { name: 'The Wandering Typewriters', plans: ['upcoming'], genres: ['chamber pop'] },
  { name: 'Fox & Ferry', plans: ['past', 'upcoming'], genres: ['folk'] },
  { name: 'Juniper Static', plans: ['later'], genres: ['shoegaze'] },
  { name: 'Tangerine Observatory', plans: ['upcoming'], genres: ['psychedelic pop'] },
  { name: 'The Electric Almanac', plans: ['current'], genres: ['electronic'] },
  { name: 'Harbor Lights Society', plans: ['past'], genres: ['sea shanty', 'folk'] },
  { name: 'Mothlight Avenue', plans: ['upcoming'], genres: ['indie rock'] },
  { name: 'Silver Canyon Tape Club', plans: ['past', 'later'], genres: ['country'] },
  { name: 'Lowland Comet Choir', plans: ['upcoming'], genres: ['choral pop'] },
  { name: 'The Cardboard Astronauts', plans: ['past'], genres: ['pop punk'] },
  { name: 'Wildflower Dynamo', plans: ['current', 'upcoming'], genres: ['disco'] },
  { name: 'The Sleeping Volcanoes', plans: ['upcoming'], genres: ['stoner rock'] },
  { name: 'Ghost Orchid Motel', plans: ['past'], genres: ['gothic rock'] },
  { name: 'Indigo Ferris Wheel', plans: ['later'], genres: ['indie pop'] },
  { name: 'The Brass Cartographers', plans: ['upcoming'], genres: ['brass band'] },
  { name: 'Sapphire Tractor', plans: ['past', 'upcoming'], genres: ['bluegrass'] },
  { name: 'Gravel & Gold', plans: ['current'], genres: ['southern rock'] },
  { name: 'The Neon Chaplains', plans: ['upcoming'], genres: ['synthwave'] },
  { name: 'Velour Thunder', plans: ['past'], genres: ['glam rock'] },
  { name: 'Kaleidoscope Kitchen', plans: ['upcoming'], genres: ['funk'] },
  { name: 'Starling Exchange', plans: ['past', 'current', 'upcoming'], genres: ['indie folk'] },
  { name: 'The Lemon Tree Assembly', plans: ['later'], genres: ['sunshine pop'] },
  { name: 'Nova Driftwood', plans: ['upcoming'], genres: ['trip hop'] },
  { name: 'The Tin Can Philharmonic', plans: ['past'], genres: ['experimental'] },
  { name: 'Cactus Satellite', plans: ['upcoming'], genres: ['desert rock'] },
  { name: 'Moonlit Freight', plans: ['current', 'later'], genres: ['americana'] },
  { name: 'Pocket Symphony Club', plans: ['upcoming'], genres: ['baroque pop'] },
  { name: 'The Gentle Riots', plans: ['past'], genres: ['indie rock'] },
  { name: 'Sunset Hologram', plans: ['upcoming'], genres: ['vaporwave'] },
  { name: 'Hexagon Sunday', plans: ['past', 'upcoming'], genres: ['math rock'] },
  { name: 'Mango Parliament', plans: ['current'], genres: ['afrobeat'] },
  { name: 'Seafoam Radio', plans: ['upcoming'], genres: ['surf pop'] },
  { name: 'The Violet Hour Society', plans: ['later'], genres: ['jazz'] },
  { name: 'Quartz Lagoon', plans: ['past'], genres: ['ambient'] },
  { name: 'yokohama paper cranes', plans: ['upcoming'], genres: ['city pop'] },
  { name: 'La Marea Eléctrica', plans: ['past', 'upcoming'], genres: ['rock en español'] },
  { name: 'Bondi Static', plans: ['current'], genres: ['indie rock'] },
  { name: 'Thistle & Thunder', plans: ['upcoming'], genres: ['celtic rock'] },
  { name: 'The Maple Satellites', plans: ['past', 'later'], genres: ['indie pop'] },
  { name: 'SOLAR WINDMILL', plans: ['upcoming'], genres: ['electronic'] },
  { name: "the o'malley tapes", plans: ['past'], genres: ['folk punk'] },
  { name: "Mary-Kate's Rocket", plans: ['upcoming'], genres: ['pop rock'] },
];

const TOUR_WORDS = [
  'Afterglow',
  'Lanterns Up',
  'Long Way Round',
  'Night Shift',
  'Open Road',
  'Paper Skies',
  'Echoes',
  'Slow Burn',
  'High Tide',
  'Wildfire',
  'Northern Lights',
  'Small Hours',
  'Static Dreams',
  'Golden Hour',
  'Borderlines',
  'Undertow',
];
const TOUR_SUFFIXES = ['Tour', 'World Tour', 'Tour', 'Live', 'Sessions', 'Tour'];
const TIMES = ['19:00', '19:30', '20:00', '20:00', '20:30', '21:00'];

/** mulberry32: small, seeded, good enough to shuffle a demo. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = random(20261121);
const between = (low: number, high: number) => low + Math.floor(rand() * (high - low + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const hex = (length: number) => Array.from({ length }, () => Math.floor(rand() * 16).toString(16)).join('');

function dayToDate(day: number): string {
  return new Date(Date.parse(`${REFERENCE_DATE}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
}

function demoMbid(): string {
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}

function toStop(venue: Venue, day: number, artistSlug: string): CatalogStop {
  // Some US stops spell the state out, as hand-made files do; the import converts them to codes.
  const region = venue.regionName && rand() < 0.4 ? venue.regionName : venue.region;
  const time = rand() < 0.85 ? pick(TIMES) : undefined;
  const stop: CatalogStop = {
    date: dayToDate(day),
    ...(time ? { time } : {}),
    venue: venue.venue,
    address: venue.address,
    city: venue.city,
    ...(region ? { region } : {}),
    country: venue.country,
    lat: venue.lat,
    lon: venue.lon,
    timeZone: venue.timeZone,
    ticketUrl: `https://tickets.example.com/event/${artistSlug}-${slugify(venue.venue)}/${hex(6)}`,
  };
  return stop;
}

/** Walks the legs in order, a show every one to three days, a longer break between legs. */
function routeStops(plan: Plan, artistSlug: string): CatalogStop[] {
  const [low, high] = START_WINDOWS[plan];
  let day = between(low, high);
  const lastDay = plan === 'past' ? -3 : LATEST_DAY;
  const stops: CatalogStop[] = [];
  for (const leg of pick(ROUTES)) {
    for (const venue of LEGS[leg]!) {
      if (rand() < 0.2 || day > lastDay) continue;
      stops.push(toStop(venue, day, artistSlug));
      day += between(1, 3);
    }
    day += between(3, 6);
  }
  if (stops.length === 0) stops.push(toStop(pick(LEGS.usWest!), Math.min(day, lastDay), artistSlug));
  return stops;
}

function tourName(used: Set<string>): string {
  let name: string;
  do name = `${pick(TOUR_WORDS)} ${pick(TOUR_SUFFIXES)}`;
  while (used.has(name));
  used.add(name);
  return name;
}

function makeArtist(spec: (typeof ARTISTS)[number]): CatalogArtist {
  const slug = slugify(spec.name);
  const used = new Set<string>();
  const artist: CatalogArtist = {
    name: spec.name,
    ...(rand() < 0.5 ? { mbid: demoMbid() } : {}),
    genres: spec.genres,
    tours: spec.plans.map((plan) => ({ name: tourName(used), stops: routeStops(plan, slug) })),
  };
  return artist;
}

/** An afternoon set and the evening show in one city on one day: the second stop slug gets '-2'. */
function addSameDayDoubleHeader(artists: CatalogArtist[]): void {
  const venues = Object.values(LEGS).flat();
  for (const artist of artists) {
    for (const tour of artist.tours) {
      for (const [index, evening] of tour.stops.entries()) {
        const other = venues.find((venue) => venue.city === evening.city && venue.venue !== evening.venue);
        if (!other) continue;
        const matinee = toStop(other, 0, slugify(artist.name));
        tour.stops.splice(index, 0, { ...matinee, date: evening.date, time: '14:00' });
        return;
      }
    }
  }
}

function makeCatalog(): CatalogFile {
  const artists = ARTISTS.map(makeArtist);
  addSameDayDoubleHeader(artists);
  return { referenceDate: REFERENCE_DATE, artists };
}

/** Two-space JSON with each stop on one line: readable diffs at a fraction of the size. */
function serialise(catalog: CatalogFile): string {
  const stops: string[] = [];
  const skeleton = {
    ...catalog,
    artists: catalog.artists.map((artist) => ({
      ...artist,
      tours: artist.tours.map((tour) => ({
        ...tour,
        stops: tour.stops.map((stop) => {
          stops.push(JSON.stringify(stop));
          return `@@stop${stops.length - 1}@@`;
        }),
      })),
    })),
  };
  const text = JSON.stringify(skeleton, null, 2).replace(/"@@stop(\d+)@@"/g, (_match, index) => stops[Number(index)]!);
  return `${text}\n`;
}

const catalog = makeCatalog();
const validation = validateCatalogFile(catalog);
if (!validation.ok) {
  console.error(validation.problems);
  process.exit(1);
}
const days = catalog.artists.flatMap((artist) => artist.tours.flatMap((tour) => tour.stops.map((stop) => stop.date)));
days.sort();
const text = serialise(catalog);
fs.writeFileSync(outputFile, text);
console.log(
  `Wrote ${path.relative(process.cwd(), outputFile)}: ${catalog.artists.length} artists, ${days.length} stops, ` +
    `${days[0]} … ${days.at(-1)}, ${(text.length / 1024).toFixed(0)} KB.`,
);
if (days[0]! < dayToDate(EARLIEST_DAY) || days.at(-1)! > dayToDate(LATEST_DAY)) {
  console.error('dates outside the intended window');
  process.exit(1);
}
