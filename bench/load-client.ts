/**
 * Closed-loop load generator, run as its own process so it does not share the server's event
 * loop: `connections` clients each send the next request as soon as the previous one answers,
 * for `durationMs`. Requests still in flight at the deadline are awaited and counted, so even an
 * endpoint slower than the duration yields figures. Prints one JSON result line.
 */
import http from 'node:http';

export interface LoadOptions {
  url: string;
  connections: number;
  durationMs: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  /** The first failure, to tell a refused connection from an error status. */
  firstError?: string;
  p50: number;
  p99: number;
  max: number;
  requestsPerSecond: number;
}

function requestOnce(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
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
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const client = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      const outcome = await requestOnce(agent, options.url).catch((error: Error) => error.message);
      if (outcome === 200) {
        latencies.push(performance.now() - sent);
      } else {
        errors++;
        firstError ??= typeof outcome === 'number' ? `HTTP ${outcome}` : outcome;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    firstError,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    requestsPerSecond: latencies.length / elapsedSeconds,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
  runLoad(options).then((result) => process.stdout.write(`${JSON.stringify(result)}\n`));
}
