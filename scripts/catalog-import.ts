/**
 * npm run catalog:import -- FILE.json
 * Validates the whole file first (every problem listed with its path, exit 1, nothing written),
 * then imports it in one transaction and prints what it added.
 */
import fs from 'node:fs';
import { openDatabase } from '#server/db/open.ts';
import { EnvError, getEnv } from '#server/env.ts';
import {
  type CatalogImportSummary,
  checkCatalogFile,
  normaliseCatalog,
  writeCatalogEntries,
} from '#server/features/catalog/catalog.service.ts';
import { localCatalogWriter } from '#server/features/catalog/catalog-changes.ts';
import { AppError } from '#server/lib/app-error.ts';
import { acquireDataDirLock } from '#server/lib/data-dir-lock.ts';
import { type CatalogFile, formatCatalogProblem } from '#shared/catalog-import.ts';

const USAGE = 'Usage: npm run catalog:import -- FILE.json';
const NAMES_SHOWN = 20;

/** A failure whose message is the whole story: printed as is, exit code 1. */
class CliError extends Error {}

function readCatalog(file: string): CatalogFile {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return checkCatalogFile(json);
  } catch (error) {
    if (!(error instanceof AppError) || !error.issues) throw error;
    const lines = error.issues.map((issue) => `  ${formatCatalogProblem(issue)}`);
    throw new CliError([`${file}: ${error.message}; nothing was imported.`, ...lines].join('\n'));
  }
}

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

function describeImport(file: string, summary: CatalogImportSummary, ms: number): string {
  const seconds = (ms / 1000).toFixed(1);
  const { artistsAdded, toursAdded, stopsAdded, venuesAdded } = summary;
  if (artistsAdded + toursAdded + stopsAdded + venuesAdded === 0) {
    return `Nothing to add: everything in ${file} is already in the catalog (${seconds} s).`;
  }
  const lines = [
    `Imported ${file} in ${seconds} s. Added ${plural(artistsAdded, 'artist')}, ${plural(toursAdded, 'tour')}, ` +
      `${plural(stopsAdded, 'stop')}, ${plural(venuesAdded, 'venue')}.`,
  ];
  if (artistsAdded > 0) {
    const names = summary.addedArtists.slice(0, NAMES_SHOWN).map((artist) => artist.name);
    const more = artistsAdded - names.length;
    lines.push(`New artists: ${names.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}.`);
  }
  return lines.join('\n');
}

async function main(args: string[]): Promise<void> {
  const [file, ...extra] = args;
  if (!file || extra.length > 0 || file === '--help') throw new CliError(USAGE);
  const catalog = readCatalog(file);

  const env = getEnv();
  // Same lock as the server: PGlite must never be opened by two processes at once.
  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.dataDir);
  try {
    const database = await openDatabase(env);
    try {
      const started = performance.now();
      const summary = await writeCatalogEntries(localCatalogWriter(database), normaliseCatalog(catalog, 'import'));
      console.log(describeImport(file, summary, performance.now() - started));
    } finally {
      await database.close();
    }
  } finally {
    releaseLock();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof CliError || error instanceof EnvError || error instanceof AppError) {
    console.error(error.message);
  } else {
    // Drizzle's own message repeats the whole batch's parameters; the driver's cause says what went wrong.
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    console.error('The import failed; nothing was written:', reason);
  }
  process.exitCode = 1;
});
