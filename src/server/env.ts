import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Parsed once; a bad value stops the start with a message
 * naming the variable (exit code 1 from the entry point).
 */
const optionalUrl = z.url().optional();
const boolFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

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
    /** Upper bound for one HTTP call to an external provider; retries get their own. */
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  })
  .superRefine((value, ctx) => {
    if (value.NODE_ENV === 'production' && !value.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required when NODE_ENV=production' });
    }
  });

export type Env = z.infer<typeof envSchema> & { dataDir: string; publicUrl: string };

export class EnvError extends Error {}

/** Parses an environment record; throws EnvError whose message names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset so `PORT= npm start` behaves like no PORT at all.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const value = result.data;
  return {
    ...value,
    dataDir: path.resolve(value.DATA_DIR),
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
  };
}

let cached: Env | undefined;

/** The process environment, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
