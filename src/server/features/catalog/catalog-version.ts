/**
 * This process's count of catalog changes, behind `CatalogChanges` (catalog-changes.ts, handed out
 * through AppDeps): kept answers read it through that object, writers reached with deps tell it
 * `changed()` after their commit (which also announces `catalog-changed` on the event bus), and
 * every `catalog-changed` heard from the bus bumps it.
 *
 * Still called directly by the two writers below the deps (more than ten callers each, CLI and test
 * factories among them): `refreshArtistStats` (before its caller's commit, so a read in between is
 * not kept) and `writeCatalogEntries` (after its own commit). Sync, the tour scraper, curation,
 * the catalog requests, add-show, trips' area search and the historical import announce their
 * change to the other processes themselves. The history import writes a fan's own shows, which stay
 * pending (unseen by other fans) until confirmed: nothing public changes, nothing to announce.
 */
let version = 0;
let lastChangeAt = Number.NEGATIVE_INFINITY;

export function noteCatalogChanged(): void {
  version++;
  lastChangeAt = performance.now();
}

export function catalogVersion(): number {
  return version;
}

/** performance.now() of the last noted change (-Infinity before any). */
export function lastCatalogChangeAt(): number {
  return lastChangeAt;
}
