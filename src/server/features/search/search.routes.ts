import { Hono } from 'hono';
import { clientKey } from '#server/auth/client-ip.ts';
import { PERSONAL_CACHE_CONTROL } from '#server/features/catalog/stop-visibility.ts';
import { announceTourChanges, type SyncOutcome } from '#server/features/sync/sync.service.ts';
import { noteArtistSearched } from '#server/features/sync/sync-planner.repo.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { csrfProtection } from '#server/lib/csrf.ts';
import { enforceLimit, type LimitRule } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import {
  catalogSearchQuerySchema,
  lookupIdSchema,
  lookupRequestSchema,
  suggestionsRequestSchema,
  syncRequestSchema,
} from '#shared/search-api.ts';
import { searchCatalog, suggestArtists, syncFromSearch } from './search.service.ts';
import { getLookup, startLookup } from './search-lookups.service.ts';

/**
 * Visitors may search, but each POST costs provider calls (MusicBrainz allows one a second for
 * the whole server, JamBase bills per call): a per-IP budget, counted in the database so it holds
 * across processes.
 */
export const SUGGESTIONS_LIMIT: LimitRule = { windowSeconds: 60, max: 20 };
export const SYNC_LIMIT: LimitRule = { windowSeconds: 60, max: 10 };

export function searchRoutes(deps: AppDeps) {
  const { database, env, providers } = deps;
  const limit = (c: Parameters<typeof clientKey>[0], name: string, rule: LimitRule) =>
    enforceLimit(database, `search-${name}:${clientKey(c, env.TRUST_PROXY)}`, rule);

  return new Hono<AppEnv>()
    .use(csrfProtection(env.publicUrl))
    .get('/artists', validate('query', catalogSearchQuerySchema), async (c) => {
      const viewer = c.var.user?.id ?? null;
      // A signed-in fan's answer may hold their own pending artists: theirs alone.
      if (viewer) c.header('Cache-Control', PERSONAL_CACHE_CONTROL);
      return c.json(await searchCatalog(database, c.req.valid('query').q, viewer));
    })
    .post('/suggestions', validate('json', suggestionsRequestSchema), async (c) => {
      await limit(c, 'suggestions', SUGGESTIONS_LIMIT);
      // A visitor who leaves stops the MusicBrainz call (and its wait for a slot).
      return c.json(await suggestArtists(providers, c.req.valid('json').query, c.req.raw.signal));
    })
    .post('/sync', validate('json', syncRequestSchema), async (c) => {
      await limit(c, 'sync', SYNC_LIMIT);
      const afterSync = async (outcome: SyncOutcome) => {
        // A fan's interest: the sync planner brings this artist early in the next days (ADR 0046).
        await noteArtistSearched(database.db, outcome.artistId);
        await announceTourChanges(deps.events, c.var.log, outcome);
      };
      return c.json(await syncFromSearch(deps, providers, c.req.valid('json'), afterSync));
    })
    .post('/lookups', validate('json', lookupRequestSchema), async (c) => {
      // The same provider calls as a sync: the same budget.
      await limit(c, 'sync', SYNC_LIMIT);
      return c.json(await startLookup(database, providers, deps.queue, c.req.valid('json')), 202);
    })
    .get('/lookups/:id', validate('param', lookupIdSchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await getLookup(database, c.req.valid('param').id));
    });
}
