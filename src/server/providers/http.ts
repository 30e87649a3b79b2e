import { setTimeout as sleep } from 'node:timers/promises';
import type { ZodType } from 'zod';
import type { Database } from '#server/db/client.ts';
import { providerCalls } from '#server/db/schema/index.ts';
import { withJobSignal } from '#server/lib/job-signal.ts';
import type { Logger } from '#server/lib/logger.ts';

/**
 * The one way provider clients talk HTTP: a timeout on every attempt, retries with backoff when
 * the provider is busy (503/429) or unreachable, the answer checked against a zod schema before
 * anyone uses it, and every attempt recorded for the API status page.
 */

/**
 * 'busy': refused before calling, as our own queue for the provider is too long (retryAfterMs says
 * when a slot frees); 'cancelled': the caller went away (its signal aborted).
 */
export type ProviderErrorKind =
  | 'unavailable'
  | 'timeout'
  | 'bad-response'
  | 'unauthorized'
  | 'not-found'
  | 'busy'
  | 'cancelled';

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly operation: string,
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(`${provider} ${operation}: ${message}`);
    this.name = 'ProviderError';
  }
}

/** The provider's wait in whole seconds for our own Retry-After: at least 1, and 1 when it named none. */
export function retryAfterSeconds(error: ProviderError): number {
  return Math.max(1, Math.ceil((error.retryAfterMs ?? 1000) / 1000));
}

export interface ProviderCall {
  provider: string;
  operation: string;
  status: number | null;
  latencyMs: number;
  error: string | null;
}

export type CallRecorder = (call: ProviderCall) => Promise<void>;

/** Records calls in provider_calls; a failed insert is logged, never fails the call itself. */
export function databaseCallRecorder(database: Database, logger?: Logger): CallRecorder {
  return async (call) => {
    try {
      await database.db.insert(providerCalls).values(call);
    } catch (error) {
      logger?.warn({ err: error, call }, 'could not record a provider call');
    }
  };
}

export interface ProviderRequest<T> {
  provider: string;
  operation: string;
  url: URL;
  headers?: Record<string, string>;
  schema: ZodType<T>;
  timeoutMs: number;
  record: CallRecorder;
  /** Awaited before every attempt, retries included: the place for rate limiting. */
  beforeAttempt?: () => Promise<void>;
  /** The caller's: aborting it stops the call, its retries and waits (a visitor who left). */
  signal?: AbortSignal;
  maxAttempts?: number;
  baseDelayMs?: number;
  /** The value of a 204 No Content answer, for APIs that answer "nothing yet" that way (ListenBrainz stats). */
  noContent?: T;
}

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BASE_DELAY_MS = 500;
/** A Retry-After longer than this is not worth keeping a visitor waiting for. */
const MAX_RETRY_DELAY_MS = 5_000;

type Attempt<T> = { done: true; value: T } | { done: false; error: ProviderError; retryAfterMs: number | null };

/** GETs a JSON resource and returns it parsed by `schema`, or throws a ProviderError. */
export async function providerGetJson<T>(caller: ProviderRequest<T>): Promise<T> {
  // A job's call also ends when the server stops it (lib/job-signal.ts).
  const request = { ...caller, signal: withJobSignal(caller.signal) };
  const attempts = request.maxAttempts ?? DEFAULT_ATTEMPTS;
  const baseDelay = request.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  let lastError: ProviderError | undefined;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await request.beforeAttempt?.();
    const outcome = await attemptOnce(request);
    if (outcome.done) return outcome.value;
    lastError = outcome.error;
    if (!isRetryable(outcome.error) || attempt === attempts) break;
    const backoff = baseDelay * 2 ** (attempt - 1);
    const delay = Math.min(MAX_RETRY_DELAY_MS, Math.max(backoff, outcome.retryAfterMs ?? 0));
    await sleep(delay, undefined, { signal: request.signal }).catch(() => {
      throw cancelled(request);
    });
  }
  throw lastError!;
}

function cancelled(request: Pick<ProviderRequest<unknown>, 'provider' | 'operation'>): ProviderError {
  return new ProviderError(request.provider, request.operation, 'cancelled', 'cancelled: the caller went away');
}

/** The attempt's own timeout, and the caller's signal when it has one. */
function attemptSignal(request: ProviderRequest<unknown>): AbortSignal {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  return request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
}

/** Busy or unreachable providers may recover in a moment; a timeout already cost the caller its patience. */
function isRetryable(error: ProviderError): boolean {
  return error.kind === 'unavailable';
}

async function attemptOnce<T>(request: ProviderRequest<T>): Promise<Attempt<T>> {
  if (request.signal?.aborted) throw cancelled(request);
  const started = performance.now();
  let status: number | null = null;
  const finish = async (outcome: Attempt<T>): Promise<Attempt<T>> => {
    await request.record({
      provider: request.provider,
      operation: request.operation,
      status,
      latencyMs: Math.round(performance.now() - started),
      error: outcome.done ? null : outcome.error.message,
    });
    return outcome;
  };
  const fail = (kind: ProviderErrorKind, message: string, retryAfterMs: number | null = null) =>
    finish({
      done: false,
      error: new ProviderError(request.provider, request.operation, kind, message, status, retryAfterMs),
      retryAfterMs,
    });

  let body: string;
  try {
    const response = await fetch(request.url, {
      headers: { Accept: 'application/json', ...request.headers },
      signal: attemptSignal(request as ProviderRequest<unknown>),
    });
    status = response.status;
    body = await response.text();
    if (!response.ok) return fail(...classifyStatus(response));
    if (response.status === 204 && request.noContent !== undefined)
      return finish({ done: true, value: request.noContent });
  } catch (error) {
    if (request.signal?.aborted) return fail('cancelled', 'cancelled: the caller went away');
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return timedOut
      ? fail('timeout', `no answer within ${request.timeoutMs} ms`)
      : fail('unavailable', `network error: ${error instanceof Error ? error.message : String(error)}`);
  }

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return fail('bad-response', 'the answer is not JSON');
  }
  const parsed = request.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail('bad-response', `unexpected answer shape at ${issue?.path.join('.') || 'root'}: ${issue?.message}`);
  }
  return finish({ done: true, value: parsed.data });
}

function classifyStatus(response: Response): [ProviderErrorKind, string, number | null] {
  const status = response.status;
  if (status === 503 || status === 429 || status === 502 || status === 504) {
    return ['unavailable', `busy (HTTP ${status})`, parseRetryAfter(response.headers.get('retry-after'))];
  }
  if (status === 401 || status === 403) return ['unauthorized', `refused the credentials (HTTP ${status})`, null];
  if (status === 404) return ['not-found', 'not found (HTTP 404)', null];
  return ['bad-response', `HTTP ${status}`, null];
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface RateSlotOptions {
  /**
   * Refuse (ProviderError 'busy', nothing booked) when the free slot is further away than this: a
   * visitor should not wait behind a long queue, and a burst must not push every later caller back.
   */
  maxWaitMs?: number;
  /** Stops the wait (the slot stays booked: it may already be someone's neighbour). */
  signal?: AbortSignal;
}

/**
 * Waits for this process's turn under a provider-wide request rate. The slot is taken in the
 * database (one row per provider), so every process sharing it keeps to the limit together:
 * each caller books `max(next_at, now)` and moves next_at one interval further — only when that
 * slot is within `maxWaitMs`, decided in the same statement so concurrent callers cannot overbook.
 */
export async function waitForRateSlot(
  database: Database,
  provider: string,
  intervalMs: number,
  options: RateSlotOptions = {},
): Promise<void> {
  const maxWaitMs = options.maxWaitMs ?? null;
  const { rows } = await database.query<{ wait_ms: number | string }>(
    `insert into provider_rate_slots (provider, next_at)
       values ($1, clock_timestamp() + $2::int * interval '1 millisecond')
     on conflict (provider) do update
       set next_at = greatest(provider_rate_slots.next_at, clock_timestamp()) + $2::int * interval '1 millisecond'
       where $3::int is null or provider_rate_slots.next_at <= clock_timestamp() + $3::int * interval '1 millisecond'
     returning extract(epoch from (next_at - $2::int * interval '1 millisecond' - clock_timestamp())) * 1000 as wait_ms`,
    [provider, intervalMs, maxWaitMs],
  );
  if (rows.length === 0) throw await busy(database, provider);
  const waitMs = Number(rows[0]?.wait_ms ?? 0);
  if (waitMs <= 0) return;
  await sleep(Math.ceil(waitMs), undefined, { signal: withJobSignal(options.signal) }).catch(() => {
    throw cancelled({ provider, operation: 'rate-slot' });
  });
}

async function busy(database: Database, provider: string): Promise<ProviderError> {
  const { rows } = await database.query<{ wait_ms: number | string }>(
    `select extract(epoch from (next_at - clock_timestamp())) * 1000 as wait_ms from provider_rate_slots where provider = $1`,
    [provider],
  );
  const waitMs = Math.max(0, Math.ceil(Number(rows[0]?.wait_ms ?? 0)));
  return new ProviderError(
    provider,
    'rate-slot',
    'busy',
    `busy: the next free slot is ${waitMs} ms away`,
    null,
    waitMs,
  );
}

/**
 * At most `max` calls at once per process (waiting for a slot or in flight); the next is refused
 * as 'busy' rather than queued. Returns a runner that holds a place for the call's duration.
 */
export function callLimiter(provider: string, max: number, retryAfterMs: number) {
  let running = 0;
  return async <T>(call: () => Promise<T>): Promise<T> => {
    if (running >= max) {
      throw new ProviderError(provider, 'in-flight', 'busy', `busy: ${running} calls in flight`, null, retryAfterMs);
    }
    running++;
    try {
      return await call();
    } finally {
      running--;
    }
  };
}

/** The status page looks back days, not months: older call records only take space. */
export const PROVIDER_CALLS_KEPT_DAYS = 30;

export async function pruneProviderCalls(database: Database, keptDays = PROVIDER_CALLS_KEPT_DAYS): Promise<void> {
  await database.query(`delete from provider_calls where created_at < now() - $1::int * interval '1 day'`, [keptDays]);
}

/** The operation of the error a client throws when its provider's daily quota is used up. */
export const DAILY_QUOTA_OPERATION = 'daily-quota';

/**
 * Takes one call from today's quota (UTC day), shared by every process through the database;
 * refuses when it is used up, so a burst of fetches cannot burn tomorrow's allowance too.
 */
export async function takeDailyQuota(database: Database, provider: string, quota: number): Promise<void> {
  const { rows } = await database.query<{ calls: number }>(
    `insert into provider_daily_usage (provider, day, calls) values ($1, (now() at time zone 'utc')::date, 1)
     on conflict (provider, day) do update set calls = provider_daily_usage.calls + 1
       where provider_daily_usage.calls < $2
     returning calls`,
    [provider, quota],
  );
  if (rows.length === 0) {
    throw new ProviderError(provider, DAILY_QUOTA_OPERATION, 'busy', `over the daily quota of ${quota} calls`);
  }
}
