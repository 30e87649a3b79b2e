import path from 'node:path';
import { z } from 'zod';
import { parseDonateLinks } from '#shared/donate.ts';
import type { S3Config } from './lib/s3-client.ts';

/**
 * The only reader of process.env. Parsed once; a bad value stops the start with a message
 * naming the variable (exit code 1 from the entry point).
 */
const optionalUrl = z.url().optional();
const boolFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** File storage goes to an S3-compatible bucket when these are set: all of them or none. */
const requiredS3Variables = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const optionalS3Variables = ['S3_REGION', 'S3_FORCE_PATH_STYLE'] as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    PUBLIC_URL: optionalUrl,
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SEED_DEMO: boolFlag.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: boolFlag.default(false),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().default('TourGuides <no-reply@tourguides.local>'),
    MUSICBRAINZ_URL: z.url().default('https://musicbrainz.org'),
    JAMBASE_URL: z.url().default('https://api.data.jambase.com/v3'),
    JAMBASE_API_KEY: z.string().min(1).optional(),
    /** JamBase bills by the month (Pro: 50,000 calls): the calls a day (UTC) we allow ourselves. */
    JAMBASE_DAILY_QUOTA: z.coerce.number().int().min(1).max(1_000_000).default(1_500),
    SETLISTFM_URL: z.url().default('https://api.setlist.fm/rest/1.0'),
    /** Without it, setlists come only from fans (hand-entered) and stored copies. */
    SETLISTFM_API_KEY: z.string().min(1).optional(),
    /** setlist.fm's daily request cap for this key (not published; 1,440 is the usual figure). */
    SETLISTFM_DAILY_QUOTA: z.coerce.number().int().min(1).max(1_000_000).default(1440),
    /** Upper bound for one HTTP call to an external provider; retries get their own. */
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3-63 lowercase letters, digits, dots, hyphens',
      )
      .optional(),
    /** 'auto' on Cloudflare R2; MinIO accepts any. */
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: boolFlag.optional(),
    /** Daily backups kept (the oldest scheduled ones are deleted); 0 switches the daily backup off. */
    BACKUP_RETENTION: z.coerce.number().int().min(0).max(365).default(7),
    /** Whether the daily backup carries the files (images, photos) or only their storage keys. */
    BACKUP_INCLUDE_FILES: boolFlag.default(false),
    /** Donate page buttons: `Label|https://url` pairs separated by `;` (parsed in features/donate). */
    DONATE_LINKS: z.string().trim().max(2000).optional(),
    /** What donations pay for, shown above the buttons. */
    DONATE_MESSAGE: z.string().trim().max(500).optional(),
    /** The project's source repository: the Donate page's "star" and "report a bug" links. */
    SOURCE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /** Ports a user-given URL may use (safe fetching, issue 17). */
    SAFE_FETCH_PORTS: z
      .string()
      .regex(/^\d{1,5}(,\d{1,5})*$/, 'must be port numbers separated by commas, such as 80,443')
      .default('80,443')
      .transform((value) => value.split(',').map(Number)),
    /** TESTS ONLY: `address:port` pairs (the fake sites on loopback) safe fetching may reach; refused in production. */
    SAFE_FETCH_TEST_ALLOW: z
      .string()
      .regex(/^[0-9a-f.:]+:\d{1,5}(,[0-9a-f.:]+:\d{1,5})*$/i, 'must be address:port pairs separated by commas')
      .optional()
      .transform((value) => (value ? value.split(',') : [])),
    /** One user-given URL's whole fetch (redirects included); tests shorten it. */
    SAFE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(10_000),
    BANDSINTOWN_URL: z.url().default('https://rest.bandsintown.com'),
    BANDSINTOWN_APP_ID: z.string().min(1).optional(),
    /** Bandsintown publishes no quota: calls a day (UTC) we allow ourselves. */
    BANDSINTOWN_DAILY_QUOTA: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    /** Ticketmaster Discovery v2 (tour dates and ticket links); free key at developer.ticketmaster.com. */
    TICKETMASTER_URL: z.url().default('https://app.ticketmaster.com/discovery/v2'),
    TICKETMASTER_API_KEY: z.string().min(1).optional(),
    /** The free tier's 5,000 calls a day (UTC). */
    TICKETMASTER_DAILY_QUOTA: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
    WIKIDATA_URL: z.url().default('https://www.wikidata.org'),
    // Local guides (issue 13): the providers' base URLs and the gap between calls to each (all processes).
    /** Venue facts for the guides (Wikidata's Action API), one call at a time. */
    WIKIDATA_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
    /** Geocoding of venues without coordinates: the public server allows 1 request a second per application. */
    NOMINATIM_URL: z.url().default('https://nominatim.openstreetmap.org'),
    NOMINATIM_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
    OVERPASS_URL: z.url().default('https://overpass-api.de/api/interpreter'),
    OVERPASS_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    WIKIVOYAGE_URL: z.url().default('https://en.wikivoyage.org/w/api.php'),
    WIKIVOYAGE_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
    OPEN_METEO_URL: z.url().default('https://api.open-meteo.com'),
    OPEN_METEO_ARCHIVE_URL: z.url().default('https://archive-api.open-meteo.com'),
    OPEN_METEO_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(250),
    /** Map tiles for the guide's map ({z}/{x}/{y}); the page falls back to a drawn plan when they can't load. */
    MAP_TILES_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    /** An OpenAI-compatible chat-completions endpoint (providers/llm); without it, templates write. */
    LLM_BASE_URL: z.url().optional(),
    LLM_API_KEY: z.string().min(1).optional(),
    LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
    /** JSON: {"model": {"input": USD per 1M prompt tokens, "output": USD per 1M completion tokens}}. */
    LLM_PRICES: z.string().optional(),
    /** Past it in a calendar month (UTC), calls stop and templates are used; admins are told once. */
    LLM_MONTHLY_BUDGET_USD: z.coerce.number().min(0).optional(),
    LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
    /** Music services (issue 15): Last.fm top artists need a key; ListenBrainz public stats do not. */
    LASTFM_URL: z.url().default('https://ws.audioscrobbler.com/2.0/'),
    LASTFM_API_KEY: z.string().min(1).optional(),
    LISTENBRAINZ_URL: z.url().default('https://api.listenbrainz.org'),
    /** Spotify (OAuth with PKCE, no secret): each instance registers its own app; without the id, no Spotify. */
    SPOTIFY_CLIENT_ID: z
      .string()
      .regex(/^[\w-]{1,64}$/, 'must be the Client ID of your Spotify app')
      .optional(),
    /** Only the admin's playlist import uses it (an app token, client-credentials grant); fans never need it. */
    SPOTIFY_CLIENT_SECRET: z.string().min(1).max(256).optional(),
    SPOTIFY_ACCOUNTS_URL: z.url().default('https://accounts.spotify.com'),
    SPOTIFY_API_URL: z.url().default('https://api.spotify.com/v1'),
    /**
     * Web Push (VAPID, RFC 8292): both keys (base64url, from web-push's generateVAPIDKeys) or neither;
     * without them a pair is generated once and kept in DATA_DIR/vapid-keys.json. Several servers on
     * one database must share one pair, so set them there.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a VAPID public key (87 base64url characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a VAPID private key (43 base64url characters)')
      .optional(),
    /** Who push services may contact about our pushes: mailto: or https:; default mailto:MAIL_FROM's address. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
      .optional(),
    /** Seconds a push service keeps an alert for an unreachable device before dropping it. */
    PUSH_TTL_SECONDS: z.coerce.number().int().min(0).max(2_419_200).default(86_400),
    /** Pushes sent at once by one worker. */
    PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(50),
    /** TESTS ONLY: origins (http://127.0.0.1:port) of fake push services devices may name; refused in production. */
    PUSH_TEST_ALLOW: z
      .string()
      .regex(/^https?:\/\/[^,\s/]+(,https?:\/\/[^,\s/]+)*$/, 'must be origins separated by commas')
      .optional()
      .transform((value) => (value ? value.split(',') : [])),
  })
  .superRefine((value, ctx) => {
    if (value.DATABASE_URL && !value.AUTH_SECRET) {
      // A secret generated per process would differ between two servers on one database: a sign-in
      // or a sealed token made by one would be refused by the other.
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required with DATABASE_URL (every server on one database must share it)',
      });
    } else if (value.NODE_ENV === 'production' && !value.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    const donate = parseDonateLinks(value.DONATE_LINKS);
    if (donate.error) ctx.addIssue({ code: 'custom', path: ['DONATE_LINKS'], message: donate.error });
    if (value.NODE_ENV === 'production' && value.SAFE_FETCH_TEST_ALLOW.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['SAFE_FETCH_TEST_ALLOW'], message: 'is for tests only, never production' });
    }
    if (value.NODE_ENV === 'production' && value.PUSH_TEST_ALLOW.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['PUSH_TEST_ALLOW'], message: 'is for tests only, never production' });
    }
    if (Boolean(value.VAPID_PUBLIC_KEY) !== Boolean(value.VAPID_PRIVATE_KEY)) {
      const missing = value.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other VAPID key' });
    }
    const setS3 = [...requiredS3Variables, ...optionalS3Variables].filter((name) => value[name] !== undefined);
    if (setS3.length > 0) {
      for (const name of requiredS3Variables.filter((required) => value[required] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is required with ${setS3.join(', ')} (S3 file storage)`,
        });
      }
    }
  });

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  publicUrl: string;
  /** null: files live under DATA_DIR/files. */
  s3: S3Config | null;
};

export class EnvError extends Error {}

/** Parses an environment record; throws EnvError whose message names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset so `PORT= npm start` behaves like no PORT at all.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    // One problem, one line; several, one line each.
    throw new EnvError(
      lines.length === 1 ? `Invalid environment: ${lines[0]}` : `Invalid environment:\n  ${lines.join('\n  ')}`,
    );
  }
  const value = result.data;
  return {
    ...value,
    dataDir: path.resolve(value.DATA_DIR),
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
    s3: s3Config(value),
  };
}

function s3Config(value: z.infer<typeof envSchema>): S3Config | null {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = value;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    region: value.S3_REGION ?? 'us-east-1',
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: value.S3_FORCE_PATH_STYLE ?? false,
  };
}

let cached: Env | undefined;

/** The process environment, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
