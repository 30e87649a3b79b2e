import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { Logger } from '#server/lib/logger.ts';
import { databaseCallRecorder } from './http.ts';
import { createJamBaseClient, type JamBaseClient } from './jambase/jambase.client.ts';
import { createMusicBrainzClient, type MusicBrainzClient } from './musicbrainz/musicbrainz.client.ts';
import { createSetlistFmClient, type SetlistFmClient } from './setlistfm/setlistfm.client.ts';

export interface Providers {
  musicBrainz: MusicBrainzClient;
  /** Null when JAMBASE_API_KEY is not set: there is no tour-date source. */
  jamBase: JamBaseClient | null;
  /** Null when SETLISTFM_API_KEY is not set: only fans' own setlists. */
  setlistFm: SetlistFmClient | null;
}

/**
 * The provider clients, configured from the environment (base URLs point tests at the fakes).
 * Built once, by the composition root (src/server/background.ts).
 */
export function createProviders({
  env,
  database,
  logger,
}: {
  env: Env;
  database: Database;
  logger: Logger;
}): Providers {
  const record = databaseCallRecorder(database, logger);
  const timeoutMs = env.PROVIDER_TIMEOUT_MS;
  return {
    musicBrainz: createMusicBrainzClient({
      baseUrl: env.MUSICBRAINZ_URL,
      contactUrl: env.publicUrl,
      database,
      timeoutMs,
      record,
    }),
    jamBase: env.JAMBASE_API_KEY
      ? createJamBaseClient({ baseUrl: env.JAMBASE_URL, apiKey: env.JAMBASE_API_KEY, timeoutMs, record })
      : null,
    setlistFm: env.SETLISTFM_API_KEY
      ? createSetlistFmClient({
          baseUrl: env.SETLISTFM_URL,
          apiKey: env.SETLISTFM_API_KEY,
          dailyQuota: env.SETLISTFM_DAILY_QUOTA,
          database,
          timeoutMs,
          record,
        })
      : null,
  };
}
