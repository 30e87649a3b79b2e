import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { AppEnv } from './context.ts';

export const clientDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/client');

/**
 * The app icons keep fixed names (the web manifest, the install banner and iOS refer to them by
 * path), so they cannot be immutable; they change about never, so caches keep them a month and
 * refresh them in the background after that. A changed icon should get a new file name.
 */
const ICON_CACHE_CONTROL = 'public, max-age=2592000, stale-while-revalidate=604800';

/** A built HTML page with the Brotli and gzip copies made at build time (scripts/build-client.mjs). */
interface BuiltPage {
  html: string;
  br: Buffer | null;
  gzip: Buffer | null;
}

function readIfExists(file: string): Buffer | null {
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}

/**
 * A built HTML page, read from disk once it exists and then kept: the front end is built before
 * the server starts (npm start, the tests), and these pages answer most navigations.
 */
function builtPage(file: string): () => BuiltPage | null {
  let page: BuiltPage | null = null;
  return () => {
    if (page === null && fs.existsSync(file)) {
      page = { html: fs.readFileSync(file, 'utf8'), br: readIfExists(`${file}.br`), gzip: readIfExists(`${file}.gz`) };
    }
    return page;
  };
}

/** Sends a built page, compressed as stored when the browser takes that (no gzip per request). */
function sendPage(c: Context<AppEnv>, page: BuiltPage): Response {
  c.header('Cache-Control', 'no-cache');
  c.header('Vary', 'Accept-Encoding');
  const accepted = new Set(
    (c.req.header('Accept-Encoding') ?? '').split(',').map((encoding) => encoding.split(';')[0]?.trim()),
  );
  const stored = accepted.has('br') && page.br ? 'br' : accepted.has('gzip') && page.gzip ? 'gzip' : null;
  if (stored === null) return c.html(page.html);
  c.header('Content-Type', 'text/html; charset=UTF-8');
  c.header('Content-Encoding', stored);
  return c.body(new Uint8Array(stored === 'br' ? (page.br as Buffer) : (page.gzip as Buffer)));
}

/**
 * Serves the built front end: hashed assets cached for a year, icons for a month, everything
 * else revalidated, text files as the Brotli or gzip copies made at build time, and index.html
 * (the empty shell) for any other GET so the browser router can show the page (or its 404).
 * Public pages (`/`, tour, artist, venue, guide) are answered before this with their own head
 * (features/public-pages), from `builtShell`.
 */
export function mountStaticClient(app: Hono<AppEnv>, distDir = clientDistDir): void {
  const root = path.relative(process.cwd(), distDir) || '.';
  const shellPage = builtPage(path.join(distDir, 'index.html'));
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(
    '*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (filePath, c) => {
        const isWorker = filePath.endsWith('sw.js') || filePath.endsWith('.webmanifest');
        const isIcon = c.req.path.startsWith('/icons/');
        c.header('Cache-Control', isWorker ? 'no-cache' : isIcon ? ICON_CACHE_CONTROL : 'public, max-age=3600');
      },
    }),
  );
  app.get('*', (c) => {
    const page = shellPage();
    if (page === null) return c.text('The front end is not built yet: run `npm run build`.', 503);
    return sendPage(c, page);
  });
}

/** A document for the public pages when no front end is built (the API tests): the head is what they read. */
const BARE_SHELL =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>TourGuides</title>\n  </head>\n' +
  '  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

/** An answer a server-rendered page reads, under the browser's query key. */
export interface RenderedQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/**
 * Renders a public page's `#root` from its answers (src/client/app/server-render.tsx), or null when
 * the route is not a page (a redirect).
 */
export type PageRenderer = (url: string, queries: readonly RenderedQuery[]) => Promise<string | null>;

/**
 * The HTML the public pages start from: the built shell (`index.html`), and for a page the server
 * renders, `rendered.html` (its scripts load after the first paint); `bare` gives a plain document
 * while nothing is built. `renderer` renders the pages: by default the module the server build
 * leaves beside the server (dist/server/render-page.js), none while it is not built.
 */
export function builtShell(options: { bare?: boolean; distDir?: string; renderer?: PageRenderer | null } = {}) {
  const distDir = options.distDir ?? clientDistDir;
  const shellPage = builtPage(path.join(distDir, 'index.html'));
  const renderedPage = builtPage(path.join(distDir, 'rendered.html'));
  const renderer =
    options.renderer !== undefined
      ? () => Promise.resolve(options.renderer ?? null)
      : builtRenderer(path.join(distDir, '../server/render-page.js'));
  return {
    html(): string | null {
      return shellPage()?.html ?? (options.bare ? BARE_SHELL : null);
    },
    renderedHtml(): string | null {
      return renderedPage()?.html ?? this.html();
    },
    renderer,
  };
}

/**
 * The server renderer built beside the server bundle, imported on the first page rendered (its
 * React and the app's code are not loaded by a server that serves no page); null while not built.
 */
function builtRenderer(file: string): () => Promise<PageRenderer | null> {
  let loaded: Promise<PageRenderer> | null = null;
  return () => {
    if (loaded === null) {
      if (!fs.existsSync(file)) return Promise.resolve(null);
      loaded = import(pathToFileURL(file).href).then(
        (module: { renderPublicPage: PageRenderer }) => module.renderPublicPage,
      );
    }
    return loaded;
  };
}
