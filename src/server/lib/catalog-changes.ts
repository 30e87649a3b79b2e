import type { Database } from '#server/db/client.ts';

/**
 * The catalog's changes as this process knows them (built once by src/server/background.ts
 * with features/catalog/catalog-changes.ts, handed out through AppDeps): what answers kept in
 * memory (catalog/kept-answers.ts, the admin total) are checked against, and what a catalog writer
 * tells after its commit.
 *
 * - `changed()` after a writer's commit: this process drops its kept answers at once (the fan who
 *   made the change sees it on the next request), then `catalog-changed` goes on the event bus so
 *   every other server process drops its own;
 * - a `catalog-changed` heard from the bus (another process's write, or this one's echo) drops
 *   them too.
 */
export interface CatalogChanges {
  /** Bumped by every change noted or heard: a kept answer is good only while its version is current. */
  version(): number;
  /** performance.now() of the last change noted or heard (-Infinity before any). */
  lastChangeAt(): number;
  /** Drops this process's kept answers now, announcing nothing: for a change every process hears of anyway. */
  noted(): void;
  /** After a writer's commit: drops this process's kept answers now, then announces the change to every process. */
  changed(): Promise<void>;
  /** Starts hearing other processes' changes on the bus; returns the function that stops it. */
  follow(): () => void;
}

/** What a catalog writer is given: the database to write, and whom to tell once committed. */
export interface CatalogWriterDeps {
  database: Database;
  catalogChanges: CatalogChanges;
}
