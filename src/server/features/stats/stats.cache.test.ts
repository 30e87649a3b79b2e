import { describe, expect, it } from 'vitest';
import { StatsCache } from './stats.cache.ts';

/** A build that says what it computed, counting its calls. */
function builder(fingerprint: () => string) {
  let calls = 0;
  const build = async () => {
    calls += 1;
    return `answer ${calls} of ${fingerprint()}`;
  };
  return { build, calls: () => calls };
}

describe('StatsCache', () => {
  it('sends the kept answer while the fingerprint is unchanged and computes it again when it changes', async () => {
    const cache = new StatsCache();
    let data = 'a';
    const { build, calls } = builder(() => data);
    const read = () => cache.answer('fan|all', async () => data, build);
    expect(await read()).toBe('answer 1 of a');
    expect(await read()).toBe('answer 1 of a');
    expect(calls()).toBe(1);
    data = 'b';
    expect(await read()).toBe('answer 2 of b');
    // Back to an earlier state: computed again (only the latest answer per key is kept).
    data = 'a';
    expect(await read()).toBe('answer 3 of a');
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 3 });
  });

  it('keeps each key apart and forgets the least recently used beyond its size', async () => {
    const cache = new StatsCache(2);
    const built: string[] = [];
    const read = (key: string) =>
      cache.answer(
        key,
        async () => 'same',
        async () => {
          built.push(key);
          return key;
        },
      );
    expect(await read('a|all')).toBe('a|all');
    expect(await read('a|2023')).toBe('a|2023');
    expect(await read('a|all')).toBe('a|all'); // a hit: now the most recent
    expect(await read('b|all')).toBe('b|all'); // evicts a|2023
    expect(cache.size).toBe(2);
    await read('a|all');
    await read('a|2023');
    expect(built).toEqual(['a|all', 'a|2023', 'b|all', 'a|2023']);
  });
});
