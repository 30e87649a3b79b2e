import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer } from '#server/auth/auth.test-support.ts';
import { WRITE_LIMITS, type WriteLimitName } from '#shared/write-limits.ts';
import { signedInFan } from '#tests/setup/fans.ts';

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Every write a signed-up stranger can repeat has a per-user limit (issue 28): the attempts count
 * before the body is read, so even refused bodies use them up, and one fan's limit is not another's.
 */
const writes: { name: WriteLimitName; attempt: (fan: Awaited<ReturnType<typeof signedInFan>>) => Promise<Response> }[] =
  [
    { name: 'addShow', attempt: (fan) => fan.browser.request('/api/add-show', { json: {} }) },
    { name: 'tipCreate', attempt: (fan) => fan.browser.request('/api/guides/venues/no-such-venue/tips', { json: {} }) },
    {
      name: 'historyImportStart',
      attempt: (fan) => fan.browser.request(`/api/history-imports/${NO_SUCH_ID}/start`, { method: 'POST' }),
    },
    {
      name: 'showPhotoUpload',
      attempt: (fan) => fan.browser.request(`/api/shows/${NO_SUCH_ID}/photos`, { method: 'POST' }),
    },
    {
      name: 'listeningImportCreate',
      attempt: (fan) => fan.browser.request('/api/music-services/export', { json: {} }),
    },
    {
      name: 'listeningExportUpload',
      attempt: (fan) =>
        fan.browser.request(`/api/music-services/export/${NO_SUCH_ID}/files?name=StreamingHistory_music_0.json`, {
          method: 'PUT',
          json: [],
        }),
    },
    {
      name: 'accountImport',
      attempt: (fan) => fan.browser.request('/api/account/import?dryRun=1', { json: { not: 'an export' } }),
    },
  ];

describe("per-user limits on fans' writes", () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  for (const write of writes) {
    it(`${write.name}: answers 429 with Retry-After past ${WRITE_LIMITS[write.name][0].max} a window, for that fan only`, async () => {
      const fan = await signedInFan(server, { label: write.name });
      const other = await signedInFan(server, { label: `${write.name}-other` });
      const burst = WRITE_LIMITS[write.name][0].max;
      for (let i = 0; i < burst; i++) {
        expect((await write.attempt(fan)).status).not.toBe(429);
      }
      const refused = await write.attempt(fan);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).error.message).toMatch(/Too many attempts/);
      expect((await write.attempt(other)).status).not.toBe(429);
    });
  }

  // Daily caps of a few hundred: the day's counter is filled as if the fan had used them all (the
  // burst rules still let this one attempt through), then the next attempt is refused before any work.
  const dailyCaps: {
    name: WriteLimitName;
    attempt: (fan: Awaited<ReturnType<typeof signedInFan>>) => Promise<Response>;
  }[] = [
    {
      name: 'historyImportPreview',
      attempt: (fan) => fan.browser.request('/api/history-imports/setlistfm', { json: { username: 'someone' } }),
    },
    {
      name: 'tourScraperPreview',
      attempt: (fan) =>
        fan.browser.request('/api/tour-scraper/preview', { json: { urls: ['http://127.0.0.1:9/tour'] } }),
    },
    {
      name: 'tourScraperImport',
      attempt: (fan) =>
        fan.browser.request('/api/tour-scraper/import', {
          json: {
            rows: [
              {
                externalId: null,
                artistName: 'Someone',
                date: '2027-05-01',
                localTime: null,
                venueName: 'A Hall',
                city: 'Boston',
                region: null,
                countryCode: 'US',
                timeZone: null,
                lat: null,
                lon: null,
                status: 'scheduled',
                ticketUrl: null,
                pageUrl: 'https://example.com/tour',
                ambiguities: [],
              },
            ],
          },
        }),
    },
  ];

  const daily = (name: WriteLimitName) => {
    const rule = WRITE_LIMITS[name].find((each) => each.windowSeconds === 24 * 60 * 60);
    if (!rule) throw new Error(`${name} has no daily rule`);
    return rule;
  };
  for (const cap of dailyCaps) {
    it(`${cap.name}: answers 429 with Retry-After once the day's ${daily(cap.name).max} are used, for that fan only`, async () => {
      const fan = await signedInFan(server, { label: cap.name });
      const other = await signedInFan(server, { label: `${cap.name}-other` });
      const rule = daily(cap.name);
      await server.database.query('insert into attempt_counters (key, window_start, count) values ($1, now(), $2)', [
        `write:${cap.name}:${rule.windowSeconds}:${fan.id}`,
        rule.max,
      ]);
      const refused = await cap.attempt(fan);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
      expect((await refused.json()).error.message).toMatch(/Too many attempts/);
      await server.database.query('insert into attempt_counters (key, window_start, count) values ($1, now(), $2)', [
        `write:${cap.name}:${rule.windowSeconds}:${other.id}`,
        rule.max - 1,
      ]);
      expect((await cap.attempt(other)).status).not.toBe(429);
    });
  }
});
