import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Database } from '#server/db/client.ts';
import { catalogVersion, lastCatalogChangeAt } from '#server/features/catalog/catalog-version.ts';

/**
 * The home page list answers, kept in memory ready to send (docs/decisions/0009): a list page is
 * the same for every visitor with the same (page, today, all) until the catalog changes, and
 * building it costs ~3 CPU ms (SQL, driver, JSON) where sending a kept one costs a tenth of that.
 *
 * Freshness:
 * - every catalog writer in this process notes the change (`noteCatalogChanged`, called by
 *   `refreshArtistStats`, by `writeCatalogEntries` after its commit, and on 'artist-image-ready');
 *   a noted change drops every kept page at once (one version counter);
 * - a page is kept at most `ttlMs` (10 s), which bounds staleness when another process (the import
 *   CLI on a shared PostgreSQL, a second server) writes (shared caches may keep the answer 60 s;
 *   browsers revalidate every time, see lib/public-cache.ts);
 * - a page read while a write may still be uncommitted (within `settleMs` of a noted change) is
 *   served but not kept, so a page read between a writer's stats refresh and its commit cannot
 *   outlive that commit.
 */

export interface ArtistListKey {
  page: number;
  today: string;
  all: boolean;
}

/** One answer, serialised once; the gzip form is made on the first request that accepts it. */
export class CachedJson {
  readonly etag: string;
  private gzipped: Uint8Array<ArrayBuffer> | undefined;

  constructor(readonly body: string) {
    this.etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  }

  gzip(): Uint8Array<ArrayBuffer> {
    this.gzipped ??= new Uint8Array(gzipSync(this.body));
    return this.gzipped;
  }
}

interface Entry {
  value: CachedJson;
  version: number;
  expiresAt: number;
}

export interface ArtistListCacheOptions {
  ttlMs?: number;
  settleMs?: number;
  /** Pages × dates × filters kept at most; the oldest entry goes first. */
  maxEntries?: number;
}

export class ArtistListCache {
  /** Off = every request builds its answer (the benchmark's "cold" figures). */
  enabled = true;
  private readonly entries = new Map<string, Entry>();
  /** Requests for a page being built wait for that one build instead of starting their own. */
  private readonly building = new Map<string, Promise<CachedJson>>();
  private readonly ttlMs: number;
  private readonly settleMs: number;
  private readonly maxEntries: number;

  constructor(options: ArtistListCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.settleMs = options.settleMs ?? 1_000;
    this.maxEntries = options.maxEntries ?? 2_000;
  }

  async get(key: ArtistListKey, build: () => Promise<unknown>): Promise<CachedJson> {
    if (!this.enabled) return new CachedJson(JSON.stringify(await build()));
    const id = `${key.page}|${key.today}|${key.all ? 1 : 0}`;
    const now = performance.now();
    const entry = this.entries.get(id);
    if (entry && entry.version === catalogVersion() && entry.expiresAt > now) return entry.value;
    const pending = this.building.get(id);
    if (pending) return pending;
    const built = this.build(id, build).finally(() => this.building.delete(id));
    this.building.set(id, built);
    return built;
  }

  private async build(id: string, build: () => Promise<unknown>): Promise<CachedJson> {
    const version = catalogVersion();
    const started = performance.now();
    const value = new CachedJson(JSON.stringify(await build()));
    const settled = started - lastCatalogChangeAt() >= this.settleMs;
    if (version === catalogVersion() && settled) this.keep(id, { value, version, expiresAt: started + this.ttlMs });
    return value;
  }

  private keep(id: string, entry: Entry): void {
    this.entries.delete(id);
    // Map order is insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, entry);
  }
}

const cacheByDatabase = new WeakMap<Database, ArtistListCache>();

/** One cache per database: test servers in one process each have their own catalog. */
export function artistListCache(database: Database): ArtistListCache {
  let cache = cacheByDatabase.get(database);
  if (!cache) {
    cache = new ArtistListCache();
    cacheByDatabase.set(database, cache);
  }
  return cache;
}
