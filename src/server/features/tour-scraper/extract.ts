import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import ical, { type CalendarResponse, type VEvent } from 'node-ical';
import type { ScrapeSource } from '#shared/tour-scraper.ts';

/**
 * Structured events out of a page, before dates and places are resolved: schema.org Event (and
 * its subtypes: MusicEvent, Festival…) in JSON-LD (single objects, arrays, @graph, ItemList) and
 * microdata, and VEVENTs of iCalendar files. Pure: no network, no database.
 */
export interface RawEvent {
  source: ScrapeSource;
  /** The event's own id on the page (@id, url, UID): keeps a moved show the same show on re-check. */
  id: string | null;
  name: string | null;
  performers: string[];
  /** As written: '2026-10-12T20:00:00-06:00', '2026-10-12', '--10-12', 'Oct 12'… */
  start: string | null;
  /** iCalendar only: the instant and its zone when the file named one. */
  startInstant?: { date: Date; timeZone: string | null; dateOnly: boolean };
  venueName: string | null;
  street: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  lat: number | null;
  lon: number | null;
  /** schema.org EventStatusType as written ('https://schema.org/EventCancelled', 'EventPostponed'). */
  status: string | null;
  ticketUrl: string | null;
}

export interface PageLink {
  href: string;
  text: string;
}

export interface HtmlExtraction {
  events: RawEvent[];
  /** Calendars the page links to (.ics, webcal:, rel=alternate text/calendar). */
  icsLinks: string[];
  /** Every link, absolute, for the web tour finder. */
  links: PageLink[];
  /** Embedded widgets the finder understands. */
  widgets: { bandsintownArtist: string | null; songkickArtistUrl: string | null };
  /** The page's own date (article:modified_time, dateModified…), when it gives one. */
  pageDate: string | null;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: Json | undefined): Json[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const typesOf = (node: JsonObject): string[] =>
  asArray(node['@type']).flatMap((type) =>
    typeof type === 'string' ? [type.replace(/^https?:\/\/schema\.org\//, '')] : [],
  );

/** Event and every schema.org subtype of it ('MusicEvent', 'Festival', 'TheaterEvent', …). */
const isEventType = (type: string) => type === 'Event' || type.endsWith('Event') || type === 'Festival';

function text(value: Json | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || null;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (isObject(value)) return text(value.name ?? value['@value'] ?? value['@id']);
  return null;
}

function number(value: Json | undefined): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

function absolute(href: string | null, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Nodes by @id, so `"performer": {"@id": "…#band"}` finds the band's name elsewhere in the graph. */
export type NodeIndex = Map<string, JsonObject>;

export function indexNodes(root: Json, index: NodeIndex = new Map(), depth = 0): NodeIndex {
  if (depth > 12) return index;
  if (Array.isArray(root)) for (const child of root) indexNodes(child, index, depth + 1);
  else if (isObject(root)) {
    const id = root['@id'];
    if (typeof id === 'string' && Object.keys(root).length > 1 && !index.has(id)) index.set(id, root);
    for (const value of Object.values(root)) if (typeof value === 'object') indexNodes(value, index, depth + 1);
  }
  return index;
}

/** A reference-only node (`{"@id": …}`) replaced by the node it names, when the page has it. */
function deref(value: Json | undefined, index: NodeIndex | undefined): Json | undefined {
  if (!index || !isObject(value) || Object.keys(value).length !== 1 || typeof value['@id'] !== 'string') return value;
  return index.get(value['@id']) ?? value;
}

/** Every event object in a JSON-LD document: arrays, @graph, ItemList items, nested. */
export function findJsonLdEvents(root: Json): JsonObject[] {
  const found: JsonObject[] = [];
  const seen = new Set<JsonObject>();
  const walk = (node: Json | undefined, depth: number) => {
    if (depth > 12 || node === undefined || node === null) return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child, depth + 1);
      return;
    }
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    if (typesOf(node).some(isEventType)) {
      found.push(node);
      walk(node.subEvent, depth + 1);
      return;
    }
    walk(node['@graph'], depth + 1);
    walk(node.itemListElement, depth + 1);
    walk(node.item, depth + 1);
    walk(node.mainEntity, depth + 1);
    walk(node.event, depth + 1);
    walk(node.events, depth + 1);
  };
  walk(root, 0);
  return found;
}

/** A schema.org Event object (from JSON-LD or converted microdata) as a raw event. */
export function eventFromSchema(node: JsonObject, base: string, source: ScrapeSource, index?: NodeIndex): RawEvent {
  const location =
    (asArray(node.location)
      .map((l) => deref(l, index))
      .find(isObject) as JsonObject | undefined) ?? null;
  const addressNode = location ? location.address : undefined;
  const address = isObject(addressNode) ? addressNode : null;
  const geo = location && isObject(location.geo) ? location.geo : null;
  const offer = asArray(node.offers).find(isObject);
  const performers = asArray(node.performer)
    .map((performer) => text(deref(performer, index)))
    .filter((name): name is string => !!name);
  return {
    source,
    id: absolute(text(node['@id']), base) ?? absolute(text(node.url), base),
    name: text(node.name),
    performers,
    start: text(node.startDate),
    venueName: location ? text(location.name) : typeof node.location === 'string' ? text(node.location) : null,
    street: address ? text(address.streetAddress) : null,
    ...(address
      ? {
          city: text(address.addressLocality),
          region: text(address.addressRegion),
          country: text(address.addressCountry),
        }
      : placeFromText(typeof addressNode === 'string' ? addressNode : null)),
    lat: geo ? number(geo.latitude) : null,
    lon: geo ? number(geo.longitude) : null,
    status: text(node.eventStatus),
    ticketUrl: offer ? absolute(text(offer.url), base) : null,
  };
}

/**
 * An address written as one string: 'Amsterdam', 'Voorbeeldstraat 6, 1017 Amsterdam, NL'. The last
 * part is the country when there are several; the city is the part before it without its postcode.
 */
function placeFromText(value: string | null): { city: string | null; region: string | null; country: string | null } {
  const parts = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { city: null, region: null, country: null };
  if (parts.length === 1) return { city: parts[0]!, region: null, country: null };
  const country = parts[parts.length - 1]!;
  const cityPart = parts[parts.length - 2]!.replace(/\b[A-Z]{0,2}[- ]?\d[\dA-Z -]*\b/g, '').trim();
  return { city: cityPart || parts[parts.length - 2]!, region: null, country };
}

// ----------------------------------------------------------------------------------- HTML

function parseJsonLd(raw: string): Json | null {
  const cleaned = raw
    .replace(/^\s*<!--/, '')
    .replace(/-->\s*$/, '')
    .replace(/^\s*\/\/<!\[CDATA\[/, '')
    .replace(/\/\/\]\]>\s*$/, '');
  try {
    return JSON.parse(cleaned) as Json;
  } catch {
    // Pages often carry a raw newline inside a string; one retry with them escaped.
    try {
      return JSON.parse(cleaned.replace(/[\r\n\t]+/g, ' ')) as Json;
    } catch {
      return null;
    }
  }
}

/** Microdata: the item an itemscope element describes, its nested items as nested objects. */
function microdataItem(element: Element, base: string, depth = 0): JsonObject {
  const item: JsonObject = {};
  const type = element.attribs.itemtype;
  if (type) item['@type'] = type.split(/\s+/).map((t) => t.replace(/^https?:\/\/schema\.org\//, ''));
  const visit = (children: Element['children']) => {
    for (const child of children) {
      if (child.type !== 'tag' && child.type !== 'script') continue;
      const el = child as Element;
      const props = el.attribs.itemprop?.split(/\s+/).filter(Boolean) ?? [];
      const scoped = 'itemscope' in el.attribs;
      if (props.length > 0) {
        const value: Json = scoped && depth < 6 ? microdataItem(el, base, depth + 1) : microdataValue(el, base);
        for (const prop of props) {
          const previous = item[prop];
          item[prop] = previous === undefined ? value : [...asArray(previous), value];
        }
      }
      if (!scoped) visit(el.children as Element['children']);
    }
  };
  visit(element.children as Element['children']);
  return item;
}

function microdataValue(el: Element, base: string): string {
  const a = el.attribs;
  if (a.content !== undefined) return a.content;
  if (el.name === 'time' && a.datetime) return a.datetime;
  if ((el.name === 'a' || el.name === 'link' || el.name === 'area') && a.href) return absolute(a.href, base) ?? a.href;
  if ((el.name === 'img' || el.name === 'source') && a.src) return a.src;
  if (el.name === 'meta') return a.content ?? '';
  if (el.name === 'data' || el.name === 'meter') return a.value ?? DomUtils.textContent(el);
  return DomUtils.textContent(el).replace(/\s+/g, ' ').trim();
}

const ICS_HREF = /\.ics($|[?#])|^webcal:/i;

export function extractFromHtml(html: string, pageUrl: string): HtmlExtraction {
  const document = parseDocument(html);
  const events: RawEvent[] = [];
  const baseTag = DomUtils.findOne((el) => el.name === 'base' && !!el.attribs.href, document.children);
  const base = absolute(baseTag?.attribs.href ?? null, pageUrl) ?? pageUrl;

  for (const script of DomUtils.findAll(
    (el) => el.name === 'script' && (el.attribs.type ?? '').toLowerCase().trim() === 'application/ld+json',
    document.children,
  )) {
    const json = parseJsonLd(DomUtils.textContent(script));
    if (json === null) continue;
    const index = indexNodes(json);
    events.push(...findJsonLdEvents(json).map((node) => eventFromSchema(node, base, 'json-ld', index)));
  }

  const scopes = DomUtils.findAll((el) => 'itemscope' in el.attribs && !('itemprop' in el.attribs), document.children);
  for (const scope of scopes) {
    const item = microdataItem(scope, base);
    events.push(...findJsonLdEvents(item).map((node) => eventFromSchema(node, base, 'microdata')));
  }

  const links: PageLink[] = [];
  const icsLinks = new Set<string>();
  for (const el of DomUtils.findAll(
    (e) => (e.name === 'a' || e.name === 'link') && !!e.attribs.href,
    document.children,
  )) {
    const href = el.attribs.href!;
    const isCalendar = ICS_HREF.test(href) || (el.name === 'link' && /text\/calendar/i.test(el.attribs.type ?? ''));
    const resolved = absolute(href.replace(/^webcal:/i, 'https:'), base);
    if (!resolved) continue;
    if (isCalendar) icsLinks.add(resolved);
    if (el.name === 'a') links.push({ href: resolved, text: DomUtils.textContent(el).replace(/\s+/g, ' ').trim() });
  }

  return {
    events,
    icsLinks: [...icsLinks],
    links,
    widgets: findWidgets(document, html),
    pageDate: pageDateOf(document),
  };
}

function findWidgets(document: ReturnType<typeof parseDocument>, html: string): HtmlExtraction['widgets'] {
  const bit = DomUtils.findOne(
    (el) => /\bbit-widget-initializer\b/.test(el.attribs.class ?? '') && !!el.attribs['data-artist-name'],
    document.children,
  );
  const songkick = /https?:\/\/(?:www\.)?songkick\.com\/artists\/[\w-]+/i.exec(html);
  return { bandsintownArtist: bit?.attribs['data-artist-name'] ?? null, songkickArtistUrl: songkick?.[0] ?? null };
}

function pageDateOf(document: ReturnType<typeof parseDocument>): string | null {
  const meta = DomUtils.findOne(
    (el) =>
      el.name === 'meta' &&
      /^(article:modified_time|article:published_time|og:updated_time|date|last-modified)$/i.test(
        el.attribs.property ?? el.attribs.name ?? '',
      ),
    document.children,
  );
  const value = meta?.attribs.content?.slice(0, 10);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** A JSON or JSON-LD answer (an API or a .jsonld file): the same walk as embedded JSON-LD. */
export function extractFromJson(body: string, pageUrl: string): RawEvent[] {
  const json = parseJsonLd(body);
  if (json === null) return [];
  const index = indexNodes(json);
  return findJsonLdEvents(json).map((node) => eventFromSchema(node, pageUrl, 'json-ld', index));
}

// ------------------------------------------------------------------------------- iCalendar

/** VEVENTs of an .ics file. LOCATION is free text: 'Venue, City, Region, Country' by convention. */
export function extractFromIcs(body: string, pageUrl: string): RawEvent[] {
  let parsed: CalendarResponse;
  try {
    parsed = ical.sync.parseICS(body);
  } catch {
    return [];
  }
  const events: RawEvent[] = [];
  for (const component of Object.values(parsed)) {
    if (!component || (component as { type?: string }).type !== 'VEVENT') continue;
    const event = component as VEvent;
    const parts = (typeof event.location === 'string' ? event.location : '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const start = event.start as (Date & { tz?: string; dateOnly?: boolean }) | undefined;
    const geo = event.geo as { lat: number; lon: number } | undefined;
    const status = typeof event.status === 'string' ? event.status : null;
    const summary =
      typeof event.summary === 'string' ? event.summary : ((event.summary as { val?: string })?.val ?? null);
    events.push({
      source: 'ics',
      id: event.uid ? `${pageUrl}#${event.uid}` : null,
      name: summary,
      performers: [],
      start: null,
      startInstant: start
        ? {
            date: new Date(start.getTime()),
            timeZone: start.tz && start.tz !== 'Etc/UTC' ? start.tz : null,
            dateOnly: !!start.dateOnly,
          }
        : undefined,
      venueName: parts[0] ?? null,
      street: null,
      city: parts.length >= 2 ? parts[parts.length >= 4 ? parts.length - 3 : 1]! : null,
      region: parts.length >= 4 ? parts[parts.length - 2]! : null,
      country: parts.length >= 3 ? parts[parts.length - 1]! : null,
      lat: geo?.lat ?? null,
      lon: geo?.lon ?? null,
      status: status === 'CANCELLED' ? 'EventCancelled' : null,
      ticketUrl: absolute(typeof event.url === 'string' ? event.url : null, pageUrl),
    });
  }
  return events;
}
