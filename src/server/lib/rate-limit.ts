import type { MiddlewareHandler } from 'hono';
import type { Database } from '#server/db/client.ts';
import { tooManyAttemptsMessage } from '#shared/auth.ts';
import { WRITE_LIMITS, type WriteLimitName } from '#shared/write-limits.ts';
import { AppError } from './app-error.ts';
import type { AppEnv } from './context.ts';

/**
 * Fixed-window attempt counters in the database (table attempt_counters), so a limit holds across
 * every server process. One UPSERT … RETURNING per attempt: no read-then-write race.
 */
export interface LimitRule {
  windowSeconds: number;
  max: number;
}

export interface LimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

const HIT_SQL = `
insert into attempt_counters as c (key, window_start, count) values ($1, now(), 1)
on conflict (key) do update set
  count = case when c.window_start <= now() - $2 * interval '1 second' then 1 else c.count + 1 end,
  window_start = case when c.window_start <= now() - $2 * interval '1 second' then now() else c.window_start end
returning count, extract(epoch from (window_start + $2 * interval '1 second' - now())) as remaining`;

/** Counts one attempt under `key`; `allowed` is false once the window holds more than `max`. */
export async function hitLimit(database: Database, key: string, rule: LimitRule): Promise<LimitResult> {
  const { rows } = await database.query<{ count: number; remaining: string | number }>(HIT_SQL, [
    key,
    rule.windowSeconds,
  ]);
  const row = rows[0];
  if (!row) throw new Error('attempt counter upsert returned no row');
  const count = Number(row.count);
  if (Math.random() < 0.01) await pruneExpired(database);
  return {
    allowed: count <= rule.max,
    count,
    // now() is each transaction's start: an attempt that waited for the row lock behind the one that
    // opened the window reads an earlier now(), so its remaining time can exceed the window itself.
    retryAfterSeconds: Math.min(rule.windowSeconds, Math.max(1, Math.ceil(Number(row.remaining)))),
  };
}

/** Forgets a key's attempts (e.g. after a successful sign-in). */
export async function resetLimit(database: Database, key: string): Promise<void> {
  await database.query('delete from attempt_counters where key = $1', [key]);
}

/** Throws the 429 AppError (with Retry-After) when the attempt is over the limit. */
export async function enforceLimit(database: Database, key: string, rule: LimitRule): Promise<void> {
  const result = await hitLimit(database, key, rule);
  if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
}

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', tooManyAttemptsMessage(retryAfterSeconds), {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

// Windows here are at most a day; older rows only take space.
async function pruneExpired(database: Database): Promise<void> {
  await database.query("delete from attempt_counters where window_start < now() - interval '1 day'");
}

/**
 * The named per-user write limits (src/shared/write-limits.ts) as middleware, after requireUser:
 * every rule of the write counts the attempt; the first one over answers 429.
 */
export function perUserWriteLimit(database: Database, name: WriteLimitName): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = c.var.user?.id;
    if (!userId) throw new AppError('UNAUTHORIZED', 'Sign in first');
    await enforceWriteLimit(database, name, userId);
    await next();
  };
}

export async function enforceWriteLimit(database: Database, name: WriteLimitName, userId: string): Promise<void> {
  for (const rule of WRITE_LIMITS[name]) {
    await enforceLimit(database, `write:${name}:${rule.windowSeconds}:${userId}`, rule);
  }
}
