import type { UserShowState } from '#shared/shows-api.ts';
import { getShowStates } from './api/shows-api.ts';

/** The server's cap per request (SHOW_STATES_MAX_IDS, kept here so zod stays out of public pages). */
const MAX_IDS = 200;

interface Pending {
  resolve(state: UserShowState | null): void;
  reject(error: unknown): void;
}

/**
 * Collects the state buttons that mount together (a tour's stops, a venue's shows) and asks about
 * all of them in one GET /api/shows/states request; each stop still gets its own cache entry.
 */
let waiting = new Map<string, Pending[]>();
let flushScheduled = false;

async function flush(): Promise<void> {
  const batch = waiting;
  waiting = new Map();
  flushScheduled = false;
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += MAX_IDS) {
    const chunk = ids.slice(start, start + MAX_IDS);
    try {
      const { states } = await getShowStates(chunk);
      for (const id of chunk) for (const pending of batch.get(id) ?? []) pending.resolve(states[id] ?? null);
    } catch (error) {
      for (const id of chunk) for (const pending of batch.get(id) ?? []) pending.reject(error);
    }
  }
}

export function loadShowState(stopId: string): Promise<UserShowState | null> {
  return new Promise((resolve, reject) => {
    const list = waiting.get(stopId) ?? [];
    list.push({ resolve, reject });
    waiting.set(stopId, list);
    if (!flushScheduled) {
      flushScheduled = true;
      setTimeout(() => void flush(), 10);
    }
  });
}
