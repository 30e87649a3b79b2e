import { Hono } from 'hono';
import type { Env } from '#server/env.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { publicRevalidated } from '#server/lib/public-cache.ts';
import { type DonateResponse, parseDonateLinks } from '#shared/donate.ts';

/** The configuration changes only with a restart: a CDN may keep the answer a few minutes. */
const SHARED_CACHE_SECONDS = 300;

/** GET /api/donate: the Donate page's links and message, from the environment (validated at start). */
export function donateRoutes({ env }: { env: Pick<Env, 'DONATE_LINKS' | 'DONATE_MESSAGE' | 'SOURCE_URL'> }) {
  const body: DonateResponse = {
    links: parseDonateLinks(env.DONATE_LINKS).links,
    message: env.DONATE_MESSAGE || null,
    sourceUrl: env.SOURCE_URL ?? null,
  };
  return new Hono<AppEnv>().get('/', publicRevalidated(SHARED_CACHE_SECONDS), (c) => c.json(body));
}
