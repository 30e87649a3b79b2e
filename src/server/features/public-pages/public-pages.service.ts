import type { Database } from '#server/db/client.ts';
import { getArtistProfile } from '#server/features/artist-profile/artist-profile.service.ts';
import { getArtistTourPage, listArtists } from '#server/features/artists/artists.service.ts';
import { findGuideStop } from '#server/features/guides/guides.repo.ts';
import { type GuideDeps, getGuide, getVenueGuideParts } from '#server/features/guides/guides.service.ts';
import { listLoadingMessages } from '#server/features/guides/loading-messages.repo.ts';
import { getVenuePage } from '#server/features/venues/venues.service.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { artistSlugParamSchema } from '#shared/artists.ts';
import { formatShortDate } from '#shared/dates.ts';
import type { CityPlace } from '#shared/place-label.ts';
import { publicPaths } from '#shared/public-paths.ts';
import { titleCase } from '#shared/text.ts';
import { VENUE_UPCOMING_LIMIT, venueSlugParamSchema } from '#shared/venues.ts';
import { type EventStop, musicEvent } from './music-events.ts';
import { clip, type PageMeta } from './page-head.ts';
import { selectPreviousDates, selectVenueEvents } from './public-pages.repo.ts';

/** The pages anyone may open and search engines list (issue 25). */
export type PublicPage =
  | { kind: 'home' }
  | { kind: 'tour'; artistSlug: string }
  | { kind: 'artist'; artistSlug: string }
  | { kind: 'venue'; venueSlug: string }
  | { kind: 'guide'; artistSlug: string; stopSlug: string };

const BRAND = 'TourGuides';
/** As the shell (index.html) and the home page (use-document-title.ts) say. */
export const HOME_TITLE = 'TourGuides – Local Concert Venue Guides for Every Tour Stop';
export const HOME_DESCRIPTION =
  "Local venue and city guides for every stop on your favorite band's tour. Never miss your favorite bands on tour.";
/** JSON-LD events on one page at most (a 200-stop tour lists them all). */
const MAX_EVENTS = 200;
const GUIDE_SLUG = /^[a-z0-9-]{1,200}$/;

export interface PageContext {
  database: Database;
  /** The site's public origin, without a trailing slash. */
  publicUrl: string;
  /** The server's date (YYYY-MM-DD): what "upcoming" means in the HTML. */
  today: string;
  /**
   * One request's reads, shared by the page's head and its rendered answers (`readOnce`): a tour
   * page's 200 stops are read once, not twice (issue 25). Without it each asks the database.
   */
  reads?: Map<string, Promise<unknown>>;
}

/** `read()` once per key for the request the context belongs to. */
function readOnce<T>(context: PageContext, key: string, read: () => Promise<T>): Promise<T> {
  const kept = context.reads?.get(key) as Promise<T> | undefined;
  if (kept) return kept;
  const reading = read();
  context.reads?.set(key, reading);
  return reading;
}

const tourPageOf = (context: PageContext, slug: string) =>
  readOnce(context, `tour ${slug}`, () => getArtistTourPage(context.database, slug, context.today, null));
const artistProfileOf = (context: PageContext, slug: string) =>
  readOnce(context, `artist ${slug}`, () => getArtistProfile(context.database, slug, context.today, null));
const venuePageOf = (context: PageContext, slug: string) =>
  readOnce(context, `venue ${slug}`, () => getVenuePage(context.database, slug, context.today, null));

export interface PageHeadAnswer {
  status: 200 | 404;
  meta: PageMeta;
}

/** Which public page a path is, or null for every other route (the app's shell as it is). */
export function publicPageOf(pathname: string): PublicPage | null {
  if (pathname === '/') return { kind: 'home' };
  const parts = pathname.split('/').slice(1);
  const [first, second, third, ...rest] = parts.map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return '';
    }
  });
  if (rest.length > 0 || !second) return null;
  if (third === undefined) {
    if (first === 'tour') return { kind: 'tour', artistSlug: second };
    if (first === 'artist') return { kind: 'artist', artistSlug: second };
    if (first === 'venue') return { kind: 'venue', venueSlug: second };
    return null;
  }
  if (first === 'guide' && third) return { kind: 'guide', artistSlug: second, stopSlug: third };
  return null;
}

/** The path of a public page, as `paths.ts` builds it on the client. */
export function pathOf(page: PublicPage): string {
  switch (page.kind) {
    case 'home':
      return '/';
    case 'tour':
      return publicPaths.tour(page.artistSlug);
    case 'artist':
      return publicPaths.artist(page.artistSlug);
    case 'venue':
      return publicPaths.venue(page.venueSlug);
    case 'guide':
      return publicPaths.guide(page.artistSlug, page.stopSlug);
  }
}

export async function getPageHead(context: PageContext, page: PublicPage): Promise<PageHeadAnswer> {
  try {
    switch (page.kind) {
      case 'home':
        return { status: 200, meta: homeMeta(context) };
      case 'tour':
        return { status: 200, meta: await tourMeta(context, page.artistSlug) };
      case 'artist':
        return { status: 200, meta: await artistMeta(context, page.artistSlug) };
      case 'venue':
        return { status: 200, meta: await venueMeta(context, page.venueSlug) };
      case 'guide':
        return { status: 200, meta: await guideMeta(context, page.artistSlug, page.stopSlug) };
    }
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      return { status: 404, meta: notFoundMeta(context, page) };
    throw error;
  }
}

function absolute(context: PageContext, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${context.publicUrl}/`).href;
}

/**
 * A public page's absolute URL (a `publicPaths` path: URL-safe slugs), joined as the sitemaps join
 * them: no URL parse for each of a tour's 200 events.
 */
function pageUrl(context: PageContext, path: string): string {
  return `${context.publicUrl}${path}`;
}

/** The page's picture when it has one (a large card), else the app icon (a small one). */
function picture(context: PageContext, imageUrl: string | null): Pick<PageMeta, 'image' | 'card'> {
  return imageUrl
    ? { image: absolute(context, imageUrl), card: 'summary_large_image' }
    : { image: absolute(context, '/icons/icon-512.png'), card: 'summary' };
}

function homeMeta(context: PageContext): PageMeta {
  return {
    title: HOME_TITLE,
    description: HOME_DESCRIPTION,
    canonical: absolute(context, '/'),
    ...picture(context, null),
    ogType: 'website',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: BRAND,
        url: absolute(context, '/'),
        description: HOME_DESCRIPTION,
      },
    ],
    noindex: false,
  };
}

const NOT_FOUND_THING: Record<PublicPage['kind'], string> = {
  home: 'Page',
  tour: 'Artist',
  artist: 'Artist',
  venue: 'Venue',
  guide: 'Guide',
};

function notFoundMeta(context: PageContext, page: PublicPage): PageMeta {
  const thing = NOT_FOUND_THING[page.kind];
  return {
    title: `${thing} not found | ${BRAND}`,
    description: `This ${thing.toLowerCase()} is not on ${BRAND}. Search bands and browse every tour's dates and local guides.`,
    canonical: null,
    ...picture(context, null),
    ogType: 'website',
    jsonLd: [],
    noindex: true,
  };
}

/** 'Apr 2, 2027' or 'Apr 2, 2027 – Jun 1, 2027'. */
function dateRange(first: string, last: string): string {
  return first === last ? formatShortDate(first) : `${formatShortDate(first)} – ${formatShortDate(last)}`;
}

function placeOf(stop: CityPlace): string {
  return [stop.city, stop.region ?? (stop.country === 'US' ? null : stop.country)].filter(Boolean).join(', ');
}

/** Cities in order of the first show there, at most `max`, with "and N more". */
function cityList(cities: string[], max = 4): string {
  const unique = [...new Set(cities)];
  const shown = unique.slice(0, max).join(', ');
  return unique.length > max ? `${shown} and ${unique.length - max} more` : shown;
}

async function withPreviousDates(
  context: PageContext,
  stops: (Omit<EventStop, 'previousDate'> & { stopId: string })[],
): Promise<object[]> {
  const moved = stops.filter((stop) => stop.status === 'rescheduled').map((stop) => stop.stopId);
  const previous = await selectPreviousDates(context.database, moved);
  return stops.map(({ stopId, ...stop }) => musicEvent({ ...stop, previousDate: previous.get(stopId) ?? null }));
}

async function tourMeta(context: PageContext, rawSlug: string): Promise<PageMeta> {
  const slug = validSlug(rawSlug, artistSlugParamSchema, 'Artist');
  const page = await tourPageOf(context, slug);
  const { artist } = page;
  const upcoming = page.tours
    .flatMap((tour) => tour.stops.filter((stop) => stop.isUpcoming).map((stop) => ({ tour, stop })))
    .sort((a, b) => a.stop.date.localeCompare(b.stop.date));
  const playing = upcoming.filter(({ stop }) => stop.status !== 'cancelled');
  const first = playing[0]?.stop;
  const last = playing.at(-1)?.stop;
  const description =
    first && last
      ? `${artist.name} tour dates: ${playing.length} upcoming ${playing.length === 1 ? 'show' : 'shows'}, ` +
        `${dateRange(first.date, last.date)}, in ${cityList(playing.map(({ stop }) => stop.city))}. ` +
        'Tickets and a local guide for every stop.'
      : `${artist.name} tour dates: no upcoming shows right now. Past tours, and follow ${artist.name} to hear of new dates.`;
  const image = artist.imageUrl ? absolute(context, artist.imageUrl) : null;
  const jsonLd = await withPreviousDates(
    context,
    upcoming.slice(0, MAX_EVENTS).map(({ tour, stop }) => ({
      stopId: stop.id,
      artistName: artist.name,
      guideUrl: pageUrl(context, publicPaths.guide(artist.slug, stop.slug)),
      venueName: stop.venueName,
      address: null,
      city: stop.city,
      region: stop.region,
      country: stop.country,
      date: stop.date,
      time: stop.time,
      timeZone: stop.timeZone,
      status: stop.status,
      ticketUrl: stop.ticketUrl,
      image,
      tourName: tour.name,
    })),
  );
  return {
    title: `${artist.name} Tour Dates | ${BRAND}`,
    description: clip(description),
    canonical: pageUrl(context, publicPaths.tour(artist.slug)),
    ...picture(context, artist.imageUrl),
    ogType: 'website',
    jsonLd,
    noindex: false,
  };
}

async function artistMeta(context: PageContext, rawSlug: string): Promise<PageMeta> {
  const slug = validSlug(rawSlug, artistSlugParamSchema, 'Artist');
  const profile = await artistProfileOf(context, slug);
  const { artist, nextShows, upcomingShowCount } = profile;
  const next = nextShows[0];
  const genres = artist.genres.length > 0 ? ` ${artist.genres.slice(0, 3).join(', ')}.` : '';
  const description = next
    ? `${artist.name}: ${upcomingShowCount} upcoming ${upcomingShowCount === 1 ? 'show' : 'shows'}, next on ` +
      `${formatShortDate(next.date)} at ${next.venueName}, ${placeOf(next)}.${genres} Follow for new tour dates.`
    : `${artist.name} on ${BRAND}: tours, past shows and news of new dates.${genres}`;
  const sameAs = [profile.links.musicBrainz, profile.links.official].filter((link): link is string => Boolean(link));
  const group: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'MusicGroup',
    name: artist.name,
    url: pageUrl(context, publicPaths.artist(artist.slug)),
  };
  if (artist.genres.length > 0) group.genre = artist.genres;
  if (artist.imageUrl) group.image = absolute(context, artist.imageUrl);
  if (sameAs.length > 0) group.sameAs = sameAs;
  return {
    title: `${artist.name} | ${BRAND}`,
    description: clip(description),
    canonical: pageUrl(context, publicPaths.artist(artist.slug)),
    ...picture(context, artist.imageUrl),
    ogType: 'profile',
    jsonLd: [group],
    noindex: false,
  };
}

async function venueMeta(context: PageContext, rawSlug: string): Promise<PageMeta> {
  const slug = validSlug(rawSlug, venueSlugParamSchema, 'Venue');
  const page = await venuePageOf(context, slug);
  const { venue } = page;
  const events = await selectVenueEvents(context.database, venue.slug, context.today, VENUE_UPCOMING_LIMIT);
  const playing = events.filter((event) => event.status !== 'cancelled');
  const where = placeOf(venue);
  const description =
    playing.length > 0
      ? `${venue.name}, ${where}: ${playing.length} upcoming ${playing.length === 1 ? 'concert' : 'concerts'}` +
        ` (${dateRange(playing[0]!.date, playing.at(-1)!.date)}), ${cityList(
          playing.map((event) => titleCase(event.artistName)),
          3,
        )}. ` +
        'Directions, food and places to stay nearby.'
      : `${venue.name}, ${where}: concerts, directions, food and places to stay nearby.`;
  const jsonLd = await withPreviousDates(
    context,
    events.slice(0, MAX_EVENTS).map((event) => ({
      stopId: event.stopId,
      artistName: titleCase(event.artistName),
      guideUrl: pageUrl(context, publicPaths.guide(event.artistSlug, event.stopSlug)),
      venueName: venue.name,
      address: venue.address,
      city: venue.city,
      region: venue.region,
      country: venue.country,
      date: event.date,
      time: event.time,
      timeZone: venue.timeZone,
      status: event.status,
      ticketUrl: event.ticketUrl,
      image: event.imageUrl ? absolute(context, event.imageUrl) : null,
      tourName: event.tourName,
    })),
  );
  return {
    title: `${venue.name} | ${BRAND}`,
    description: clip(description),
    canonical: pageUrl(context, publicPaths.venue(venue.slug)),
    ...picture(context, null),
    ogType: 'place',
    jsonLd,
    noindex: false,
  };
}

async function guideMeta(context: PageContext, artistSlug: string, stopSlug: string): Promise<PageMeta> {
  if (!GUIDE_SLUG.test(artistSlug) || !GUIDE_SLUG.test(stopSlug)) throw notFound('Guide');
  const stop = await findGuideStop(context.database, artistSlug, stopSlug, null);
  if (!stop) throw notFound('Guide');
  const when = formatShortDate(stop.date);
  const cancelled = stop.status === 'cancelled' ? ' (cancelled)' : '';
  const description =
    `${stop.artistName} at ${stop.venueName}, ${placeOf(stop)} on ${when}${cancelled}: ` +
    'your local guide to the venue and the city: getting there, food, places to stay, the weather and the night.';
  const jsonLd =
    stop.date >= context.today
      ? await withPreviousDates(context, [
          {
            stopId: stop.stopId,
            artistName: stop.artistName,
            guideUrl: pageUrl(context, publicPaths.guide(stop.artistSlug, stop.stopSlug)),
            venueName: stop.venueName,
            address: stop.address,
            city: stop.city,
            region: stop.region,
            country: stop.country,
            date: stop.date,
            time: stop.time,
            timeZone: stop.timeZone,
            status: stop.status,
            ticketUrl: stop.ticketUrl,
            image: null,
            tourName: stop.tourName,
          },
        ])
      : [];
  return {
    title: `${stop.artistName} in ${stop.city} | ${BRAND}`,
    description: clip(description),
    canonical: pageUrl(context, publicPaths.guide(stop.artistSlug, stop.stopSlug)),
    ...picture(context, null),
    ogType: 'article',
    jsonLd,
    noindex: false,
  };
}

/** A slug that could never exist is an unknown page to the visitor, as the API answers it. */
function validSlug(slug: string, schema: { safeParse(value: unknown): { success: boolean } }, thing: string): string {
  if (!schema.safeParse({ slug }).success) throw notFound(thing);
  return slug;
}

/** One answer a server-rendered page reads, under the browser's query key (its `queryOptions`). */
export interface PageQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/**
 * Who the server renders a guide for: one requester for the story quota, so crawlers opening every
 * guide cannot have a story written for each (a visitor's own requests count as theirs).
 */
const SERVER_RENDER_REQUESTER = 'server-render';

/** The answer as the API sends it (dates as strings, no undefined): what the browser's cache holds. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * The answers a server-rendered page starts with (issue 25 item 1), read as a visitor through the
 * same services as the API, in the API's JSON shape, under the keys of the browser's queries
 * (features/*\/api on the client): rendered into the HTML and embedded for hydration, so the
 * browser does not fetch them again. Null when the page is not found (the shell and a 404).
 */
export async function getPageQueries(
  context: PageContext & { guides: GuideDeps },
  page: PublicPage,
): Promise<PageQuery[] | null> {
  try {
    return await pageQueries(context, page);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

async function pageQueries(context: PageContext & { guides: GuideDeps }, page: PublicPage): Promise<PageQuery[]> {
  const { database, today } = context;
  switch (page.kind) {
    case 'home': {
      // artistsQueryOptions: the list's first page, artists with upcoming dates.
      const list = await listArtists(database, { page: 1, today, includeWithoutUpcoming: false });
      return [{ queryKey: ['artists', 'list', { page: 1, includeAll: false }], data: asJson(list) }];
    }
    case 'tour': {
      const slug = validSlug(page.artistSlug, artistSlugParamSchema, 'Artist');
      const { personal: _personal, ...tour } = await tourPageOf(context, slug);
      return [{ queryKey: ['artists', 'tour', page.artistSlug], data: asJson(tour) }];
    }
    case 'artist': {
      const slug = validSlug(page.artistSlug, artistSlugParamSchema, 'Artist');
      const { personal: _personal, ...profile } = await artistProfileOf(context, slug);
      return [{ queryKey: ['artist-profile', page.artistSlug], data: asJson(profile) }];
    }
    case 'venue': {
      const slug = validSlug(page.venueSlug, venueSlugParamSchema, 'Venue');
      const { personal: _personal, ...venue } = await venuePageOf(context, slug);
      const parts = await getVenueGuideParts(context.guides, slug);
      return [
        { queryKey: ['venues', page.venueSlug], data: asJson(venue) },
        { queryKey: ['guides', 'venue', page.venueSlug], data: asJson(parts) },
      ];
    }
    case 'guide': {
      if (!GUIDE_SLUG.test(page.artistSlug) || !GUIDE_SLUG.test(page.stopSlug)) throw notFound('Guide');
      const guide = await getGuide(context.guides, {
        artistSlug: page.artistSlug,
        stopSlug: page.stopSlug,
        userId: null,
        requester: SERVER_RENDER_REQUESTER,
      });
      const answers: PageQuery[] = [{ queryKey: ['guides', page.artistSlug, page.stopSlug], data: asJson(guide) }];
      if (!guide.building) return answers;
      // A guide being built shows one of the admin's loading messages (useLoadingMessages), not the defaults.
      const messages = await listLoadingMessages(database, true);
      return [
        ...answers,
        { queryKey: ['guides', 'loading-messages'], data: { messages: messages.map((m) => m.text) } },
      ];
    }
  }
}
