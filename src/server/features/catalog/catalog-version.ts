/**
 * This process's count of catalog changes, behind `CatalogChanges` (catalog-changes.ts, handed out
 * through AppDeps): kept answers read it through that object, writers reached with deps tell it
 * `changed()` after their commit (which also announces `catalog-changed` on the event bus), and
 * every `catalog-changed` heard from the bus bumps it.
 *
 * Still called directly by `refreshArtistStats` (before its caller's commit, so a read in between
 * is not kept; more than ten callers). The catalog writer (`writeCatalogEntries`) is given
 * `CatalogWriterDeps` and announces its own committed changes, so trips' area search, add-show,
 * curation's Add from MusicBrainz, the historical, history and listening imports need not; the CLI
 * import, the demo seed and test factories give it `localCatalogWriter` (no bus). Writers that run
 * it inside their own transaction (sync, the tour scraper) announce after their commit, as the
 * catalog requests and the other curation actions do. The history import's stops and artists stay
 * pending (unseen by other fans), yet the admin artist count kept per version counts them: its
 * writes are announced too.
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
