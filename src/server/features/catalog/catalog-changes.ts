import type { CatalogChanges } from '#server/lib/catalog-changes.ts';
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
