import type { Database } from '#server/db/client.ts';
import type { CatalogChanges, CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import type { CatalogChangedEvent, EventBus } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import { catalogVersion, lastCatalogChangeAt, noteCatalogChanged } from './catalog-version.ts';

export const isCatalogChanged = (event: { type: string }): event is CatalogChangedEvent =>
  event.type === 'catalog-changed';

/** The process's one CatalogChanges (see lib/catalog-changes.ts), on this process's event bus. */
export function createCatalogChanges(events: EventBus, logger: Logger): CatalogChanges {
  const log = logger.child({ component: 'catalog-changes' });
  return {
    version: catalogVersion,
    lastChangeAt: lastCatalogChangeAt,
    noted: noteCatalogChanged,
    async changed() {
      noteCatalogChanged();
      try {
        await events.publish({ type: 'catalog-changed' });
      } catch (error) {
        // Committed either way: other processes' kept answers then expire on their own (ttl).
        log.warn({ err: error }, 'could not announce a catalog change to the other processes');
      }
    },
    follow() {
      return events.subscribe(isCatalogChanged, () => noteCatalogChanged());
    },
  };
}

/**
 * For a writer with no running server's event bus (the catalog:import CLI, the demo seed before the
 * bus exists, test factories): a change drops this process's kept answers only; a server beside it
 * (the CLI on a shared PostgreSQL) sees it once its own kept answers expire (kept-answers.ts ttl).
 */
export const localCatalogChanges: CatalogChanges = {
  version: catalogVersion,
  lastChangeAt: lastCatalogChangeAt,
  noted: noteCatalogChanged,
  changed: async () => noteCatalogChanged(),
  follow: () => () => {},
};

/** The catalog writer's deps for `database` in a process without the event bus (see above). */
export const localCatalogWriter = (database: Database): CatalogWriterDeps => ({
  database,
  catalogChanges: localCatalogChanges,
});
