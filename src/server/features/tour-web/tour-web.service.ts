import { z } from 'zod';
import { getGazetteer } from '#server/features/places/gazetteer.ts';
import { findArtistIdentity } from '#server/features/sync/sync.repo.ts';
import type { RawEvent } from '#server/features/tour-scraper/extract.ts';
import { resolveEvents } from '#server/features/tour-scraper/resolve.ts';
import {
  matchRows,
  type ScrapedPage,
  type ScraperDeps,
  scrapePage,
} from '#server/features/tour-scraper/tour-scraper.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { BandsintownClient, BitEvent } from '#server/providers/bandsintown/bandsintown.client.ts';
import { type CallRecorder, ProviderError, providerGetJson } from '#server/providers/http.ts';
import type { MusicBrainzClient } from '#server/providers/musicbrainz/musicbrainz.client.ts';
import { localIsoDate } from '#shared/dates.ts';
import { FINDER_MESSAGES, type FinderResponse, type FinderStep, type PreviewPage } from '#shared/tour-scraper.ts';

/**
 * The web tour finder (/tour-web): from a catalog artist to their tour dates on the open web.
 * Official site from MusicBrainz's URL relations, else Wikidata's "official website" (P856);
 * then dates on that page, an embedded Bandsintown widget (its public endpoint, when we have an
 * app id), links named tour/live/shows/events/dates, or the site's sitemap. Every step is kept
 * as the trail the page shows.
 */
export interface FinderDeps extends ScraperDeps {
  musicBrainz: MusicBrainzClient | null;
  bandsintown: BandsintownClient | null;
  wikidataUrl: string;
  userAgent: string;
  timeoutMs: number;
  record: CallRecorder;
}

const TOUR_WORDS = /\b(tour|tours|touring|live|shows?|concerts?|events?|dates|gigs?|tickets)\b/i;
/** Pages tried from one site: links, then sitemap entries. */
const MAX_TOUR_PAGES = 3;

export async function findTourDates(
  deps: FinderDeps,
  actor: { userId: string },
  input: { artistSlug: string; today?: string },
): Promise<FinderResponse> {
  const artist = await findArtistIdentity(deps.database.db, input.artistSlug, null);
  if (!artist || artist.slug !== input.artistSlug) throw new AppError('NOT_FOUND', FINDER_MESSAGES.unknownArtist);
  const today = input.today ?? localIsoDate();
  const steps: FinderStep[] = [];
  const done = (page: PreviewPage | null, message: string | null = null): FinderResponse => ({
    artist: { name: artist.name, slug: artist.slug },
    steps,
    page,
    message,
  });

  const site = await officialSite(deps, artist, steps);
  // A lookup that failed is not an answer: "no site is known" would tell the fan something untrue.
  if (!site) return done(null, lookupFailed(steps) ? FINDER_MESSAGES.lookupFailed : FINDER_MESSAGES.noSite);

  const scrape = (url: string) =>
    scrapePage(deps, url, { userId: actor.userId, purpose: 'crawl', today, artistHint: artist.name });
  const home = await scrape(site);
  steps.push(pageStep('official-site', 'Official site', site, home));
  if (home.page.rows.length > 0) return done(home.page);

  const fromWidget = await widgetDates(deps, home, artist.name, today, steps);
  if (fromWidget) return done(fromWidget);

  for (const link of tourLinks(home, site)) {
    const tourPage = await scrape(link);
    steps.push(pageStep('tour-page', 'Tour page', link, tourPage));
    if (tourPage.page.rows.length > 0) return done(tourPage.page);
    const widget = await widgetDates(deps, tourPage, artist.name, today, steps);
    if (widget) return done(widget);
  }

  for (const link of await sitemapLinks(deps, site, actor.userId, steps)) {
    const tourPage = await scrape(link);
    steps.push(pageStep('tour-page', 'Tour page from the sitemap', link, tourPage));
    if (tourPage.page.rows.length > 0) return done(tourPage.page);
  }
  return done(null, FINDER_MESSAGES.noTourPage);
}

function pageStep(kind: FinderStep['kind'], label: string, url: string, scraped: ScrapedPage): FinderStep {
  const count = scraped.page.rows.length;
  const detail = scraped.page.error && count === 0 ? scraped.page.error : `${count} event${count === 1 ? '' : 's'}`;
  // A step 'worked' when it found dates; a page read without any is a dead end on the trail.
  return { kind, label: `${label}: ${detail}`, url, ok: count > 0 };
}

// ------------------------------------------------------------------------------- official site

const LOOKUP_FAILED_LABELS = new Set(['MusicBrainz did not answer', 'Wikidata did not answer']);

function lookupFailed(steps: FinderStep[]): boolean {
  return steps.some((step) => LOOKUP_FAILED_LABELS.has(step.label));
}

async function officialSite(
  deps: FinderDeps,
  artist: { name: string; mbid: string | null },
  steps: FinderStep[],
): Promise<string | null> {
  let mbid = artist.mbid;
  let wikidataUrl: string | null = null;
  try {
    if (!mbid && deps.musicBrainz) {
      const candidates = await deps.musicBrainz.searchArtists(artist.name, 3);
      const exact = candidates.find((c) => c.name.toLowerCase() === artist.name.toLowerCase() && c.score >= 90);
      mbid = exact?.mbid ?? null;
    }
    if (mbid && deps.musicBrainz) {
      const details = await deps.musicBrainz.lookupArtist(mbid);
      wikidataUrl = details.wikidataUrl;
      steps.push({
        kind: 'musicbrainz',
        label: details.officialUrl ? 'MusicBrainz names the official site' : 'MusicBrainz names no official site',
        url: `https://musicbrainz.org/artist/${mbid}`,
        ok: !!details.officialUrl,
      });
      if (details.officialUrl) return details.officialUrl;
    } else {
      steps.push({ kind: 'musicbrainz', label: 'MusicBrainz does not know this artist', url: null, ok: false });
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    steps.push({ kind: 'musicbrainz', label: 'MusicBrainz did not answer', url: null, ok: false });
  }
  if (!wikidataUrl) return null;
  return wikidataWebsite(deps, wikidataUrl, steps);
}

const claimsSchema = z.object({
  claims: z.record(
    z.string(),
    z.array(z.object({ mainsnak: z.object({ datavalue: z.object({ value: z.unknown() }).optional() }) })),
  ),
});

async function wikidataWebsite(deps: FinderDeps, wikidataUrl: string, steps: FinderStep[]): Promise<string | null> {
  const entity = /(Q\d+)$/.exec(wikidataUrl)?.[1];
  if (!entity) return null;
  const url = new URL('/w/api.php', deps.wikidataUrl);
  url.search = new URLSearchParams({ action: 'wbgetclaims', entity, property: 'P856', format: 'json' }).toString();
  try {
    const answer = await providerGetJson({
      provider: 'wikidata',
      operation: 'official-website',
      url,
      headers: { 'User-Agent': deps.userAgent },
      schema: claimsSchema,
      timeoutMs: deps.timeoutMs,
      record: deps.record,
      maxAttempts: 1,
    });
    const value = answer.claims.P856?.[0]?.mainsnak.datavalue?.value;
    const website = typeof value === 'string' ? value : null;
    steps.push({
      kind: 'wikidata',
      label: website ? 'Wikidata names the official website' : 'Wikidata names no official website',
      url: wikidataUrl,
      ok: !!website,
    });
    return website;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    steps.push({ kind: 'wikidata', label: 'Wikidata did not answer', url: wikidataUrl, ok: false });
    return null;
  }
}

// ---------------------------------------------------------------------------- following links

/** Links on the same site whose words or path say tour dates; words first. */
export function tourLinks(scraped: ScrapedPage, site: string): string[] {
  if (!scraped.html || !scraped.response) return [];
  const host = new URL(scraped.response.url).hostname.replace(/^www\./, '');
  const seen = new Set([scraped.response.url, site]);
  const ranked: { href: string; rank: number }[] = [];
  for (const link of scraped.html.links) {
    const url = new URL(link.href);
    if (url.hostname.replace(/^www\./, '') !== host || seen.has(url.href)) continue;
    const rank = TOUR_WORDS.test(link.text) ? 0 : TOUR_WORDS.test(url.pathname.replace(/[-_/]/g, ' ')) ? 1 : -1;
    if (rank < 0) continue;
    seen.add(url.href);
    ranked.push({ href: url.href, rank });
  }
  return ranked
    .sort((a, b) => a.rank - b.rank)
    .slice(0, MAX_TOUR_PAGES)
    .map((entry) => entry.href);
}

async function sitemapLinks(deps: FinderDeps, site: string, userId: string, steps: FinderStep[]): Promise<string[]> {
  const sitemap = new URL('/sitemap.xml', site).href;
  try {
    const response = await deps.safeFetch({ url: sitemap, userId, purpose: 'crawl', accept: ['text', 'html'] });
    const locations = [...response.body.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((m) => m[1]!);
    const host = new URL(response.url).hostname;
    const found = locations
      .filter((loc) => {
        try {
          const url = new URL(loc);
          return url.hostname === host && TOUR_WORDS.test(url.pathname.replace(/[-_/]/g, ' '));
        } catch {
          return false;
        }
      })
      .slice(0, MAX_TOUR_PAGES);
    steps.push({
      kind: 'sitemap',
      label: `Sitemap: ${found.length} tour page${found.length === 1 ? '' : 's'}`,
      url: sitemap,
      ok: found.length > 0,
    });
    return found;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    steps.push({ kind: 'sitemap', label: `Sitemap: ${error.message}`, url: sitemap, ok: false });
    return [];
  }
}

// ------------------------------------------------------------------------------- Bandsintown

async function widgetDates(
  deps: FinderDeps,
  scraped: ScrapedPage,
  artistName: string,
  today: string,
  steps: FinderStep[],
): Promise<PreviewPage | null> {
  const widget = scraped.html?.widgets;
  if (widget?.songkickArtistUrl) {
    steps.push({
      kind: 'widget',
      label: 'Songkick widget (its dates are on Songkick)',
      url: widget.songkickArtistUrl,
      ok: false,
    });
  }
  if (!widget?.bandsintownArtist) return null;
  steps.push({
    kind: 'widget',
    label: `Bandsintown widget for ${widget.bandsintownArtist}`,
    url: scraped.response?.url ?? null,
    ok: true,
  });
  if (!deps.bandsintown) {
    steps.push({ kind: 'bandsintown', label: 'Bandsintown is not set up on this server', url: null, ok: false });
    return null;
  }
  let events: BitEvent[];
  try {
    events = await deps.bandsintown.upcomingEvents(widget.bandsintownArtist);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    steps.push({ kind: 'bandsintown', label: 'Bandsintown did not answer', url: null, ok: false });
    return null;
  }
  const url = `https://www.bandsintown.com/${encodeURIComponent(widget.bandsintownArtist)}`;
  steps.push({
    kind: 'bandsintown',
    label: `Bandsintown: ${events.length} event${events.length === 1 ? '' : 's'}`,
    url,
    ok: events.length > 0,
  });
  if (events.length === 0) return null;
  const rows = resolveEvents(
    events.map((event) => bitToRaw(event, artistName)),
    url,
    {
      pageDate: today,
      gazetteer: await (deps.gazetteer ?? getGazetteer)(),
    },
  );
  return { url, error: null, rows: await matchRows(deps.database.db, rows), trail: [url] };
}

function bitToRaw(event: BitEvent, artistName: string): RawEvent {
  const number = (value: string | number | undefined) => {
    const n = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
    return Number.isFinite(n) ? n : null;
  };
  return {
    source: 'bandsintown',
    id: `bandsintown:${event.id}`,
    name: null,
    performers: [event.lineup[0] ?? artistName],
    // Venue-local, without an offset: read as the venue's wall clock.
    start: event.datetime.slice(0, 16),
    venueName: event.venue.name,
    street: null,
    city: event.venue.city || null,
    region: event.venue.region || null,
    country: event.venue.country || null,
    lat: number(event.venue.latitude),
    lon: number(event.venue.longitude),
    status: null,
    ticketUrl: event.offers.find((offer) => offer.url)?.url ?? event.url ?? null,
  };
}
