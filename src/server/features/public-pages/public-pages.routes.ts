import type { Context, Next } from 'hono';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { Database } from '#server/db/client.ts';
import { KeptAnswers, KeptText, sendKept } from '#server/features/catalog/kept-answers.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { publicRevalidated } from '#server/lib/public-cache.ts';
import type { PageRenderer } from '#server/lib/static-files.ts';
import { publicPaths } from '#shared/public-paths.ts';
import { injectHead, injectRenderedPage } from './page-head.ts';
import {
  countSitemapRows,
  selectSitemapArtists,
  selectSitemapGuides,
  selectSitemapVenues,
} from './public-pages.repo.ts';
import {
  getPageHead,
  getPageQueries,
  type PageContext,
  type PublicPage,
  pathOf,
  publicPageOf,
} from './public-pages.service.ts';
import {
  parseSitemapFile,
  robotsTxt,
  rowsPerFile,
  type SitemapKind,
  sitemapFiles,
  sitemapIndexXml,
  urlSetXml,
} from './sitemap.ts';

/** The HTML every page starts from, and the server renderer of the public pages (ADR 0043). */
export interface PageShell {
  /** The app's shell; null until the front end is built. */
  html(): string | null;
  /** The shell of a server-rendered page (its scripts load after the first paint, early taps are replayed). */
  renderedHtml(): string | null;
  /** Renders a page's `#root`; null when there is none (API tests, the renderer not built). */
  renderer(): Promise<PageRenderer | null>;
}

/** Shared caches may keep robots.txt and a sitemap this long (browsers revalidate every time). */
const SHARED_CACHE_SECONDS = 60;

interface Caches {
  pages: KeptAnswers;
  sitemaps: KeptAnswers;
}

const cachesByDatabase = new WeakMap<Database, Caches>();

/** One set per database: test servers in one process each have their own catalog. */
function cachesOf({ database, catalogChanges }: Pick<AppDeps, 'database' | 'catalogChanges'>): Caches {
  let caches = cachesByDatabase.get(database);
  if (!caches) {
    caches = {
      // A page per path and day, rebuilt on a catalog change (10 s at most behind another process's write).
      pages: new KeptAnswers(catalogChanges, { ttlMs: 10_000, maxEntries: 2_000 }),
      // Sitemaps are read by crawlers now and then; a file of 50,000 guides takes a while to read.
      sitemaps: new KeptAnswers(catalogChanges, { ttlMs: 10 * 60_000, maxEntries: 200 }),
    };
    cachesByDatabase.set(database, caches);
  }
  return caches;
}

/** The server's calendar date: what "upcoming" means in a page's head and structured data. */
const serverToday = () => new Date().toISOString().slice(0, 10);

/**
 * What search engines and link previews read (issue 25 item 4): each public page's own head
 * (title, description, canonical URL, Open Graph and Twitter cards, schema.org JSON-LD) written
 * into the app's shell, `/robots.txt`, and `/sitemap.xml` with its paged sitemaps. Every answer
 * depends on the catalog only: kept until it changes, ETag/304 like the API's public reads.
 */
export function publicPagesRoutes(
  { database, env, catalogChanges, queue }: Pick<AppDeps, 'database' | 'env' | 'catalogChanges' | 'queue'>,
  shell: PageShell,
) {
  const caches = cachesOf({ database, catalogChanges });
  const context = (): PageContext => ({ database, publicUrl: env.publicUrl, today: serverToday() });
  // As the guides' routes build them: the guide pages' parts are read (and queued) as the API does.
  const guides = { database, queue, mapTilesUrl: env.MAP_TILES_URL, llmConfigured: Boolean(env.LLM_BASE_URL) };

  /** The page rendered on the server with the answers it read, in its shell; null when not rendered. */
  const renderedPage = async (page: PublicPage, pageContext: PageContext, meta: Parameters<typeof injectHead>[1]) => {
    const [render, template] = [await shell.renderer(), shell.renderedHtml()];
    if (!render || template === null) return null;
    const queries = await getPageQueries({ ...pageContext, guides }, page);
    if (!queries) return null;
    const html = await render(`${env.publicUrl}${pathOf(page)}`, queries);
    return html === null ? null : injectRenderedPage(injectHead(template, meta), html, queries);
  };
  const revalidated = publicRevalidated(SHARED_CACHE_SECONDS);
  const conditional = etag({ weak: true });

  const sendPage = async (c: Context<AppEnv>, next: Next) => {
    const page = publicPageOf(c.req.path);
    if (!page) return next();
    // `/?page=3` is the home page further down its list: the shell, with the home page's head and
    // canonical URL. The other pages draw nothing from their query (a shared link's `?utm_…`).
    const rendered = page.kind !== 'home' || !c.req.url.includes('?');
    const template = shell.html();
    if (template === null) return c.text('The front end is not built yet: run `npm run build`.', 503);
    const today = serverToday();
    const kept = await caches.pages.get(`${pathOf(page)}|${rendered ? 'rendered' : 'shell'}|${today}`, async () => {
      // The head and the rendered page read the same answers: once (`reads`).
      const pageContext: PageContext = { ...context(), today, reads: new Map() };
      const { status, meta } = await getPageHead(pageContext, page);
      const html = status === 200 && rendered ? await renderedPage(page, pageContext, meta) : null;
      return new KeptText(html ?? injectHead(template, meta), status);
    });
    // Revalidated on every visit (a 304 while the catalog is unchanged) and kept by no shared cache:
    // the HTML names the build's hashed scripts, which a deploy replaces.
    c.header('Cache-Control', 'no-cache');
    return sendKept(c, kept, 'text/html; charset=UTF-8', { brotli: true });
  };

  const sitemapFile = async (kind: SitemapKind, page: number): Promise<KeptText> => {
    const { publicUrl } = env;
    const perFile = rowsPerFile(kind);
    const offset = (page - 1) * perFile;
    if (kind === 'pages') {
      const artists = await selectSitemapArtists(database, offset, perFile);
      const urls = artists.flatMap(({ slug, lastmod }) => [
        { loc: `${publicUrl}${publicPaths.tour(slug)}`, lastmod },
        { loc: `${publicUrl}${publicPaths.artist(slug)}`, lastmod },
      ]);
      return new KeptText(urlSetXml(page === 1 ? [{ loc: `${publicUrl}/`, lastmod: null }, ...urls] : urls));
    }
    if (kind === 'venues') {
      const venues = await selectSitemapVenues(database, offset, perFile);
      return new KeptText(
        urlSetXml(venues.map(({ slug, lastmod }) => ({ loc: `${publicUrl}${publicPaths.venue(slug)}`, lastmod }))),
      );
    }
    const guides = await selectSitemapGuides(database, offset, perFile);
    return new KeptText(
      urlSetXml(
        guides.map(({ artistSlug, stopSlug, lastmod }) => ({
          loc: `${publicUrl}${publicPaths.guide(artistSlug, stopSlug)}`,
          lastmod,
        })),
      ),
    );
  };

  /** The files the index names, kept with the sitemaps (three counts over the catalog). */
  const listedFiles = async (): Promise<string[]> => {
    const kept = await caches.sitemaps.get('files', async () => {
      return new KeptText(JSON.stringify(sitemapFiles(await countSitemapRows(database))));
    });
    return JSON.parse(kept.body) as string[];
  };

  const xml = 'application/xml; charset=UTF-8';
  return new Hono<AppEnv>()
    .get('/robots.txt', revalidated, (c) => {
      c.header('Content-Type', 'text/plain; charset=UTF-8');
      return c.body(robotsTxt(env.publicUrl));
    })
    .get('/sitemap.xml', revalidated, async (c) => {
      const kept = await caches.sitemaps.get('index', async () => {
        const files = await listedFiles();
        return new KeptText(sitemapIndexXml(files.map((file) => `${env.publicUrl}/sitemaps/${file}`)));
      });
      return sendKept(c, kept, xml, { brotli: true });
    })
    .get('/sitemaps/:file', revalidated, async (c) => {
      const file = c.req.param('file');
      const parsed = parseSitemapFile(file);
      const listed = parsed && (await listedFiles()).includes(file);
      if (!parsed || !listed) return c.text('No such sitemap.', 404);
      const kept = await caches.sitemaps.get(file, () => sitemapFile(parsed.kind, parsed.page));
      return sendKept(c, kept, xml, { brotli: true });
    })
    .get('/', conditional, sendPage)
    .get('/tour/:artistSlug', conditional, sendPage)
    .get('/artist/:artistSlug', conditional, sendPage)
    .get('/venue/:venueSlug', conditional, sendPage)
    .get('/guide/:artistSlug/:stopSlug', conditional, sendPage);
}
