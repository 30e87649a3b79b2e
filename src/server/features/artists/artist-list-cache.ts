import { KeptAnswers, type KeptAnswersOptions, KeptText } from '#server/features/catalog/kept-answers.ts';
import type { CatalogChanges } from '#server/lib/catalog-changes.ts';
import type { AppDeps } from '#server/lib/context.ts';

/**
 * The home page list answers, kept in memory ready to send (docs/decisions/0009): a list page is
 * the same for every visitor with the same (page, today, all) until the catalog changes, and
 * building it costs ~3 CPU ms (SQL, driver, JSON) where sending a kept one costs a tenth of that.
 * Kept 10 s at most (shared caches may keep the answer 60 s; browsers revalidate every time, see
 * lib/public-cache.ts); freshness rules in catalog/kept-answers.ts.
 */

export interface ArtistListKey {
  page: number;
  today: string;
  all: boolean;
}

/** One list answer, serialised once. */
export { KeptText as CachedJson };

export class ArtistListCache {
  private readonly kept: KeptAnswers;

  constructor(changes: Pick<CatalogChanges, 'version' | 'lastChangeAt'>, options: KeptAnswersOptions = {}) {
    this.kept = new KeptAnswers(changes, options);
  }

  /** Off = every request builds its answer (the benchmark's "cold" figures). */
  get enabled(): boolean {
    return this.kept.enabled;
  }

  set enabled(value: boolean) {
    this.kept.enabled = value;
  }

  get(key: ArtistListKey, build: () => Promise<unknown>): Promise<KeptText> {
    const id = `${key.page}|${key.today}|${key.all ? 1 : 0}`;
    return this.kept.get(id, async () => new KeptText(JSON.stringify(await build())));
  }
}

const cacheByDatabase = new WeakMap<AppDeps['database'], ArtistListCache>();

/** One cache per database: test servers in one process each have their own catalog. */
export function artistListCache({
  database,
  catalogChanges,
}: Pick<AppDeps, 'database' | 'catalogChanges'>): ArtistListCache {
  let cache = cacheByDatabase.get(database);
  if (!cache) {
    cache = new ArtistListCache(catalogChanges);
    cacheByDatabase.set(database, cache);
  }
  return cache;
}
