import { describe, expect, it } from 'vitest';
import { ArtistListCache } from './artist-list-cache.ts';

/** The catalog's version as the kept answers read it: `noteCatalogChanged` bumps it. */
let version = 0;
let lastChangeAt = Number.NEGATIVE_INFINITY;
const changes = { version: () => version, lastChangeAt: () => lastChangeAt };
function noteCatalogChanged() {
  version++;
  lastChangeAt = performance.now();
}

const key = { page: 1, today: '2027-03-01', all: false };

/** A build that counts its calls and answers with that count. */
function counter() {
  let calls = 0;
  return {
    build: async () => ({ call: ++calls }),
    get calls() {
      return calls;
    },
  };
}

describe('ArtistListCache', () => {
  it('builds a page once, then answers from memory with the same body and ETag', async () => {
    const cache = new ArtistListCache(changes, { settleMs: 0 });
    const pages = counter();
    const first = await cache.get(key, pages.build);
    const second = await cache.get(key, pages.build);
    expect(pages.calls).toBe(1);
    expect(second).toBe(first);
    expect(JSON.parse(first.body)).toEqual({ call: 1 });
    expect(first.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it('keeps pages apart by page, date and filter', async () => {
    const cache = new ArtistListCache(changes, { settleMs: 0 });
    const pages = counter();
    await cache.get(key, pages.build);
    await cache.get({ ...key, page: 2 }, pages.build);
    await cache.get({ ...key, today: '2027-03-02' }, pages.build);
    await cache.get({ ...key, all: true }, pages.build);
    expect(pages.calls).toBe(4);
  });

  it('drops every page when the catalog changes', async () => {
    const cache = new ArtistListCache(changes, { settleMs: 0 });
    const pages = counter();
    await cache.get(key, pages.build);
    noteCatalogChanged();
    const after = await cache.get(key, pages.build);
    expect(JSON.parse(after.body)).toEqual({ call: 2 });
  });

  it('does not keep a page read just after a change (the writer may not have committed yet)', async () => {
    const cache = new ArtistListCache(changes, { settleMs: 60_000 });
    const pages = counter();
    noteCatalogChanged();
    await cache.get(key, pages.build);
    await cache.get(key, pages.build);
    expect(pages.calls).toBe(2);
  });

  it('does not keep a page whose build overlapped a change', async () => {
    const cache = new ArtistListCache(changes, { settleMs: 0 });
    let calls = 0;
    const build = async () => {
      calls++;
      if (calls === 1) noteCatalogChanged();
      return { calls };
    };
    await cache.get(key, build);
    await cache.get(key, build);
    expect(calls).toBe(2);
  });

  it('rebuilds a page older than its time to live', async () => {
    const cache = new ArtistListCache(changes, { settleMs: 0, ttlMs: 20 });
    const pages = counter();
    await cache.get(key, pages.build);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await cache.get(key, pages.build);
    expect(pages.calls).toBe(2);
  });

  it('sends a page past its time to live at once while one rebuild runs, and waits past twice that', async () => {
    const cache = new ArtistListCache(changes, { settleMs: 0, ttlMs: 300 });
    const pages = counter();
    await cache.get(key, pages.build);
    await new Promise((resolve) => setTimeout(resolve, 320));
    const during = await Promise.all([cache.get(key, pages.build), cache.get(key, pages.build)]);
    expect(during.map((answer) => JSON.parse(answer.body))).toEqual([{ call: 1 }, { call: 1 }]);
    expect(pages.calls).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(JSON.parse((await cache.get(key, pages.build)).body)).toEqual({ call: 2 });
    // Twice its time to live with no rebuild since (the last one failed, or no request came): waited for.
    await new Promise((resolve) => setTimeout(resolve, 620));
    expect(JSON.parse((await cache.get(key, pages.build)).body)).toEqual({ call: 3 });
  });

  it('lets simultaneous requests for one page share one build', async () => {
    const cache = new ArtistListCache(changes, { settleMs: 0 });
    const pages = counter();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get(key, pages.build)));
    expect(pages.calls).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('forgets the oldest page beyond its size limit', async () => {
    const cache = new ArtistListCache(changes, { settleMs: 0, maxEntries: 2 });
    const pages = counter();
    for (const page of [1, 2, 3]) await cache.get({ ...key, page }, pages.build);
    await cache.get({ ...key, page: 3 }, pages.build);
    expect(pages.calls).toBe(3);
    await cache.get({ ...key, page: 1 }, pages.build);
    expect(pages.calls).toBe(4);
  });

  it('builds every time when switched off', async () => {
    const cache = new ArtistListCache(changes, { settleMs: 0 });
    cache.enabled = false;
    const pages = counter();
    await cache.get(key, pages.build);
    await cache.get(key, pages.build);
    expect(pages.calls).toBe(2);
  });

  it('gzips a page once, on demand', async () => {
    const cache = new ArtistListCache(changes, { settleMs: 0 });
    const answer = await cache.get(key, async () => ({ text: 'x'.repeat(5000) }));
    const gzip = await answer.gzip();
    expect(await answer.gzip()).toBe(gzip);
    expect(gzip.length).toBeLessThan(200);
  });
});
