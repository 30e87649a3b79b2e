import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { CatalogFile } from '#shared/catalog-import.ts';
import { localIsoDate } from '#shared/dates.ts';
import { isCatalogEmpty } from './catalog.repo.ts';
import { checkCatalogFile, normaliseCatalog, writeCatalogEntries } from './catalog.service.ts';
import { localCatalogWriter } from './catalog-changes.ts';

export const demoCatalogPath = fileURLToPath(new URL('../../../../catalog/demo-catalog.json', import.meta.url));

const DAY_MS = 86_400_000;

const toUtcMs = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);

function addDays(isoDate: string, days: number): string {
  return new Date(toUtcMs(isoDate) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The demo file's dates were written relative to its `referenceDate`. Moving every date by
 * (today − referenceDate) keeps the demo's mix of past, current and upcoming tours whenever the
 * app is first started, instead of the catalog slowly turning into history.
 */
export function shiftCatalogDates(file: CatalogFile, today: string): CatalogFile {
  if (!file.referenceDate) return file;
  const days = Math.round((toUtcMs(today) - toUtcMs(file.referenceDate)) / DAY_MS);
  if (days === 0) return file;
  return {
    referenceDate: today,
    artists: file.artists.map((artist) => ({
      ...artist,
      tours: artist.tours.map((tour) => ({
        ...tour,
        stops: tour.stops.map((stop) => ({ ...stop, date: addDays(stop.date, days) })),
      })),
    })),
  };
}

/**
 * First start: an empty catalog gets the demo catalog, its dates moved to around today. Runs before
 * the event bus exists (index.ts), with nothing kept yet to drop anywhere: the local writer.
 */
export async function seedDemoCatalogIfEmpty(
  database: Database,
  logger: Logger,
  today: string = localIsoDate(),
): Promise<void> {
  if (!(await isCatalogEmpty(database.db))) return;
  const started = performance.now();
  const file = checkCatalogFile(JSON.parse(await fs.readFile(demoCatalogPath, 'utf8')));
  const entries = normaliseCatalog(shiftCatalogDates(file, today), 'demo');
  const { addedArtists: _names, ...counts } = await writeCatalogEntries(localCatalogWriter(database), entries);
  logger.info(
    { ...counts, ms: Math.round(performance.now() - started) },
    'loaded the demo catalog into the empty database',
  );
}
