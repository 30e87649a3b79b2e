import type { Database } from '#server/db/client.ts';
import {
  type CallRecorder,
  DAILY_QUOTA_OPERATION,
  ProviderError,
  providerGetJson,
  takeDailyQuota,
  waitForRateSlot,
} from '../http.ts';
import { type FetchedSetlist, setlistfmDateFromIso, toFetchedSetlist } from './setlistfm.mapping.ts';
import { sfmSetlistsSchema, sfmUserSchema } from './setlistfm.schemas.ts';

export const SETLISTFM = 'setlistfm';
/** setlist.fm publishes no limit; about 2 requests a second passes, bursts get 429. */
export const SETLISTFM_INTERVAL_MS = 500;
/** 429s come without Retry-After; 2 s recovered in practice. */
const SETLISTFM_BACKOFF_MS = 2_000;
export const SETLISTFM_QUOTA_OPERATION = DAILY_QUOTA_OPERATION;

export interface SetlistFmClientOptions {
  baseUrl: string;
  apiKey: string;
  dailyQuota: number;
  database: Database;
  timeoutMs: number;
  record: CallRecorder;
}

export interface SetlistPage {
  setlists: FetchedSetlist[];
  page: number;
  total: number;
  itemsPerPage: number;
}

export type SetlistFmClient = ReturnType<typeof createSetlistFmClient>;

/**
 * Every page of a setlist.fm list (20 a page) up to `maxPages`, one after another (the client
 * paces and counts each call): the setlists in setlist.fm's order and the total it reports.
 */
export async function readPages(
  readPage: (page: number) => Promise<SetlistPage>,
  maxPages: number,
): Promise<{ setlists: FetchedSetlist[]; total: number }> {
  const setlists: FetchedSetlist[] = [];
  let total = 0;
  for (let page = 1; page <= maxPages; page++) {
    const answer = await readPage(page);
    total = Math.max(total, answer.total);
    setlists.push(...answer.setlists);
    if (answer.setlists.length === 0 || page * answer.itemsPerPage >= answer.total) break;
  }
  return { setlists, total };
}

/** True when setlist.fm refused because this key's daily quota is used up (ours or theirs). */
export function isOverQuota(error: unknown): boolean {
  return error instanceof ProviderError && error.operation === SETLISTFM_QUOTA_OPERATION;
}

export function createSetlistFmClient(options: SetlistFmClientOptions) {
  const base = options.baseUrl.replace(/\/$/, '');
  const common = {
    provider: SETLISTFM,
    headers: { 'x-api-key': options.apiKey, Accept: 'application/json', 'Accept-Language': 'en' },
    timeoutMs: options.timeoutMs,
    record: options.record,
    baseDelayMs: SETLISTFM_BACKOFF_MS,
    maxAttempts: 2,
    beforeAttempt: async () => {
      await takeDailyQuota(options.database, SETLISTFM, options.dailyQuota);
      await waitForRateSlot(options.database, SETLISTFM, SETLISTFM_INTERVAL_MS);
    },
  };

  /** A list answer; setlist.fm answers a search without results with 404, which is an empty page. */
  async function listPage(operation: string, url: URL): Promise<SetlistPage> {
    try {
      const answer = await providerGetJson({ ...common, operation, url, schema: sfmSetlistsSchema });
      return {
        setlists: answer.setlist.map(toFetchedSetlist),
        page: answer.page,
        total: answer.total,
        itemsPerPage: answer.itemsPerPage,
      };
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'not-found') {
        return { setlists: [], page: 1, total: 0, itemsPerPage: 20 };
      }
      throw error;
    }
  }

  return {
    dailyQuota: options.dailyQuota,
    /** The setlists of one artist (MBID) on one date (ISO), usually one. */
    async setlistsOn(artistMbid: string, isoDate: string): Promise<FetchedSetlist[]> {
      const url = new URL(`${base}/search/setlists`);
      url.search = new URLSearchParams({ artistMbid, date: setlistfmDateFromIso(isoDate), p: '1' }).toString();
      return (await listPage('setlist-by-date', url)).setlists;
    },

    /** An artist's setlists, newest first, 20 a page. */
    async artistSetlists(artistMbid: string, page = 1): Promise<SetlistPage> {
      const url = new URL(`${base}/artist/${encodeURIComponent(artistMbid)}/setlists`);
      url.search = new URLSearchParams({ p: String(page) }).toString();
      return listPage('artist-setlists', url);
    },

    /** Whether a setlist.fm user exists (the attended list of an unknown one is a 404 too). */
    async userExists(userId: string): Promise<boolean> {
      const url = new URL(`${base}/user/${encodeURIComponent(userId)}`);
      try {
        await providerGetJson({ ...common, operation: 'user', url, schema: sfmUserSchema });
        return true;
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'not-found') return false;
        throw error;
      }
    },

    /** The setlists of the shows a setlist.fm user attended, newest first, 20 a page. */
    async attended(userId: string, page = 1): Promise<SetlistPage> {
      const url = new URL(`${base}/user/${encodeURIComponent(userId)}/attended`);
      url.search = new URLSearchParams({ p: String(page) }).toString();
      return listPage('user-attended', url);
    },
  };
}
