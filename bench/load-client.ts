/**
 * Closed-loop load generator, run as its own process so it does not share the server's event
 * loop: `connections` clients each send the next request as soon as the previous one answers,
 * for `durationMs`. Requests still in flight at the deadline are awaited and counted (so even an
 * endpoint slower than the duration yields figures) for at most `maxDrainMs`; the ones still
 * unanswered then are abandoned and reported as `unfinished`, which flatters the slow side, never
 * the fast one. Prints one JSON result line.
 */
import { setMaxListeners } from 'node:events';
import http from 'node:http';

export interface LoadOptions {
  url: string;
  connections: number;
  durationMs: number;
  maxDrainMs: number;
  /** Sent with every request (e.g. a session cookie). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  errors: number;
  /** Abandoned after the drain limit. */
  unfinished: number;
  /** The first failure, to tell a refused connection from an error status. */
  firstError?: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  requestsPerSecond: number;
}

function requestOnce(
  agent: http.Agent,
  url: string,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, signal, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  let unfinished = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const drainLimit = new AbortController();
  // Every request in flight listens on the one signal.
  setMaxListeners(options.connections + 1, drainLimit.signal);
  const drainTimer = setTimeout(() => drainLimit.abort(), options.durationMs + options.maxDrainMs);
  const client = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      const outcome = await requestOnce(agent, options.url, drainLimit.signal, options.headers).catch(
        (error: Error) => error.message,
      );
      if (outcome === 200) {
        latencies.push(performance.now() - sent);
      } else if (drainLimit.signal.aborted) {
        unfinished++;
      } else {
        errors++;
        firstError ??= typeof outcome === 'number' ? `HTTP ${outcome}` : outcome;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  clearTimeout(drainTimer);
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    unfinished,
    firstError,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    requestsPerSecond: latencies.length / elapsedSeconds,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
  runLoad(options).then((result) => process.stdout.write(`${JSON.stringify(result)}\n`));
}
