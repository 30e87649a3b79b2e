import { createKeyBatcher } from '#client/lib/key-batcher.ts';
import type { UserShowState } from '#shared/shows-api.ts';
import { getShowStates } from './api/shows-api.ts';

/** The server's cap per request (SHOW_STATES_MAX_IDS, kept here so zod stays out of public pages). */
const MAX_IDS = 200;

/**
 * State buttons that mount together (a tour's stops, a venue's shows) ask about all of them in one
 * GET /api/shows/states request; each stop still gets its own cache entry.
 */
export const loadShowState = createKeyBatcher<UserShowState | null>(
  async (stopIds) => new Map(Object.entries((await getShowStates(stopIds)).states)),
  MAX_IDS,
  null,
);
