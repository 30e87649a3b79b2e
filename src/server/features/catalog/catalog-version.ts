/**
 * An in-process count of catalog changes, for answers kept in memory (the home page list,
 * src/server/features/artists/artist-list-cache.ts): a kept answer is good only while the version
 * it was built at is current. Every catalog writer notes its change (`refreshArtistStats` does it
 * for all of them, `writeCatalogEntries` again after its commit).
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
