import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '#server/app.ts';
import { type Background, createBackground } from '#server/background.ts';
import type { Database } from '#server/db/client.ts';
import { parseEnv } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import type { PageRenderer } from '#server/lib/static-files.ts';
import { openTestDatabase } from './databases.ts';

export interface TestServer {
  url: string;
  database: Database;
  /** Job queue, event bus and storage, as the real server runs them. */
  background: Background;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /**
   * Run the job queue's workers and schedules, as the real server does. Off by default: jobs sent
   * are stored but never run, so a file that does not wait for a job's work pays no queue polling.
   */
  jobs?: boolean;
  /** Every log line at `level` and above goes to `write` (default: none, the logger is silent). */
  log?: { level: string; write: (line: string) => void };
  /** Render the public pages on the server with this (default: none, the pages are the bare shell). */
  pageRenderer?: PageRenderer;
}

/** The real server over HTTP on an ephemeral port, on a fresh test database. */
export async function startTestServer(
  envOverrides: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const database = await openTestDatabase();
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: '.tmp/test-data',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    // Guide jobs run in every test server (a seeded catalog gets planned): never toward the public
    // services. A closed local port answers at once; guide tests pass their fakes' URLs.
    OVERPASS_URL: 'http://127.0.0.1:9/api/interpreter',
    WIKIVOYAGE_URL: 'http://127.0.0.1:9/w/api.php',
    OPEN_METEO_URL: 'http://127.0.0.1:9',
    OPEN_METEO_ARCHIVE_URL: 'http://127.0.0.1:9',
    ...envOverrides,
  });
  const logger = options.log ? createLogger(options.log.level, { write: options.log.write }) : createLogger('silent');
  const background = createBackground({
    env,
    database,
    logger,
    pollingIntervalSeconds: 0.5,
    runJobs: options.jobs ?? false,
  });
  await background.start();
  const { events } = background;
  const app = createApp(background, { pageRenderer: options.pageRenderer ?? null });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    database,
    background,
    fetch: (path, init) => fetch(url + path, init),
    close: async () => {
      events.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The tests are done: a kept-alive or streaming connection would hold the close for seconds.
        (server as Server).closeAllConnections();
      });
      await background.stop();
      await database.close();
    },
  };
}
