import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '#server/env.ts';
import type { DonateResponse } from '#shared/donate.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';

describe('donate configuration', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('serves the configured links and message to anyone', async () => {
    const server = await startTestServer({
      DONATE_LINKS: 'GitHub Sponsors|https://github.com/sponsors/example; Ko-fi | https://ko-fi.com/example',
      DONATE_MESSAGE: 'Donations pay for the server and the tour-date API.',
      SOURCE_URL: 'https://github.com/example/tourguides',
    });
    servers.push(server);
    const response = await server.fetch('/api/donate');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('public');
    expect((await response.json()) as DonateResponse).toEqual({
      links: [
        { label: 'GitHub Sponsors', url: 'https://github.com/sponsors/example' },
        { label: 'Ko-fi', url: 'https://ko-fi.com/example' },
      ],
      message: 'Donations pay for the server and the tour-date API.',
      sourceUrl: 'https://github.com/example/tourguides',
    });
  });

  it('answers with no links when nothing is configured', async () => {
    const server = await startTestServer();
    servers.push(server);
    expect(await (await server.fetch('/api/donate')).json()).toEqual({ links: [], message: null, sourceUrl: null });
  });

  it('refuses to start with a malformed DONATE_LINKS, naming the entry', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '.tmp/x' };
    expect(() => parseEnv({ ...base, DONATE_LINKS: 'Sponsors https://example.com' })).toThrow(/DONATE_LINKS/);
    expect(() => parseEnv({ ...base, DONATE_LINKS: 'Sponsors|javascript:alert(1)' })).toThrow(/not an http\(s\) URL/);
  });
});
