/** Imports the fixture catalog into the database DATA_DIR points at, through the product's import service. */
import { openDatabase } from '#server/db/open.ts';
import { getEnv } from '#server/env.ts';
import { importCatalog } from '#server/features/catalog/catalog.service.ts';
import { localCatalogWriter } from '#server/features/catalog/catalog-changes.ts';
import { buildFixtureCatalog } from './fixture-catalog.ts';

const database = await openDatabase(getEnv());
try {
  await importCatalog(localCatalogWriter(database), buildFixtureCatalog());
} finally {
  await database.close();
}
