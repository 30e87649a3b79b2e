import { setTimeout as sleep } from 'node:timers/promises';
import type { ZodType } from 'zod';
import type { Database } from '#server/db/client.ts';
import { providerCalls } from '#server/db/schema/index.ts';
import type { Logger } from '#server/lib/logger.ts';

/**
 * The one way provider clients talk HTTP: a timeout on every attempt, retries with backoff when
 * the provider is busy (503/429) or unreachable, the answer checked against a zod schema before
 * anyone uses it, and every attempt recorded for the API status page.
 */

export type ProviderErrorKind = 'unavailable' | 'timeout' | 'bad-response' | 'unauthorized' | 'not-found';

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly operation: string,
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status: number | null = null,
  ) {
    super(`${provider} ${operation}: ${message}`);
    this.name = 'ProviderError';
  }
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
  maxAttempts?: number;
  baseDelayMs?: number;
}

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BASE_DELAY_MS = 500;
/** A Retry-After longer than this is not worth keeping a visitor waiting for. */
const MAX_RETRY_DELAY_MS = 5_000;

type Attempt<T> = { done: true; value: T } | { done: false; error: ProviderError; retryAfterMs: number | null };

/** GETs a JSON resource and returns it parsed by `schema`, or throws a ProviderError. */
export async function providerGetJson<T>(request: ProviderRequest<T>): Promise<T> {
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
    await sleep(Math.min(MAX_RETRY_DELAY_MS, Math.max(backoff, outcome.retryAfterMs ?? 0)));
  }
  throw lastError!;
}

/** Busy or unreachable providers may recover in a moment; a timeout already cost the caller its patience. */
function isRetryable(error: ProviderError): boolean {
  return error.kind === 'unavailable';
}

async function attemptOnce<T>(request: ProviderRequest<T>): Promise<Attempt<T>> {
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
      error: new ProviderError(request.provider, request.operation, kind, message, status),
      retryAfterMs,
    });

  let body: string;
  try {
    const response = await fetch(request.url, {
      headers: { Accept: 'application/json', ...request.headers },
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    status = response.status;
    body = await response.text();
    if (!response.ok) return fail(...classifyStatus(response));
  } catch (error) {
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

/**
 * Waits for this process's turn under a provider-wide request rate. The slot is taken in the
 * database (one row per provider), so every process sharing it keeps to the limit together:
 * each caller books `max(next_at, now)` and moves next_at one interval further.
 */
export async function waitForRateSlot(database: Database, provider: string, intervalMs: number): Promise<void> {
  const { rows } = await database.query<{ wait_ms: number | string }>(
    `insert into provider_rate_slots (provider, next_at)
       values ($1, clock_timestamp() + $2::int * interval '1 millisecond')
     on conflict (provider) do update
       set next_at = greatest(provider_rate_slots.next_at, clock_timestamp()) + $2::int * interval '1 millisecond'
     returning extract(epoch from (next_at - $2::int * interval '1 millisecond' - clock_timestamp())) * 1000 as wait_ms`,
    [provider, intervalMs],
  );
  const waitMs = Number(rows[0]?.wait_ms ?? 0);
  if (waitMs > 0) await sleep(Math.ceil(waitMs));
}

/** The status page looks back days, not months: older call records only take space. */
export const PROVIDER_CALLS_KEPT_DAYS = 30;

export async function pruneProviderCalls(database: Database, keptDays = PROVIDER_CALLS_KEPT_DAYS): Promise<void> {
  await database.query(`delete from provider_calls where created_at < now() - $1::int * interval '1 day'`, [keptDays]);
}
