import type { Database, Db } from '#server/db/client.ts';
import type { Tx } from '#server/db/sql.ts';
import { lockCatalogWrites, refreshArtistStats } from '#server/features/catalog/catalog.repo.ts';
import {
  type CatalogEntry,
  normaliseCatalog,
  writeCatalogEntriesInTransaction,
} from '#server/features/catalog/catalog.service.ts';
import { type Gazetteer, getGazetteer } from '#server/features/places/gazetteer.ts';
import { findArtistIdentity } from '#server/features/sync/sync.repo.ts';
import type { ActorWithRole } from '#server/lib/actor.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { SafeFetch, SafeFetchResponse } from '#server/lib/safe-fetch.ts';
import { defaultTourName } from '#server/providers/jambase/jambase.mapping.ts';
import type { StopClaim } from '#shared/catalog-requests.ts';
import { formatLocalTime, localIsoDate } from '#shared/dates.ts';
import { slugify, titleCase } from '#shared/text.ts';
import {
  type PreviewPage,
  type PreviewRow,
  type ScrapedEvent,
  type ScrapeImportResponse,
  TOUR_SCRAPER_LIMITS,
  TOUR_SCRAPER_MESSAGES,
} from '#shared/tour-scraper.ts';
import type { ImportRow } from '#shared/tour-scraper-api.ts';
import { extractFromHtml, extractFromIcs, extractFromJson, type HtmlExtraction, type RawEvent } from './extract.ts';
import { resolveEvents } from './resolve.ts';
import { claimFromRow } from './stop-claim.ts';
import type { TextEventReader } from './text-reader.ts';
import {
  type ApprovedStop,
  findStopId,
  insertChangeRequests,
  insertSources,
  type NewChangeRequest,
  selectApprovedStop,
  selectApprovedStopBySource,
  selectArtistStopsOn,
  setStopStatus,
} from './tour-scraper.repo.ts';

/** Stops the scraper writes carry this source label. */
export const SCRAPER_SOURCE = 'scraper';

export interface ScraperDeps {
  database: Database;
  safeFetch: SafeFetch;
  logger: Logger;
  /** Tests may skip the gazetteer's load; production always has it. */
  gazetteer?: () => Promise<Gazetteer | null>;
}

const noTextReader: TextEventReader = async () => ({ events: [], notice: null });

/** One page scraped: its rows, plus what the web tour finder reads from it. */
export interface ScrapedPage {
  page: PreviewPage;
  response: SafeFetchResponse | null;
  html: HtmlExtraction | null;
}

const errorText = (error: unknown) => (error instanceof AppError ? error.message : null);

/**
 * Fetches a URL and reads its events: structured data in the page, else the calendars it links to
 * and, when given one, the LLM text reader (its rows flagged for a person's check). Failures become the page's `error` in words, never a throw,
 * so one bad address in a paste does not hide the others' rows.
 */
export async function scrapePage(
  deps: ScraperDeps,
  url: string,
  options: { userId: string | null; purpose: 'user-url' | 'crawl'; today: string; artistHint?: string | null },
  readText: TextEventReader = noTextReader,
): Promise<ScrapedPage> {
  const trail: string[] = [];
  let response: SafeFetchResponse;
  try {
    response = await deps.safeFetch({ url, userId: options.userId, purpose: options.purpose });
  } catch (error) {
    const message = errorText(error);
    if (!message) throw error;
    return { page: { url, error: message, rows: [], trail: [url] }, response: null, html: null };
  }
  trail.push(...response.trail);
  let raws: RawEvent[] = [];
  let html: HtmlExtraction | null = null;
  let notice: string | null = null;
  if (response.kind === 'html') {
    html = extractFromHtml(response.body, response.url);
    raws = html.events;
    if (raws.length === 0) raws = await eventsFromCalendars(deps, html.icsLinks, options.userId, trail);
    if (raws.length === 0) ({ events: raws, notice } = await readText({ url: response.url, html: response.body }));
  } else if (response.kind === 'json') raws = extractFromJson(response.body, response.url);
  else if (response.kind === 'ics') raws = extractFromIcs(response.body, response.url);

  const gazetteer = await (deps.gazetteer ?? getGazetteer)();
  const rows = resolveEvents(raws, response.url, {
    pageDate: html?.pageDate ?? options.today,
    gazetteer,
    artistHint: options.artistHint,
  });
  const matched = await matchRows(deps.database.db, rows);
  return {
    page: { url, error: rows.length === 0 ? noEventsMessage(notice) : null, rows: matched, trail },
    response,
    html,
  };
}

const noEventsMessage = (notice: string | null) =>
  notice ? `${TOUR_SCRAPER_MESSAGES.noEvents}. ${notice}` : TOUR_SCRAPER_MESSAGES.noEvents;

async function eventsFromCalendars(deps: ScraperDeps, links: string[], userId: string | null, trail: string[]) {
  const events: RawEvent[] = [];
  for (const link of links.slice(0, TOUR_SCRAPER_LIMITS.icsPerPage)) {
    try {
      const calendar = await deps.safeFetch({ url: link, userId, purpose: 'crawl', accept: ['ics', 'text'] });
      trail.push(...calendar.trail);
      events.push(...extractFromIcs(calendar.body, calendar.url));
    } catch (error) {
      if (!errorText(error)) throw error;
      trail.push(link);
    }
  }
  return events;
}

/** The preview of every pasted address, in order. */
export async function previewUrls(
  deps: ScraperDeps,
  actor: ActorWithRole,
  input: { urls: string[]; today?: string },
  textReader?: (today: string) => TextEventReader,
): Promise<{ pages: PreviewPage[] }> {
  const today = input.today ?? localIsoDate();
  const readText = textReader?.(today) ?? noTextReader;
  const pages: PreviewPage[] = [];
  for (const url of [...new Set(input.urls)]) {
    const scraped = await scrapePage(deps, url, { userId: actor.userId, purpose: 'user-url', today }, readText);
    pages.push(scraped.page);
  }
  return { pages };
}

// ----------------------------------------------------------------------------------- matching

/** The catalog's venue identity (catalog.service normaliseVenue): lower(name|city|region|country). */
function venueKeyOf(row: Pick<ScrapedEvent, 'venueName' | 'city' | 'region' | 'countryCode'>): string {
  const clean = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
  return [clean(row.venueName), clean(row.city), clean(row.region), (row.countryCode ?? '').toUpperCase()]
    .join('|')
    .toLowerCase();
}

/**
 * What the catalog has for each row: 'match' (this artist at this venue that day), 'conflict'
 * (the artist elsewhere that day, or here at another time or status), 'new' otherwise.
 */
export async function matchRows(db: Db, rows: ScrapedEvent[]): Promise<PreviewRow[]> {
  const artists = new Map<string, Awaited<ReturnType<typeof findArtistIdentity>>>();
  const matched: PreviewRow[] = [];
  for (const row of rows) {
    const slug = row.artistName ? slugify(row.artistName) : '';
    if (slug && !artists.has(slug)) artists.set(slug, await findArtistIdentity(db, slug, null));
    const artist = slug ? artists.get(slug) : null;
    if (!artist || !row.date) {
      matched.push({ ...row, match: 'new', matchNote: null, artistSlug: artist?.slug ?? null });
      continue;
    }
    const day = await selectArtistStopsOn(db, artist.id, row.date);
    const here = day.find((stop) => stop.venueKey === venueKeyOf(row));
    let match: PreviewRow['match'] = 'new';
    let note: string | null = null;
    if (here) {
      const sameTime = !row.localTime || !here.time || here.time === row.localTime;
      match = sameTime && here.status === row.status ? 'match' : 'conflict';
      note =
        match === 'match'
          ? here.reviewState === 'approved'
            ? 'In the catalog'
            : 'Already sent for review'
          : !sameTime
            ? `The catalog has ${formatLocalTime(here.time!)} here`
            : `The catalog says ${here.status}`;
    } else if (day.length > 0) {
      match = 'conflict';
      note = `The catalog has ${artist.name} at ${day[0]!.venueName}, ${day[0]!.city} that day`;
    }
    matched.push({ ...row, match, matchNote: note, artistSlug: artist.slug });
  }
  return matched;
}

// ------------------------------------------------------------------------------------ import

/** A row's identity on its page, for the weekly re-check: its own id, else its date and place. */
export function eventKeyOf(row: Pick<ImportRow, 'externalId' | 'date' | 'venueName' | 'city'>): string {
  return (row.externalId ?? `${row.date}|${row.venueName}|${row.city}`).toLowerCase();
}

function entriesOf(rows: ImportRow[], submittedBy: string | null): CatalogEntry[] {
  const entries = normaliseCatalog(
    {
      artists: rows.map((row) => ({
        name: row.artistName,
        tours: [
          {
            name: defaultTourName(titleCase(row.artistName)),
            stops: [
              {
                date: row.date,
                time: row.localTime ?? undefined,
                venue: row.venueName,
                city: row.city,
                region: row.region ?? undefined,
                country: row.countryCode,
                lat: row.lat ?? undefined,
                lon: row.lon ?? undefined,
                timeZone: row.timeZone ?? undefined,
                ticketUrl: row.ticketUrl ?? undefined,
              },
            ],
          },
        ],
      })),
    },
    SCRAPER_SOURCE,
  );
  for (const stop of entries.flatMap((entry) => entry.tours.flatMap((tour) => tour.stops)))
    stop.submittedBy = submittedBy;
  return entries;
}

/** An artist the catalog has keeps its own spelling, so the writer finds it by its slug. */
async function withCatalogNames(db: Db, rows: ImportRow[]): Promise<ImportRow[]> {
  const out: ImportRow[] = [];
  for (const row of rows) {
    const known = await findArtistIdentity(db, slugify(row.artistName), null);
    out.push(known ? { ...row, artistName: known.name } : row);
  }
  return out;
}

/**
 * Imports the chosen rows in one transaction. An admin's rows are public catalog stops; anyone
 * else's are user-submitted stops, 'pending' for the catalog-requests queue (ADR 0017). A row the
 * catalog already has (same artist, date, venue) is not added again. Ambiguous rows need the
 * person's explicit choice (`confirmed`). A fan's row that contradicts a public stop (another
 * status, time, venue or date) changes nothing: it becomes a change request (ADR 0037).
 */
export async function importRows(
  { database, catalogChanges }: CatalogWriterDeps,
  actor: ActorWithRole,
  input: { rows: ImportRow[] },
): Promise<ScrapeImportResponse> {
  if (input.rows.some((row) => row.ambiguities.length > 0 && !row.confirmed)) {
    throw new AppError('BAD_REQUEST', TOUR_SCRAPER_MESSAGES.confirmAmbiguous);
  }
  const rows = await withCatalogNames(database.db, input.rows);
  const preview = await matchRows(
    database.db,
    rows.map((row, index) => ({ ...row, key: String(index), source: 'json-ld' as const })),
  );
  const { claimed, requests } = actor.isAdmin
    ? { claimed: new Set<ImportRow>(), requests: [] }
    : await claimsOnPublicStops(database.db, rows, actor.userId);
  const fresh = rows.filter((row, index) => preview[index]!.match !== 'match' && !claimed.has(row));
  const submittedBy = actor.isAdmin ? null : actor.userId;

  const artists = await database.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const entries = entriesOf(fresh, submittedBy);
    if (entries.length > 0) await writeCatalogEntriesInTransaction(tx, entries);
    const written = await recordSources(tx, fresh, actor);
    await insertChangeRequests(tx, requests);
    await refreshArtistStats(tx, [...new Set(written.map((w) => w.artistId))]);
    return written;
  });
  await catalogChanges.changed();
  const unique = new Map(artists.map((artist) => [artist.slug, artist]));
  return {
    destination: actor.isAdmin ? 'catalog' : 'requests',
    added: artists.length,
    alreadyKnown: rows.length - artists.length - requests.length,
    changeRequests: requests.length,
    artists: [...unique.values()].map(({ name, slug }) => ({ name, slug })),
  };
}

const claimOf = (stop: ApprovedStop): StopClaim => ({
  date: stop.date,
  time: stop.time,
  venue: stop.venueName,
  city: stop.city,
  status: stop.status,
});

/**
 * The fan's rows that disagree with a public stop: the stop imported from the same event of the
 * same page before, else this artist's public stop that day (at this venue, else anywhere).
 */
async function claimsOnPublicStops(db: Db, rows: ImportRow[], userId: string) {
  // A row of a public stop is that stop, agreeing or not: never a second, pending copy of it.
  const claimed = new Set<ImportRow>();
  const requests: NewChangeRequest[] = [];
  for (const row of rows) {
    const stop = await publicStopFor(db, row);
    if (!stop) continue;
    claimed.add(row);
    // A page without a time says nothing about it.
    const after = { ...claimFromRow(row), time: row.localTime ?? stop.time };
    const differs =
      stop.date !== after.date ||
      stop.time !== after.time ||
      stop.venueKey !== venueKeyOf(row) ||
      stop.status !== after.status;
    if (differs)
      requests.push({ stopId: stop.id, submittedBy: userId, sourceUrl: row.pageUrl, before: claimOf(stop), after });
  }
  return { claimed, requests };
}

async function publicStopFor(db: Db, row: ImportRow): Promise<ApprovedStop | null> {
  const bySource = await selectApprovedStopBySource(db, row.pageUrl, eventKeyOf(row));
  if (bySource) return bySource;
  const artist = await findArtistIdentity(db, slugify(row.artistName), null);
  if (!artist) return null;
  const day = (await selectArtistStopsOn(db, artist.id, row.date)).filter((stop) => stop.reviewState === 'approved');
  const target = day.find((stop) => stop.venueKey === venueKeyOf(row)) ?? day[0];
  return target ? ((await selectApprovedStop(db, target.id)) ?? null) : null;
}

async function recordSources(tx: Tx, rows: ImportRow[], actor: ActorWithRole) {
  const written: { artistId: string; name: string; slug: string }[] = [];
  const sources = [];
  for (const row of rows) {
    const artist = await findArtistIdentity(tx, slugify(row.artistName), null);
    if (!artist) throw new Error(`Artist ${row.artistName} was not written`);
    const [entry] = entriesOf([row], null);
    const venueKey = entry!.tours[0]!.stops[0]!.venue.identityKey;
    const pendingOf = actor.isAdmin ? null : actor.userId;
    const stopId = await findStopId(tx, { artistId: artist.id, date: row.date, venueKey, pendingOf });
    // Another fan's pending stop of the same show: theirs to keep as it is.
    if (!stopId && pendingOf) continue;
    if (!stopId) throw new Error(`The stop of ${row.artistName} on ${row.date} was not written`);
    if (row.status !== 'scheduled') await setStopStatus(tx, stopId, row.status);
    sources.push({
      stopId,
      sourceUrl: row.pageUrl,
      eventKey: eventKeyOf(row),
      importedBy: actor.userId,
      trusted: actor.isAdmin,
    });
    written.push({ artistId: artist.id, name: artist.name, slug: artist.slug });
  }
  await insertSources(tx, sources);
  return written;
}
