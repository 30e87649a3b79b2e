import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import type { ErrorBody } from '#shared/errors.ts';
import { createAuth } from './auth/auth.ts';
import { mountAuth } from './auth/mount.ts';
import { accountRoutes, meRoutes } from './features/account/account.routes.ts';
import { addShowRoutes } from './features/add-show/add-show.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { artistCurationRoutes } from './features/admin/artist-curation.routes.ts';
import { artistProfileRoutes } from './features/artist-profile/artist-profile.routes.ts';
import { artistsRoutes } from './features/artists/artists.routes.ts';
import { calendarRoutes } from './features/calendar/calendar.routes.ts';
import { catalogRequestsRoutes } from './features/catalog-requests/catalog-requests.routes.ts';
import { donateRoutes } from './features/donate/donate.routes.ts';
import { favoritesRoutes } from './features/favorites/favorites.routes.ts';
import { genreBackfillRoutes } from './features/genre-backfill/genre-backfill.routes.ts';
import {
  guidesRoutes,
  llmUsageAdminRoutes,
  loadingMessagesAdminRoutes,
  tipsAdminRoutes,
} from './features/guides/guides.routes.ts';
import { historicalImportRoutes } from './features/historical-import/historical-import.routes.ts';
import { historyRoutes } from './features/history/history.routes.ts';
import { HISTORY_IMPORT_UPLOAD_PATHS, historyImportRoutes } from './features/history-import/history-import.routes.ts';
import { imageTestingRoutes } from './features/image-testing/image-testing.routes.ts';
import { filesRoutes, imagesRoutes } from './features/images/images.routes.ts';
import {
  adminSpotifyImportRoutes,
  LISTENING_UPLOAD_PATH,
  spotifyExportRoutes,
} from './features/listening-import/listening-import.routes.ts';
import { musicServicesRoutes } from './features/music-services/music-services.routes.ts';
import { musicSyncRoutes, spotifyCallbackRoutes } from './features/music-services/music-services.sync.routes.ts';
import { nearRoutes } from './features/near/near.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { placesRoutes } from './features/places/places.routes.ts';
import { trackedPlacesRoutes } from './features/places/tracked-places.routes.ts';
import { publicPagesRoutes } from './features/public-pages/public-pages.routes.ts';
import { pushRoutes } from './features/push/push.routes.ts';
import { publicEventsRoutes } from './features/realtime/public-events.routes.ts';
import { userEventsRoutes } from './features/realtime/realtime.routes.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { setlistsRoutes } from './features/setlists/setlists.routes.ts';
import { showDetailRoutes } from './features/shows/show-detail.routes.ts';
import { isPhotoUpload, showPhotosRoutes } from './features/shows/show-photos.routes.ts';
import { showsRoutes } from './features/shows/shows.routes.ts';
import { statsRoutes } from './features/stats/stats.routes.ts';
import { tourScraperRoutes } from './features/tour-scraper/tour-scraper.routes.ts';
import { tourWebRoutes } from './features/tour-web/tour-web.routes.ts';
import { sharedTripRoutes, tripsRoutes } from './features/trips/trips.routes.ts';
import { venuesRoutes } from './features/venues/venues.routes.ts';
import { AppError } from './lib/app-error.ts';
import type { AppDeps, AppEnv } from './lib/context.ts';
import { handleError } from './lib/error-handler.ts';
import { redactSecretsInPath } from './lib/log-redaction.ts';
import { builtShell, mountStaticClient, type PageRenderer } from './lib/static-files.ts';

const MAX_BODY_BYTES = 1024 * 1024;

export interface CreateAppOptions {
  /** Serve the built front end (off in API tests). */
  serveClient?: boolean;
  /**
   * Renders the public pages on the server (ADR 0043). Default: the built renderer beside the
   * server bundle when serving the front end, none otherwise (API tests pass the source module's).
   */
  pageRenderer?: PageRenderer | null;
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    const log = deps.logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    log.info(
      {
        method: c.req.method,
        path: redactSecretsInPath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });

  // gzip for text answers (the entry script shrinks ~3×); event streams are never compressed.
  app.use(compress());

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and the toast library set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      xContentTypeOptions: 'nosniff',
      // A year, as HSTS preload lists and scanners expect (Hono's default is 180 days).
      strictTransportSecurity: 'max-age=31536000; includeSubDomains',
      crossOriginEmbedderPolicy: false,
    }),
  );

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MB.');
    },
  });
  // GET and HEAD have no body; asking for one makes the node adapter build a full Request
  // (an AbortController and a header copy): ~10% of a cached list request's CPU in the profile.
  // Routes with a larger limit of their own: show photo uploads (show-photos.routes.ts) and the
  // shows import, which takes a whole export file.
  const ownLimit = new Set(['/api/account/import', ...HISTORY_IMPORT_UPLOAD_PATHS]);
  const ownLimitPatterns = [
    // Admin historical imports and image uploads take up to 10 MB (their routers limit them).
    /^\/api\/admin\/(historical-import|image-testing)\//,
    // Spotify export files stream through a counter with its own 200 MB limit (listening-import).
    LISTENING_UPLOAD_PATH,
  ];
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' ||
    c.req.method === 'HEAD' ||
    isPhotoUpload(c.req.method, c.req.path) ||
    ownLimit.has(c.req.path) ||
    ownLimitPatterns.some((pattern) => pattern.test(c.req.path))
      ? next()
      : limitBody(c, next),
  );

  app.get('/healthz', async (c) => {
    if (deps.lifecycle?.draining) return c.json({ status: 'draining' }, 503);
    await deps.database.query('select 1');
    return c.json({ status: 'ok', database: deps.database.kind });
  });

  // Before every API route: sessions on the context, CSRF refusal, Better Auth at /api/auth/*.
  mountAuth(app, createAuth(deps), deps.env);
  app.route('/api/me', meRoutes(deps));
  app.route('/api/account', accountRoutes(deps));
  app.route('/api/admin', adminRoutes(deps));
  app.route('/api/admin/catalog', artistCurationRoutes(deps));
  app.route('/api/admin/catalog-requests', catalogRequestsRoutes(deps));
  app.route('/api/admin/genre-backfill', genreBackfillRoutes(deps));
  app.route('/api/admin/historical-import', historicalImportRoutes(deps));
  app.route('/api/admin/image-testing', imageTestingRoutes(deps));
  app.route('/api/admin/spotify-import', adminSpotifyImportRoutes(deps));
  app.route('/api/artists', artistsRoutes(deps));
  app.route('/api/search', searchRoutes(deps));
  app.route('/api/images', imagesRoutes(deps));
  app.route('/api/events', publicEventsRoutes(deps));
  app.route('/api/events', userEventsRoutes(deps));
  app.route('/api/venues', venuesRoutes(deps));
  app.route('/api/near', nearRoutes(deps));
  app.route('/api/guides', guidesRoutes(deps));
  app.route('/api/admin/loading-messages', loadingMessagesAdminRoutes(deps));
  app.route('/api/admin/tips', tipsAdminRoutes(deps));
  app.route('/api/admin/llm-usage', llmUsageAdminRoutes(deps));
  app.route('/api/places', placesRoutes());
  app.route('/api/tracked-places', trackedPlacesRoutes(deps));
  app.route('/api/artist-profile', artistProfileRoutes(deps));
  app.route('/api/favorites', favoritesRoutes(deps));
  app.route('/api/notifications', notificationsRoutes(deps));
  app.route('/api/push', pushRoutes(deps));
  app.route('/api/music-services/export', spotifyExportRoutes(deps));
  app.route('/api/music-services', musicServicesRoutes(deps));
  app.route('/api/music-services', musicSyncRoutes(deps));
  app.route('/api/spotify', spotifyCallbackRoutes(deps));
  app.route('/api/shows', showsRoutes(deps));
  app.route('/api/add-show', addShowRoutes(deps));
  // Show detail and photos: their paths take only UUIDs, so other /api/shows routes are not shadowed.
  app.route('/api/shows', showPhotosRoutes(deps));
  app.route('/api/shows', showDetailRoutes(deps));
  app.route('/api/calendar', calendarRoutes(deps));
  app.route('/api/donate', donateRoutes(deps));
  app.route('/api/tour-scraper', tourScraperRoutes(deps));
  app.route('/api/tour-web', tourWebRoutes(deps));
  // The shared (signed-out) view first: every other /api/trips route needs a session.
  app.route('/api/trips/shared', sharedTripRoutes(deps));
  app.route('/api/trips', tripsRoutes(deps));
  app.route('/api/history', historyRoutes(deps));
  app.route('/api/stats', statsRoutes(deps));
  app.route('/api/setlists', setlistsRoutes(deps));
  app.route('/api/history-imports', historyImportRoutes(deps));
  app.route('/files', filesRoutes(deps));

  app.all('/api/*', (c) => {
    const body: ErrorBody = { error: { code: 'NOT_FOUND', message: `No API route for ${c.req.method} ${c.req.path}` } };
    return c.json(body, 404);
  });

  // Public pages with their own head, robots.txt and the sitemaps; without the built front end (API
  // tests) the pages are a bare document with the same head.
  const renderer = options.pageRenderer !== undefined ? options.pageRenderer : options.serveClient ? undefined : null;
  const shell = builtShell({ bare: !options.serveClient, renderer });
  app.route('/', publicPagesRoutes(deps, shell));
  // The page renderer (~4 MB with React and the app) loads a second after start rather than on the
  // first visitor's page, which would otherwise wait for it.
  if (options.serveClient) setTimeout(() => void shell.renderer().catch(() => {}), 1000).unref();
  if (options.serveClient) mountStaticClient(app);

  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
