import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { hitLimit, resetLimit } from '#server/lib/rate-limit.ts';
import { openTestDatabase } from '#tests/setup/databases.ts';

describe('attempt counters (per-account limits)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('lets exactly `max` of many concurrent attempts through (one atomic upsert each)', async () => {
    const rule = { windowSeconds: 60, max: 5 };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitLimit(database, 'signIn:race@example.com', rule)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const refused = results.find((r) => !r.allowed);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('starts a new window once the old one has passed, and forgets a key on reset', async () => {
    const rule = { windowSeconds: 60, max: 1 };
    await hitLimit(database, 'k:window', rule);
    expect((await hitLimit(database, 'k:window', rule)).allowed).toBe(false);
    await database.query("update attempt_counters set window_start = now() - interval '61 seconds' where key = $1", [
      'k:window',
    ]);
    expect(await hitLimit(database, 'k:window', rule)).toMatchObject({ allowed: true, count: 1 });
    await resetLimit(database, 'k:window');
    expect((await hitLimit(database, 'k:window', rule)).count).toBe(1);
  });
});
