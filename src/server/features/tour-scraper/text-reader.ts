import type { ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { z } from 'zod';
import type { Logger } from '#server/lib/logger.ts';
import { type LlmClient, LlmUnavailable } from '#server/providers/llm/llm.client.ts';
import { TOUR_SCRAPER_MESSAGES } from '#shared/tour-scraper.ts';
import type { RawEvent } from './extract.ts';

/**
 * The LLM fallback of issue 17: a page with no structured events has its visible text read by the
 * language model (recorded and budgeted by the LLM client, feature 'tour-scraper'). Nothing the
 * model says is trusted: every row's venue, city and date must be written in the page's text, and
 * its rows come back with source 'text', which the resolver flags so a person ticks each one.
 */
export const TEXT_READER_FEATURE = 'tour-scraper';
/** Characters of visible text sent: a long tour page fits; a whole site's footer does not. */
export const TEXT_READER_MAX_CHARS = 12_000;
const MAX_EVENTS = 100;

export interface TextReading {
  events: RawEvent[];
  /** Why the reader read nothing (not configured, budget spent, failed), for the page's message. */
  notice: string | null;
}

export type TextEventReader = (page: { url: string; html: string }) => Promise<TextReading>;

/** Elements whose text a visitor does not read as the page's content. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'nav', 'head', 'iframe', 'select']);
const BLOCK = /^(p|div|li|tr|td|th|h[1-6]|br|section|article|header|footer|dd|dt|ul|ol|table|main|aside)$/;

/** The text a visitor sees, one block a line, whitespace collapsed, capped. */
export function visibleText(html: string, maxChars = TEXT_READER_MAX_CHARS): string {
  const parts: string[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node.type === 'text') parts.push(node.data);
      else if ('name' in node && 'children' in node) {
        if (HIDDEN.has(node.name) || node.attribs.hidden !== undefined) continue;
        const block = BLOCK.test(node.name);
        if (block) parts.push('\n');
        walk(node.children as ChildNode[]);
        if (block) parts.push('\n');
      }
    }
  };
  walk(parseDocument(html, { decodeEntities: true }).children as ChildNode[]);
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    .slice(0, maxChars);
}

const nullableText = z
  .string()
  .max(300)
  .nullish()
  .transform((value) => value?.trim() || null);

const answerSchema = z.object({
  events: z
    .array(
      z.object({
        artist: nullableText,
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        dateText: z.string().min(1).max(100),
        time: z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
          .nullish(),
        venue: z.string().min(1).max(300),
        city: z.string().min(1).max(200),
        country: nullableText,
        status: z.enum(['scheduled', 'cancelled', 'postponed', 'rescheduled']).nullish(),
        ticketUrl: nullableText,
      }),
    )
    .max(MAX_EVENTS),
});
type AnswerEvent = z.infer<typeof answerSchema>['events'][number];

const SYSTEM = [
  'You read concert dates from the visible text of a web page.',
  'Answer with JSON only, no prose: {"events": [{"artist": string|null, "date": "YYYY-MM-DD",',
  '"dateText": the date exactly as written on the page, "time": "HH:MM" (24 h)|null, "venue": string,',
  '"city": string, "country": string|null, "status": "scheduled"|"cancelled"|"postponed"|"rescheduled",',
  '"ticketUrl": string|null}]}.',
  'Copy venue, city and dateText exactly as the page writes them. Use only what the text says:',
  'never guess a venue, city or date. When the page gives no year, use the next such date on or after',
  'the page date. No concert dates on the page: {"events": []}.',
].join(' ');

/** Lower case, accents off, whitespace collapsed: what "written on the page" compares. */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The ISO date says what the page's date text says: its day, its month, its year when written. */
function dateAgrees(iso: string, dateText: string): boolean {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const text = fold(dateText);
  const numbers = (text.match(/\d+/g) ?? []).map(Number);
  if (!numbers.includes(day)) return false;
  const monthNamed = MONTHS.some((name, index) => index + 1 === month && text.includes(name));
  if (!monthNamed && !numbers.includes(month)) return false;
  const writtenYear = /\b(\d{4})\b/.exec(text)?.[1];
  return !writtenYear || Number(writtenYear) === year;
}

/** Why a row is not on the page, or null when its venue, city and date are all written there. */
export function notOnPage(event: AnswerEvent, pageText: string): string | null {
  const page = fold(pageText);
  if (!page.includes(fold(event.venue))) return `venue "${event.venue}" is not on the page`;
  if (!page.includes(fold(event.city))) return `city "${event.city}" is not on the page`;
  if (!page.includes(fold(event.dateText)) || !dateAgrees(event.date, event.dateText))
    return `date "${event.dateText}" is not on the page as ${event.date}`;
  return null;
}

function toRawEvent(event: AnswerEvent, page: { url: string; html: string }): RawEvent {
  // A year the page does not write is the model's guess: the resolver reads it as yearless and flags it.
  const yearWritten = /\b\d{4}\b/.test(event.dateText);
  const day = yearWritten ? event.date : `--${event.date.slice(5)}`;
  const ticket =
    event.ticketUrl && page.html.includes(event.ticketUrl) ? absoluteHttp(event.ticketUrl, page.url) : null;
  return {
    source: 'text',
    id: null,
    name: null,
    performers: event.artist ? [event.artist] : [],
    start: event.time ? `${day}T${event.time}` : day,
    venueName: event.venue,
    street: null,
    city: event.city,
    region: null,
    country: event.country,
    lat: null,
    lon: null,
    status: event.status ?? null,
    ticketUrl: ticket,
  };
}

function absoluteHttp(href: string, base: string): string | null {
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The model's answer as JSON, tolerating a ```json fence around it. */
function parseAnswer(text: string) {
  const unfenced = text.replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  try {
    return answerSchema.safeParse(JSON.parse(unfenced));
  } catch {
    return answerSchema.safeParse(undefined);
  }
}

export function createTextReader(deps: {
  llm: LlmClient;
  logger: Logger;
  today: string;
  /** The fan's own daily quota of page reads (besides the monthly budget); counts one read when true. */
  mayRead?: () => Promise<boolean>;
}): TextEventReader {
  return async (page) => {
    if (!deps.llm.configured) return { events: [], notice: TOUR_SCRAPER_MESSAGES.textReaderOff };
    const text = visibleText(page.html);
    if (!text) return { events: [], notice: null };
    if (deps.mayRead && !(await deps.mayRead())) return { events: [], notice: TOUR_SCRAPER_MESSAGES.textReaderQuota };
    let answer: Awaited<ReturnType<LlmClient['complete']>>;
    try {
      answer = await deps.llm.complete({
        feature: TEXT_READER_FEATURE,
        system: SYSTEM,
        user: JSON.stringify({ pageUrl: page.url, pageDate: deps.today, text }),
        maxTokens: 4000,
        temperature: 0,
      });
    } catch (error) {
      if (!(error instanceof LlmUnavailable)) throw error;
      deps.logger.warn({ err: error, url: page.url }, 'the page-text reader did not answer');
      const notice =
        error.reason === 'budget'
          ? TOUR_SCRAPER_MESSAGES.textReaderBudget
          : error.reason === 'not-configured'
            ? TOUR_SCRAPER_MESSAGES.textReaderOff
            : TOUR_SCRAPER_MESSAGES.textReaderFailed;
      return { events: [], notice };
    }
    const parsed = parseAnswer(answer.text);
    if (!parsed.success) {
      await deps.llm.markRejected(answer.callId, 'the answer is not the events JSON asked for');
      return { events: [], notice: TOUR_SCRAPER_MESSAGES.textReaderFailed };
    }
    const kept: RawEvent[] = [];
    const dropped: string[] = [];
    for (const event of parsed.data.events) {
      const why = notOnPage(event, text);
      if (why) dropped.push(why);
      else kept.push(toRawEvent(event, page));
    }
    if (dropped.length > 0) {
      deps.logger.info({ url: page.url, dropped }, 'page-text rows dropped: not written on the page');
      if (kept.length === 0) await deps.llm.markRejected(answer.callId, `every row invented: ${dropped[0]}`);
    }
    return { events: kept, notice: null };
  };
}
