import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';

/**
 * For public catalog reads (the artist list, tour, artist and venue pages), whose answer depends
 * only on the URL. Browsers must ask again every time (`max-age=0, must-revalidate`): a fan who
 * has just synced a band or followed an artist sees the change on the next page without waiting.
 * Asking again is cheap: the ETag comes back in If-None-Match and an unchanged answer is a
 * bodiless 304. Shared caches (a CDN in front of the server) may keep the answer for
 * `sharedSeconds` (`s-maxage`), which absorbs crowds without reaching the server.
 *
 * The ETag is weak: the same JSON goes out gzipped or plain (the compress middleware, or the
 * artist list's kept gzip), and a strong ETag would promise byte-identical bodies. A handler that
 * already knows its answer's ETag (the kept artist list, ADR 0009) sets it; otherwise hono/etag
 * hashes the body.
 */
export function publicRevalidated(sharedSeconds: number): MiddlewareHandler {
  const cacheControl = `public, max-age=0, must-revalidate, s-maxage=${sharedSeconds}`;
  const conditional = etag({ weak: true });
  return (c, next) =>
    conditional(c, async () => {
      await next();
      // Errors (404 for an unknown artist) keep whatever the error handler chose.
      // A submitter's own pending artist or venue (ADR 0037) says `private`: never a shared answer.
      if (c.res.ok && !c.res.headers.get('Cache-Control')?.startsWith('private')) {
        c.res.headers.set('Cache-Control', cacheControl);
      }
    });
}
