import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoAlbersUsa, geoEqualEarth, geoPath } from 'd3-geo';
import countryCodes from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The map of countries and US states visited, drawn on the server from the world-atlas and
 * us-atlas TopoJSON with d3-geo (no tile server, and no map code in the browser: the stats page
 * shows the SVG as an image beside a table of the same places). Shapes are projected once per
 * process; a request only picks each shape's fill.
 */
const require = createRequire(import.meta.url);

interface Shape {
  id: string;
  name: string;
  d: string;
}

const WIDTH = 960;
const WORLD_HEIGHT = 500;
const US_HEIGHT = 600;

let worldShapes: Shape[] | null = null;
let usShapes: Shape[] | null = null;

function loadTopology(name: string): Topology {
  return JSON.parse(readFileSync(require.resolve(name), 'utf8')) as Topology;
}

function shapesOf(topology: Topology, object: string, projection: ReturnType<typeof geoEqualEarth>): Shape[] {
  const collection = feature(topology, topology.objects[object] as GeometryCollection);
  const path = geoPath(projection);
  return collection.features.map((f) => ({
    id: String(f.id ?? ''),
    name: String((f.properties as { name?: string } | null)?.name ?? ''),
    d: path(f) ?? '',
  }));
}

function world(): Shape[] {
  if (!worldShapes) {
    const topology = loadTopology('world-atlas/countries-110m.json');
    const land = feature(topology, topology.objects.countries as GeometryCollection);
    const projection = geoEqualEarth().fitExtent(
      [
        [8, 8],
        [WIDTH - 8, WORLD_HEIGHT - 8],
      ],
      land,
    );
    // Antarctica takes a fifth of the picture and no fan has been there for a show.
    worldShapes = shapesOf(topology, 'countries', projection).filter((shape) => shape.id !== '010');
  }
  return worldShapes;
}

function us(): Shape[] {
  if (!usShapes) {
    const topology = loadTopology('us-atlas/states-10m.json');
    const projection = geoAlbersUsa().fitExtent(
      [
        [8, 8],
        [WIDTH - 8, US_HEIGHT - 8],
      ],
      feature(topology, topology.objects.states as GeometryCollection),
    );
    usShapes = shapesOf(topology, 'states', projection as unknown as ReturnType<typeof geoEqualEarth>);
  }
  return usShapes;
}

/** world-atlas ids are ISO 3166-1 numeric ('840'); venues store alpha-2 ('US'). */
export function numericCountry(alpha2: string): string | undefined {
  return countryCodes.alpha2ToNumeric(alpha2.toUpperCase());
}

export const MAP_COLORS = { sea: '#0c0a17', land: '#2c2747', visited: '#ffc247', stroke: '#151226' } as const;

function svg(
  shapes: Shape[],
  height: number,
  visited: Set<string>,
  title: string,
  keyOf: (s: Shape) => string,
): string {
  const paths = shapes
    .filter((shape) => shape.d)
    .map((shape) => {
      const on = visited.has(keyOf(shape));
      return `<path d="${shape.d}" fill="${on ? MAP_COLORS.visited : MAP_COLORS.land}"${on ? ` data-visited="true"` : ''}><title>${escapeXml(shape.name)}</title></path>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${escapeXml(title)}"><rect width="100%" height="100%" fill="${MAP_COLORS.sea}"/><g stroke="${MAP_COLORS.stroke}" stroke-width="0.5">${paths}</g></svg>`;
}

/** The world map with the given countries (alpha-2 codes) filled. */
export function worldMapSvg(countries: string[]): string {
  const visited = new Set(countries.map(numericCountry).filter((id): id is string => Boolean(id)));
  return svg(world(), WORLD_HEIGHT, visited, `Map of ${countries.length} countries visited`, (shape) => shape.id);
}

/** The US map with the given states (full names) filled. */
export function usMapSvg(states: string[]): string {
  const visited = new Set(states.map((name) => name.toLowerCase()));
  return svg(us(), US_HEIGHT, visited, `Map of ${states.length} US states visited`, (shape) =>
    shape.name.toLowerCase(),
  );
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
};
const STATE_NAMES = new Map(Object.values(STATES).map((name) => [name.toLowerCase(), name]));

/** A venue's region as a US state's name: catalog imports write 'MA', the gazetteer 'Massachusetts'. */
export function usStateName(region: string | null): string | null {
  if (!region) return null;
  const trimmed = region.trim();
  return STATES[trimmed.toUpperCase()] ?? STATE_NAMES.get(trimmed.toLowerCase()) ?? null;
}
