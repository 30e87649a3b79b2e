import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The machinery both provider fakes share: a node:http server, a log of the requests it saw,
 * and a switchable failure mode. Control routes under /__fake let a browser test (or the
 * standalone runner) switch modes from another process.
 */

export type FakeModeKind = 'normal' | 'unavailable' | 'slow' | 'malformed' | 'not-json';

export interface FakeMode {
  kind: FakeModeKind;
  /** Apply to this many requests, then return to normal; unlimited when absent. */
  times?: number;
  /** 'slow': how long to wait before answering normally. */
  delayMs?: number;
  /** 'unavailable': the Retry-After header value in seconds. */
  retryAfterSeconds?: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  at: number;
}

export interface FakeReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeHandlers {
  handle(request: FakeRequest): FakeReply;
  /** The 503 body this provider sends when overloaded. */
  unavailableBody: unknown;
  /** A 200 answer that parses as JSON but has the wrong shape. */
  malformedBody: unknown;
  /** An extra wait before answering this request (ms): one slow artist, whatever the mode. */
  delayMs?(request: FakeRequest): number;
  /** Provider-specific control routes (POST /__fake/<name> with a JSON body); null when not one of them. */
  control?(pathname: string, body: unknown): FakeReply | null;
}

export interface FakeServer {
  /** Base URL to put in the provider's *_URL variable. */
  url: string;
  requests: FakeRequest[];
  setMode(kind: FakeModeKind, options?: Omit<FakeMode, 'kind'>): void;
  close(): Promise<void>;
}

export interface FakeServerOptions {
  port?: number;
  basePath?: string;
  /**
   * Realistic latency: every answer waits a random time between the two numbers (ms), as a real
   * provider over the internet would. Off (0) unless asked for (benches, the standalone runner's
   * FAKE_LATENCY_MS=min-max).
   */
  latencyMs?: readonly [number, number];
}

/** 'min-max' or 'ms' (FAKE_LATENCY_MS) → the latency option; undefined when unset. */
export function latencyFromEnv(value: string | undefined): readonly [number, number] | undefined {
  const match = /^(\d+)(?:-(\d+))?$/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const min = Number(match[1]);
  return [min, Number(match[2] ?? min)];
}

export async function startFakeServer(handlers: FakeHandlers, options: FakeServerOptions = {}) {
  let mode: FakeMode = { kind: 'normal' };
  const requests: FakeRequest[] = [];

  const setMode = (kind: FakeModeKind, extra: Omit<FakeMode, 'kind'> = {}) => {
    mode = { kind, ...extra };
  };

  /** The mode for this request, counting down `times`. */
  const takeMode = (): FakeMode => {
    const current = mode;
    if (current.kind !== 'normal' && current.times !== undefined) {
      current.times -= 1;
      if (current.times <= 0) mode = { kind: 'normal' };
    }
    return current;
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.local');
    const send = (reply: FakeReply | { status: number; raw: string }) => {
      const body = 'raw' in reply ? reply.raw : JSON.stringify(reply.body);
      res.writeHead(reply.status, { 'Content-Type': 'application/json', ...('headers' in reply ? reply.headers : {}) });
      res.end(body);
    };
    if (url.pathname.startsWith('/__fake/')) return send(await control(req, url.pathname));

    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      at: Date.now(),
    };
    requests.push(request);
    const current = takeMode();
    if (options.latencyMs) {
      const [min, max] = options.latencyMs;
      await sleep(min + Math.random() * Math.max(0, max - min));
    }
    const extraMs = handlers.delayMs?.(request) ?? 0;
    if (extraMs > 0) await sleep(extraMs);
    switch (current.kind) {
      case 'unavailable':
        return send({
          status: 503,
          body: handlers.unavailableBody,
          headers: { 'Retry-After': String(current.retryAfterSeconds ?? 1) },
        });
      case 'malformed':
        return send({ status: 200, body: handlers.malformedBody });
      case 'not-json':
        return send({ status: 200, raw: '<html><body>Bad gateway</body></html>' });
      case 'slow':
        await sleep(current.delayMs ?? 5_000);
        break;
    }
    if (res.destroyed) return;
    send(handlers.handle(request));
  });

  async function control(req: http.IncomingMessage, pathname: string): Promise<FakeReply> {
    if (pathname === '/__fake/health') return { status: 200, body: { ok: true } };
    if (req.method !== 'POST') return { status: 405, body: { error: 'POST only' } };
    if (pathname === '/__fake/reset') {
      mode = { kind: 'normal' };
      requests.length = 0;
      return { status: 200, body: { ok: true } };
    }
    let text = '';
    for await (const chunk of req) text += chunk;
    if (pathname === '/__fake/mode') {
      const { kind, ...extra } = JSON.parse(text || '{}') as FakeMode;
      setMode(kind ?? 'normal', extra);
      return { status: 200, body: { ok: true, mode } };
    }
    return (
      handlers.control?.(pathname, JSON.parse(text || '{}')) ?? {
        status: 404,
        body: { error: 'unknown control route' },
      }
    );
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const fake: FakeServer = {
    url: `http://127.0.0.1:${port}${options.basePath ?? ''}`,
    requests,
    setMode,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
