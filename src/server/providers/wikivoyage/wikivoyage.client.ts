import type { Database } from '#server/db/client.ts';
import type { CityData, CitySection } from '#shared/guides.ts';
import { type CallRecorder, ProviderError, providerGetJson, waitForRateSlot } from '../http.ts';
import { wikivoyageQuerySchema } from './wikivoyage.schemas.ts';

export const WIKIVOYAGE = 'wikivoyage';

/** The sections a fan needs on the night, in this order. */
export const CITY_SECTIONS = ['Get in', 'Get around', 'Eat', 'Drink', 'Stay safe'] as const;
export const CITY_INTRO_CHARS = 600;
export const CITY_SECTION_CHARS = 500;

export interface WikivoyageClientOptions {
  /** The API endpoint, e.g. https://en.wikivoyage.org/w/api.php. */
  url: string;
  userAgent: string;
  database: Database;
  timeoutMs: number;
  record: CallRecorder;
  /** Wikimedia asks for requests one after another: one slot at a time across processes. */
  intervalMs: number;
}

export type WikivoyageClient = ReturnType<typeof createWikivoyageClient>;

export function createWikivoyageClient(options: WikivoyageClientOptions) {
  return {
    /** The city's article, intro and highlights trimmed; null when Wikivoyage has no such article. */
    async cityGuide(city: string): Promise<CityData | null> {
      const url = new URL(options.url);
      url.search = new URLSearchParams({
        action: 'query',
        format: 'json',
        formatversion: '2',
        prop: 'extracts|info',
        explaintext: '1',
        exsectionformat: 'wiki',
        inprop: 'url',
        redirects: '1',
        maxlag: '5',
        titles: city,
      }).toString();
      const answer = await providerGetJson({
        provider: WIKIVOYAGE,
        operation: 'city',
        url,
        headers: { 'User-Agent': options.userAgent, 'Accept-Encoding': 'gzip' },
        schema: wikivoyageQuerySchema,
        timeoutMs: options.timeoutMs,
        record: options.record,
        maxAttempts: 2,
        beforeAttempt: () => waitForRateSlot(options.database, WIKIVOYAGE, options.intervalMs),
      });
      if ('error' in answer) {
        if (answer.error.code === 'missingtitle') return null;
        throw new ProviderError(WIKIVOYAGE, 'city', 'unavailable', `API error ${answer.error.code}`, 200);
      }
      const page = answer.query.pages[0];
      if (!page || page.missing || page.invalid || !page.extract) return null;
      return toCityData(page.title, page.extract, permanentUrl(options.url, page));
    },
  };
}

function permanentUrl(apiUrl: string, page: { title: string; fullurl?: string; lastrevid?: number }): string {
  const base = page.fullurl ?? new URL(`/wiki/${encodeURIComponent(page.title.replace(/ /g, '_'))}`, apiUrl).toString();
  if (!page.lastrevid) return base;
  const url = new URL(base);
  url.searchParams.set('oldid', String(page.lastrevid));
  return url.toString();
}

/** Cuts at the last sentence end before `max` characters (or the last space), marking the cut. */
export function trimText(text: string, max: number): string {
  const clean = text.replace(/\n{3,}/g, '\n\n').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const sentence = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'));
  if (sentence > max * 0.5) return cut.slice(0, sentence + 1);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/** Splits a plain-text extract on level-2 headings (`== Get in ==`); subsections stay in their section. */
export function toCityData(title: string, extract: string, url: string): CityData {
  const parts = extract.split(/^==\s*([^=].*?)\s*==\s*$/m);
  const intro = trimText(parts[0] ?? '', CITY_INTRO_CHARS);
  const byHeading = new Map<string, string>();
  for (let i = 1; i < parts.length; i += 2) byHeading.set((parts[i] ?? '').trim(), parts[i + 1] ?? '');
  const sections: CitySection[] = [];
  for (const heading of CITY_SECTIONS) {
    const body = byHeading.get(heading);
    // Sub-headings (=== By train ===) become plain lines.
    const text = body ? trimText(body.replace(/^=+\s*(.*?)\s*=+\s*$/gm, '$1:'), CITY_SECTION_CHARS) : '';
    if (text) sections.push({ heading, text });
  }
  return { title, intro, sections, url };
}
