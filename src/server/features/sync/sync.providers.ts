import type { AppDeps } from '#server/lib/context.ts';
import { databaseCallRecorder } from '#server/providers/http.ts';
import { createJamBaseClient, type JamBaseClient } from '#server/providers/jambase/jambase.client.ts';
import { createMusicBrainzClient, type MusicBrainzClient } from '#server/providers/musicbrainz/musicbrainz.client.ts';

export interface Providers {
  musicBrainz: MusicBrainzClient;
  /** Null when JAMBASE_API_KEY is not set: there is no tour-date source. */
  jamBase: JamBaseClient | null;
}

/** The provider clients, configured from the environment (base URLs point tests at the fakes). */
export function createProviders({ env, database, logger }: Pick<AppDeps, 'env' | 'database' | 'logger'>): Providers {
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
  };
}
