import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';

/** Placeholder until the catalog import lands: imports the demo catalog into an empty database. */
export async function seedDemoCatalogIfEmpty(_database: Database, _logger: Logger): Promise<void> {}
