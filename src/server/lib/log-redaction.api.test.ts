import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import type { CalendarFeedsResponse } from '#shared/calendar.ts';
import { type SignedInFan, signedInFan } from '#tests/setup/fans.ts';
import { REDACTED } from './log-redaction.ts';

/**
 * Issue 28 item 6: a calendar feed's token and a shared trip's token are secrets in their URLs.
 * Real requests through the app, with every line the server logs (level trace): the request line
 * keeps the route with the token masked, and no line holds the token itself.
 */
describe('request logs mask the secret tokens in URLs', () => {
  let server: AuthTestServer;
  let fan: SignedInFan;
  const lines: string[] = [];

  /** The request lines logged for paths starting with `prefix`, parsed. */
  const requestLines = (prefix: string) =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number })
      .filter((line) => line.msg === 'request' && line.path?.startsWith(prefix));

  beforeAll(async () => {
    server = await startAuthTestServer({}, { log: { level: 'trace', write: (line) => lines.push(line) } });
    fan = await signedInFan(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("logs a calendar feed's request without its token", async () => {
    const { feeds } = (await (await fan.browser.request('/api/calendar/feeds')).json()) as CalendarFeedsResponse;
    expect(feeds.length).toBeGreaterThan(0);
    const tokens: string[] = [];
    lines.length = 0;
    for (const feed of feeds) {
      const path = new URL(feed.url).pathname;
      const token = /^\/api\/calendar\/([^/]+)\.ics$/.exec(path)![1]!;
      tokens.push(token);
      // As a calendar app fetches it: no cookie, just the URL.
      expect((await server.fetch(path)).status).toBe(200);
    }
    // A well-formed token nobody holds is still a secret-shaped path.
    const unknown = 'A'.repeat(43);
    await server.fetch(`/api/calendar/${unknown}.ics`);

    const logged = requestLines('/api/calendar/');
    expect(logged.map((line) => [line.path, line.status])).toEqual([
      ...feeds.map(() => [`/api/calendar/${REDACTED}.ics`, 200]),
      [`/api/calendar/${REDACTED}.ics`, expect.any(Number)],
    ]);
    const log = lines.join('');
    for (const token of [...tokens, unknown]) expect(log).not.toContain(token);
  });

  it("logs a shared trip's request, and its page's, without its token", async () => {
    const planned = await fan.browser.request('/api/trips', {
      json: { point: { lat: 38.8794, lon: -6.9707 }, radiusKm: 50, arriveOn: '2027-05-10', departOn: '2027-05-11' },
    });
    expect(planned.status, await planned.clone().text()).toBe(201);
    const { trip } = (await planned.json()) as { trip: { id: string } };
    const shared = await fan.browser.request(`/api/trips/${trip.id}/share`, { method: 'POST' });
    const sharePath = ((await shared.json()) as { trip: { sharePath: string } }).trip.sharePath;
    const token = sharePath.split('/').pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);

    lines.length = 0;
    const visitor = new TestBrowser(server);
    expect((await visitor.request(`/api/trips/shared/${token}`)).status).toBe(200);
    // The page's own URL (/trip/<token>) is logged the same way, whatever it answers here.
    await visitor.request(sharePath);

    expect(requestLines('/api/trips/shared/').map((line) => [line.path, line.status])).toEqual([
      [`/api/trips/shared/${REDACTED}`, 200],
    ]);
    expect(requestLines('/trip/').map((line) => line.path)).toEqual([`/trip/${REDACTED}`]);
    expect(lines.join('')).not.toContain(token);
  });
});
