import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { Context } from 'hono';
import type { CatalogChanges } from '#server/lib/catalog-changes.ts';

/**
 * Answers that depend only on the catalog (the home page list, public pages' HTML, sitemaps), kept
 * in memory ready to send (ADR 0009): the same for every visitor until the catalog changes.
 *
 * Freshness:
 * - every catalog change this process makes or hears of (`CatalogChanges`: a writer's
 *   `changed()` after its commit, the catalog writer's included; `refreshArtistStats`;
 *   'artist-image-ready'; every `catalog-changed` on the event bus from another server process)
 *   drops every kept answer at once (one version counter);
 * - an answer is kept at most `ttlMs`, which bounds staleness when a process without the bus (the
 *   import CLI on a shared PostgreSQL) writes; once past it, it is still sent while its rebuild
 *   runs (a few milliseconds more), for one more `ttlMs` at most;
 * - an answer read while a write may still be uncommitted (within `settleMs` of a noted change) is
 *   served but not kept, so one read between a writer's stats refresh and its commit cannot
 *   outlive that commit.
 */

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * One answer, serialised once; its gzip and Brotli forms are made on the first request that
 * accepts each, in libuv's thread pool: a 1.2 MB page compressed on the event loop held every other
 * request (the kept pages' p99 under 200 concurrent requests) for tens of milliseconds.
 */
export class KeptText {
  readonly etag: string;
  private gzipped: Promise<Uint8Array<ArrayBuffer>> | undefined;
  private brotli: Promise<Uint8Array<ArrayBuffer>> | undefined;
  /** The body as UTF-8, encoded once: hashed for the ETag, compressed, or sent as is. */
  private readonly encoded: Uint8Array<ArrayBuffer>;

  constructor(
    readonly body: string,
    /** The HTTP status the answer goes out with (a public page's 404 is kept like its 200). */
    readonly status: 200 | 404 = 200,
  ) {
    this.encoded = new Uint8Array(Buffer.from(body, 'utf8'));
    // Hashing the bytes rather than the string spares a second UTF-8 encoding of a page (~1 ms a MB).
    this.etag = `W/"${createHash('sha1').update(this.encoded).digest('base64url')}"`;
  }

  bytes(): Uint8Array<ArrayBuffer> {
    return this.encoded;
  }

  gzip(): Promise<Uint8Array<ArrayBuffer>> {
    this.gzipped ??= gzipAsync(this.bytes()).then(
      (compressed) => new Uint8Array(compressed),
      (error) => this.forget('gzipped', error),
    );
    return this.gzipped;
  }

  /** A failed compression is not kept: the next request tries again. */
  private forget(form: 'gzipped' | 'brotli', error: unknown): never {
    this[form] = undefined;
    throw error;
  }

  /**
   * Brotli at quality 5: a 660 KB page in ~4 ms and ~23 % smaller than gzip. Quality 9 saved 7 % more
   * bytes but took ~40 ms, which every request waiting for a page just rebuilt (a catalog change, a
   * burst of first visitors) waited too (issue 25).
   */
  br(): Promise<Uint8Array<ArrayBuffer>> {
    this.brotli ??= brotliAsync(this.bytes(), { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }).then(
      (compressed) => new Uint8Array(compressed),
      (error) => this.forget('brotli', error),
    );
    return this.brotli;
  }
}

interface Entry {
  value: KeptText;
  version: number;
  expiresAt: number;
}

export interface KeptAnswersOptions {
  ttlMs?: number;
  settleMs?: number;
  /** Answers kept at most; the oldest entry goes first. */
  maxEntries?: number;
}

export class KeptAnswers {
  /** Off = every request builds its answer (the benchmark's "cold" figures). */
  enabled = true;
  private readonly entries = new Map<string, Entry>();
  /** Requests for an answer being built wait for that one build instead of starting their own. */
  private readonly building = new Map<string, Promise<KeptText>>();
  private readonly ttlMs: number;
  private readonly settleMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly changes: Pick<CatalogChanges, 'version' | 'lastChangeAt'>,
    options: KeptAnswersOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.settleMs = options.settleMs ?? 1_000;
    this.maxEntries = options.maxEntries ?? 2_000;
  }

  async get(id: string, build: () => Promise<KeptText>): Promise<KeptText> {
    if (!this.enabled) return build();
    const now = performance.now();
    const entry = this.entries.get(id);
    if (entry && entry.version === this.changes.version()) {
      if (entry.expiresAt > now) return entry.value;
      // Past its time to live with no change heard of: sent at once while one rebuild runs, so the
      // requests arriving meanwhile (200 at once on a busy page) do not all wait for it. Only for one
      // more time to live: past that (rebuilds failing) requests wait and see the failure.
      if (entry.expiresAt + this.ttlMs > now) {
        this.rebuild(id, build).catch(() => {});
        return entry.value;
      }
    }
    return this.rebuild(id, build);
  }

  /** One build per answer at a time: requests for an answer being built wait for that build. */
  private rebuild(id: string, build: () => Promise<KeptText>): Promise<KeptText> {
    const pending = this.building.get(id);
    if (pending) return pending;
    const built = this.build(id, build).finally(() => this.building.delete(id));
    this.building.set(id, built);
    return built;
  }

  private async build(id: string, build: () => Promise<KeptText>): Promise<KeptText> {
    const version = this.changes.version();
    const started = performance.now();
    const value = await build();
    const settled = started - this.changes.lastChangeAt() >= this.settleMs;
    if (version === this.changes.version() && settled)
      this.keep(id, { value, version, expiresAt: started + this.ttlMs });
    return value;
  }

  private keep(id: string, entry: Entry): void {
    this.entries.delete(id);
    // Map order is insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, entry);
  }
}

/**
 * A kept answer as is: its ETag made once (publicRevalidated answers 304 when the browser has it,
 * without hashing the body again), the gzip made once when accepted (the compress middleware leaves
 * an encoded answer alone), else the text. `brotli` offers Brotli first (pages and sitemaps; the
 * JSON answers stay gzip, as their clients and tests expect).
 */
export async function sendKept(
  c: Context,
  answer: KeptText,
  contentType: string,
  options: { brotli?: boolean } = {},
): Promise<Response> {
  c.header('ETag', answer.etag);
  c.header('Vary', 'Accept-Encoding');
  c.header('Content-Type', contentType);
  c.status(answer.status);
  const accepted = c.req.header('accept-encoding') ?? '';
  if (options.brotli && /\bbr\b/.test(accepted)) {
    c.header('Content-Encoding', 'br');
    return c.body(await answer.br());
  }
  if (/\bgzip\b/.test(accepted)) {
    c.header('Content-Encoding', 'gzip');
    return c.body(await answer.gzip());
  }
  return c.body(answer.bytes());
}
