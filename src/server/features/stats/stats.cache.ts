import type { Database } from '#server/db/client.ts';

/**
 * Fans' /stats answers kept in memory, serialised, each with the fingerprint of the data it was
 * computed from (stats.fingerprint.ts; ADR 0024, the addendum on kept answers). A request reads
 * the fingerprint (one cheap statement) and sends the kept answer when it is unchanged; otherwise
 * it computes the answer and keeps it. Correct with any number of server processes: each keeps its own answers
 * and each checks them against the database on every request, so nothing has to be invalidated.
 *
 * In memory rather than in a table: a hit costs nothing beyond the fingerprint (no row of ~11 KB
 * of JSON to read back), a miss writes nothing, no migration, and an answer's shape can change
 * with a release without old answers outliving it. The price is one miss per process per change.
 */
export class StatsCache {
  /** Least recently used first (a Map keeps insertion order; a hit moves its key to the end). */
  private readonly entries = new Map<string, { fingerprint: string; json: string }>();
  /** Answers sent as kept, and answers computed (for the tests and the benchmark). */
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries = 1_000) {}

  /**
   * The answer for `key`: the kept one when `fingerprint()` still matches it, else `build()`'s,
   * kept under that fingerprint. The caller runs both in ONE snapshot (a repeatable-read
   * transaction): an answer computed from later data than its fingerprint would be sent as
   * current once a write between the two was reverted (a show marked, then unmarked).
   */
  async answer(key: string, fingerprint: () => Promise<string>, build: () => Promise<string>): Promise<string> {
    const current = await fingerprint();
    const kept = this.entries.get(key);
    if (kept && kept.fingerprint === current) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      this.hits += 1;
      return kept.json;
    }
    this.misses += 1;
    const json = await build();
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { fingerprint: current, json });
    return json;
  }

  get size(): number {
    return this.entries.size;
  }
}

const cacheByDatabase = new WeakMap<Database, StatsCache>();

/** One cache per database: test servers in one process each have their own fans. */
export function statsCache(database: Database): StatsCache {
  let cache = cacheByDatabase.get(database);
  if (!cache) {
    cache = new StatsCache();
    cacheByDatabase.set(database, cache);
  }
  return cache;
}
