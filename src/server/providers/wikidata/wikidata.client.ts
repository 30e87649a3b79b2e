import type { Database } from '#server/db/client.ts';
import type { VenueFactsData } from '#shared/guides.ts';
import { distanceKm } from '#shared/places.ts';
import { type CallRecorder, ProviderError, providerGetJson, waitForRateSlot } from '../http.ts';
import { commonsFilePage, commonsThumbnailUrl, pickStatement, type RankedStatement } from './wikidata.commons.ts';
import {
  coordinateValue,
  entitiesAnswerSchema,
  geosearchAnswerSchema,
  quantityValue,
  timeValue,
  type WikidataEntity,
  type WikidataStatement,
} from './wikidata.schemas.ts';

export const WIKIDATA = 'wikidata';

/** A candidate further than this from the catalog's point is another place (a large venue's item sits near its middle). */
export const MATCH_RADIUS_M = 400;
/** Items asked for around the point: venues sit among statues, stations and streets. */
const GEOSEARCH_LIMIT = 20;

export interface WikidataClientOptions {
  /** https://www.wikidata.org (the Action API is at /w/api.php). */
  url: string;
  userAgent: string;
  database: Database;
  timeoutMs: number;
  record: CallRecorder;
  /** Wikimedia asks for requests one after another: one slot at a time across processes. */
  intervalMs: number;
}

export type WikidataClient = ReturnType<typeof createWikidataClient>;

export interface VenueToMatch {
  name: string;
  lat: number;
  lon: number;
  /** The item matched before: a refresh asks for it directly. */
  knownId?: string | null;
}

const STOP_WORDS = new Set(['the', 'and', 'of', 'at', 'de', 'la', 'le', 'el']);

/** Lower case, no accents or punctuation, '&' as 'and': the words of a name. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !STOP_WORDS.has(word));
}

/**
 * Same name: the same words, or every word of a name of two words or more inside the other
 * ('Red Rocks Amphitheatre' and 'Red Rocks Park and Amphitheatre'). One word must match exactly:
 * 'Anthem' is not 'Anthem Row'.
 */
export function sameName(a: string, b: string): boolean {
  const x = nameWords(a);
  const y = nameWords(b);
  if (x.length === 0 || y.length === 0) return false;
  if (x.join(' ') === y.join(' ')) return true;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.length >= 2 && short.every((word) => long.includes(word));
}

function values(entity: WikidataEntity, property: string): WikidataStatement[] {
  return entity.claims?.[property] ?? [];
}

function pick<T>(entity: WikidataEntity, property: string, parse: (value: unknown) => T | null): T | null {
  const value = pickStatement(values(entity, property) as RankedStatement[]);
  return value === null ? null : parse(value);
}

/** '+1941-06-15T00:00:00Z' at precision 11 → '1941-06-15'; 10 → '1941-06'; 9 → '1941'; coarser → null. */
export function wikidataDate(value: unknown): string | null {
  const parsed = timeValue.safeParse(value);
  if (!parsed.success) return null;
  const match = /^\+(\d{4})-(\d\d)-(\d\d)T/.exec(parsed.data.time);
  if (!match) return null;
  const [, year, month, day] = match;
  if (parsed.data.precision >= 11 && day !== '00') return `${year}-${month}-${day}`;
  if (parsed.data.precision === 10 && month !== '00') return `${year}-${month}`;
  if (parsed.data.precision === 9) return year!;
  return null;
}

function capacity(value: unknown): number | null {
  const parsed = quantityValue.safeParse(value);
  if (!parsed.success) return null;
  const amount = Number(parsed.data.amount);
  return Number.isFinite(amount) && amount > 0 ? Math.round(amount) : null;
}

const httpUrl = (value: unknown) => (typeof value === 'string' && /^https?:\/\//.test(value) ? value : null);
const fileName = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function label(entity: WikidataEntity): string | null {
  return entity.labels?.en?.value ?? Object.values(entity.labels ?? {})[0]?.value ?? null;
}

function names(entity: WikidataEntity): string[] {
  const all = [...Object.values(entity.labels ?? {}), ...Object.values(entity.aliases ?? {}).flat()];
  return [...new Set(all.map((item) => item.value))];
}

export function venueFacts(entity: WikidataEntity, wikidataUrl: string): VenueFactsData {
  const file = pick(entity, 'P18', fileName);
  return {
    wikidataId: entity.id,
    url: new URL(`/wiki/${entity.id}`, wikidataUrl).toString(),
    label: label(entity) ?? entity.id,
    capacity: pick(entity, 'P1083', capacity),
    opened: pick(entity, 'P1619', wikidataDate) ?? pick(entity, 'P571', wikidataDate),
    photo: file ? { url: commonsThumbnailUrl(file), file, filePage: commonsFilePage(file) } : null,
    officialUrl: pick(entity, 'P856', httpUrl),
  };
}

/**
 * The one item that is certainly this venue: a name match (label or alias) within MATCH_RADIUS_M
 * of the catalog's point (its own P625 when it has one, else the search's distance). None, or two
 * different items that both fit, is "not certain": the guide then keeps the catalog's facts only.
 */
export function certainMatch(
  venue: VenueToMatch,
  candidates: { entity: WikidataEntity; distM: number }[],
): WikidataEntity | null {
  const fits = candidates.filter(({ entity, distM }) => {
    const point = pick(entity, 'P625', (value) => coordinateValue.safeParse(value).data ?? null);
    const metres = point
      ? 1000 * distanceKm({ lat: venue.lat, lon: venue.lon }, { lat: point.latitude, lon: point.longitude })
      : distM;
    return metres <= MATCH_RADIUS_M && names(entity).some((name) => sameName(name, venue.name));
  });
  return fits.length === 1 ? fits[0]!.entity : null;
}

export function createWikidataClient(options: WikidataClientOptions) {
  const api = (params: Record<string, string>) => {
    const url = new URL('/w/api.php', options.url);
    url.search = new URLSearchParams({ format: 'json', formatversion: '2', maxlag: '5', ...params }).toString();
    return url;
  };
  const call = async <T>(operation: string, url: URL, schema: Parameters<typeof providerGetJson<T>>[0]['schema']) => {
    const answer = await providerGetJson({
      provider: WIKIDATA,
      operation,
      url,
      headers: { 'User-Agent': options.userAgent, 'Accept-Encoding': 'gzip' },
      schema,
      timeoutMs: options.timeoutMs,
      record: options.record,
      maxAttempts: 2,
      beforeAttempt: () => waitForRateSlot(options.database, WIKIDATA, options.intervalMs),
    });
    if (answer && typeof answer === 'object' && 'error' in answer) {
      const { code } = (answer as { error: { code: string } }).error;
      throw new ProviderError(WIKIDATA, operation, 'unavailable', `API error ${code}`, 200);
    }
    return answer as Exclude<T, { error: unknown }>;
  };

  const entities = async (ids: string[]): Promise<WikidataEntity[]> => {
    if (ids.length === 0) return [];
    const answer = await call(
      'entities',
      api({
        action: 'wbgetentities',
        ids: ids.join('|'),
        props: 'labels|aliases|claims',
        languages: 'en',
        languagefallback: '1',
      }),
      entitiesAnswerSchema,
    );
    return Object.values(answer.entities).filter((entity) => !entity.missing);
  };

  return {
    /**
     * The venue's facts when an item certainly is this venue, else null. One look-up: the items
     * around the point, then their labels and statements in one batch (or the known item alone).
     */
    async venueFacts(venue: VenueToMatch): Promise<VenueFactsData | null> {
      if (venue.knownId && /^Q\d+$/.test(venue.knownId)) {
        const [entity] = await entities([venue.knownId]);
        // Merged or deleted since: look again around the point.
        if (entity && entity.id === venue.knownId) return venueFacts(entity, options.url);
      }
      const around = await call(
        'venue-nearby',
        api({
          action: 'query',
          list: 'geosearch',
          gscoord: `${venue.lat.toFixed(6)}|${venue.lon.toFixed(6)}`,
          gsradius: String(MATCH_RADIUS_M),
          gslimit: String(GEOSEARCH_LIMIT),
          gsnamespace: '0',
        }),
        geosearchAnswerSchema,
      );
      const hits = around.query.geosearch.filter((hit) => /^Q\d+$/.test(hit.title));
      const found = await entities(hits.map((hit) => hit.title));
      const match = certainMatch(
        venue,
        found.map((entity) => ({ entity, distM: hits.find((hit) => hit.title === entity.id)?.dist ?? Infinity })),
      );
      return match ? venueFacts(match, options.url) : null;
    },
  };
}
