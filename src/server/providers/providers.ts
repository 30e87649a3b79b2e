import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { Logger } from '#server/lib/logger.ts';
import { type SafeFetch, safeFetchFromEnv } from '#server/lib/safe-fetch.ts';
import { type BandsintownClient, createBandsintownClient } from './bandsintown/bandsintown.client.ts';
import { databaseCallRecorder } from './http.ts';
import { createJamBaseClient, type JamBaseClient } from './jambase/jambase.client.ts';
import { createLlmClient, type LlmClient } from './llm/llm.client.ts';
import { createMusicBrainzClient, type MusicBrainzClient } from './musicbrainz/musicbrainz.client.ts';
import { createNominatimClient, type NominatimClient } from './nominatim/nominatim.client.ts';
import { createOpenMeteoClient, type OpenMeteoClient } from './open-meteo/open-meteo.client.ts';
import { createOverpassClient, type OverpassClient } from './overpass/overpass.client.ts';
import { createSetlistFmClient, type SetlistFmClient } from './setlistfm/setlistfm.client.ts';
import { createSpotifyClient, type SpotifyClient } from './spotify/spotify.client.ts';
import { createTicketmasterClient, type TicketmasterClient } from './ticketmaster/ticketmaster.client.ts';
import { resolveVapidKeys } from './web-push/vapid-keys.ts';
import { createWebPushClient, type WebPushClient } from './web-push/web-push.client.ts';
import { createWikidataClient, type WikidataClient } from './wikidata/wikidata.client.ts';
import { createWikivoyageClient, type WikivoyageClient } from './wikivoyage/wikivoyage.client.ts';

export interface Providers {
  musicBrainz: MusicBrainzClient;
  /** Null when JAMBASE_API_KEY is not set: there is no tour-date source. */
  jamBase: JamBaseClient | null;
  /** Null when TICKETMASTER_API_KEY is not set. Tour dates and ticket links; 5,000 calls a day. */
  ticketmaster: TicketmasterClient | null;
  /** Null when BANDSINTOWN_APP_ID is not set. Tour dates by artist name. */
  bandsintown: BandsintownClient | null;
  /** Null when SETLISTFM_API_KEY is not set: only fans' own setlists. */
  setlistFm: SetlistFmClient | null;
  /** Local guides' sources. */
  overpass: OverpassClient;
  wikivoyage: WikivoyageClient;
  openMeteo: OpenMeteoClient;
  /** The venue's facts (capacity, opening, photo, website) when a match is certain. */
  wikidata: WikidataClient;
  /** Points for venues the catalog has no coordinates for. */
  nominatim: NominatimClient;
  /** Language model (chat completions), recorded and budgeted; `configured` is false without LLM_BASE_URL. */
  llm: LlmClient;
  /**
   * Spotify as the app itself (the admin's playlist import): null without SPOTIFY_CLIENT_ID, and
   * `hasClientSecret` false without SPOTIFY_CLIENT_SECRET. One per process, so its app token is shared.
   */
  spotifyApp: SpotifyClient | null;
  /**
   * Fetching pages fans and admins name (tour scraper, web tour finder): one per process, so its
   * robots.txt cache and per-host pacing are shared by every caller.
   */
  safeFetch: SafeFetch;
  /** Web Push to fans' devices, signed with the server's VAPID keys (env or DATA_DIR). */
  webPush: WebPushClient;
}

/**
 * The provider clients, configured from the environment (base URLs point tests at the fakes).
 * Built once, by the composition root (src/server/background.ts).
 */
export function createProviders({
  env,
  database,
  logger,
  onLlmBudgetExhausted,
}: {
  env: Env;
  database: Database;
  logger: Logger;
  /** Told once a month when the language-model budget is spent (background.ts mails the admins). */
  onLlmBudgetExhausted?: (month: string, spentUsd: number, budgetUsd: number) => Promise<void>;
}): Providers {
  const record = databaseCallRecorder(database, logger);
  const timeoutMs = env.PROVIDER_TIMEOUT_MS;
  return {
    safeFetch: safeFetchFromEnv(env, database),
    webPush: createWebPushClient({ vapid: resolveVapidKeys(env), timeoutMs, testAllow: env.PUSH_TEST_ALLOW }),
    musicBrainz: createMusicBrainzClient({
      baseUrl: env.MUSICBRAINZ_URL,
      contactUrl: env.publicUrl,
      database,
      timeoutMs,
      record,
    }),
    jamBase: env.JAMBASE_API_KEY
      ? createJamBaseClient({
          baseUrl: env.JAMBASE_URL,
          apiKey: env.JAMBASE_API_KEY,
          dailyQuota: env.JAMBASE_DAILY_QUOTA,
          database,
          timeoutMs,
          record,
        })
      : null,
    ticketmaster: env.TICKETMASTER_API_KEY
      ? createTicketmasterClient({
          baseUrl: env.TICKETMASTER_URL,
          apiKey: env.TICKETMASTER_API_KEY,
          dailyQuota: env.TICKETMASTER_DAILY_QUOTA,
          database,
          timeoutMs,
          record,
        })
      : null,
    bandsintown: env.BANDSINTOWN_APP_ID
      ? createBandsintownClient({
          baseUrl: env.BANDSINTOWN_URL,
          appId: env.BANDSINTOWN_APP_ID,
          userAgent: `TourGuides/0.1 ( ${env.publicUrl} )`,
          dailyQuota: env.BANDSINTOWN_DAILY_QUOTA,
          database,
          timeoutMs,
          record,
        })
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
    ...guideProviders({ env, database, logger }),
    llm: createLlmClient({ env, database, logger, onBudgetExhausted: onLlmBudgetExhausted }),
    spotifyApp: env.SPOTIFY_CLIENT_ID
      ? createSpotifyClient({
          clientId: env.SPOTIFY_CLIENT_ID,
          clientSecret: env.SPOTIFY_CLIENT_SECRET,
          accountsUrl: env.SPOTIFY_ACCOUNTS_URL,
          apiUrl: env.SPOTIFY_API_URL,
          timeoutMs,
          record,
        })
      : null,
  };
}

/** The local guides' sources; each identifies the app with a contact, as their etiquette asks. */
function guideProviders({ env, database, logger }: { env: Env; database: Database; logger: Logger }) {
  const record = databaseCallRecorder(database, logger);
  const userAgent = `TourGuides/0.1 ( ${env.publicUrl} )`;
  const common = { userAgent, database, timeoutMs: env.PROVIDER_TIMEOUT_MS, record };
  return {
    overpass: createOverpassClient({ ...common, url: env.OVERPASS_URL, intervalMs: env.OVERPASS_INTERVAL_MS }),
    wikivoyage: createWikivoyageClient({ ...common, url: env.WIKIVOYAGE_URL, intervalMs: env.WIKIVOYAGE_INTERVAL_MS }),
    openMeteo: createOpenMeteoClient({
      ...common,
      forecastUrl: env.OPEN_METEO_URL,
      archiveUrl: env.OPEN_METEO_ARCHIVE_URL,
      intervalMs: env.OPEN_METEO_INTERVAL_MS,
    }),
    wikidata: createWikidataClient({ ...common, url: env.WIKIDATA_URL, intervalMs: env.WIKIDATA_INTERVAL_MS }),
    nominatim: createNominatimClient({ ...common, url: env.NOMINATIM_URL, intervalMs: env.NOMINATIM_INTERVAL_MS }),
  };
}
