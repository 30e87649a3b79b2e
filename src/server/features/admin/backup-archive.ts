import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Database, migrationsFolder } from '#server/db/client.ts';
import { type Executor, rowsOf } from '#server/db/sql.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Storage } from '#server/lib/storage.ts';
import { backupMessages } from '#shared/backups.ts';

/**
 * The backup archive (ADR 0020): a gzip of JSON lines, one line per row, written from one
 * consistent snapshot. Rows travel as `to_json` of the row and come back through
 * `json_populate_recordset`, so PostgreSQL itself converts every type both ways and an archive
 * from PGlite restores into PostgreSQL and back.
 *
 * Lines: the header `["tourguides-backup", version, {createdAt, databaseKind, migrations, includesFiles}]`,
 * then per table `["table", name, [columns]]` followed by its rows (JSON objects) and
 * `["end", name, rowCount]`, then files `["file", key, contentType, base64]`, then the footer
 * `["footer", {tables, rowCount, fileCount, sha256}]` whose sha256 covers every line before it.
 * gzip's CRC catches damage; the footer catches a file cut short; both are checked before
 * anything is written.
 */
export const BACKUP_FORMAT = 'tourguides-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** The list of archives describes them; it is neither saved in one nor replaced by a restore. */
const EXCLUDED_TABLES = new Set(['backups']);
const FETCH_ROWS = 5000;
const INSERT_ROWS = 2000;

export interface BackupHeader {
  createdAt: string;
  databaseKind: 'pglite' | 'postgres';
  /** Migration names without their number (the number may change when branches merge). */
  migrations: string[];
  includesFiles: boolean;
}

export interface BackupSummary {
  header: BackupHeader;
  tables: Record<string, number>;
  tableCount: number;
  rowCount: number;
  fileCount: number;
}

interface TableInfo {
  name: string;
  columns: string[];
}

/** Every data table, parents before the tables whose foreign keys point at them. */
export async function listTables(executor: Executor): Promise<TableInfo[]> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    executor,
    sql`select c.table_name, c.column_name
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
         order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns) {
    if (EXCLUDED_TABLES.has(row.table_name)) continue;
    byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name]);
  }
  const edges = await rowsOf<{ child: string; parent: string }>(
    executor,
    sql`select cl.relname as child, pl.relname as parent
          from pg_constraint k
          join pg_class cl on cl.oid = k.conrelid
          join pg_class pl on pl.oid = k.confrelid
          join pg_namespace n on n.oid = k.connamespace
         where k.contype = 'f' and n.nspname = 'public'`,
  );
  return dependencyOrder([...byTable.keys()].sort(), edges).map((name) => ({ name, columns: byTable.get(name)! }));
}

/** Kahn's algorithm, alphabetical among equals so archives are stable; self references are ignored. */
function dependencyOrder(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) {
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  }
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !done.has(table) && [...parents.get(table)!].every((p) => done.has(p)));
    // A cycle cannot be ordered: keep the rest alphabetical (their inserts would then fail loudly).
    const next = ready.length > 0 ? ready : tables.filter((table) => !done.has(table));
    for (const table of next) {
      ordered.push(table);
      done.add(table);
    }
  }
  return ordered;
}

function migrationNames(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag.replace(/^\d+_/, ''));
}

/** Keys of stored files the data points at: artist images served from /files and fans' show photos. */
async function referencedFileKeys(executor: Executor): Promise<string[]> {
  const rows = await rowsOf<{ key: string }>(
    executor,
    sql`select substr(image_url, 8) as key from artist_images where image_url like '/files/%'
        union
        select storage_key as key from show_photos
        order by key`,
  );
  return rows.map((row) => row.key);
}

export interface CreateArchiveOptions {
  includeFiles: boolean;
  storage: Storage;
}

/** Writes every table from one snapshot into a gzip archive held in memory. */
export async function createBackupArchive(
  database: Database,
  options: CreateArchiveOptions,
): Promise<{ archive: Buffer; summary: BackupSummary }> {
  const gzip = createGzip({ level: 6 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  const hash = createHash('sha256');
  const write = (text: string) => {
    hash.update(text);
    gzip.write(text);
  };
  const header: BackupHeader = {
    createdAt: new Date().toISOString(),
    databaseKind: database.kind,
    migrations: migrationNames(),
    includesFiles: options.includeFiles,
  };
  write(`${JSON.stringify([BACKUP_FORMAT, BACKUP_FORMAT_VERSION, header])}\n`);
  const tables: Record<string, number> = {};
  let fileCount = 0;
  await database.db.transaction(
    async (tx) => {
      for (const table of await listTables(tx)) {
        tables[table.name] = await writeTable(tx, table, write);
      }
      if (!options.includeFiles) return;
      for (const key of await referencedFileKeys(tx)) {
        const file = await options.storage.get(key);
        if (!file) continue;
        write(`${JSON.stringify(['file', key, file.contentType, Buffer.from(file.body).toString('base64')])}\n`);
        fileCount++;
      }
    },
    // One snapshot for every table: rows written meanwhile are either all in or all out.
    database.kind === 'postgres' ? { isolationLevel: 'repeatable read', accessMode: 'read only' } : undefined,
  );
  const rowCount = Object.values(tables).reduce((sum, count) => sum + count, 0);
  const footer = { tables, rowCount, fileCount, sha256: hash.digest('hex') };
  gzip.end(`${JSON.stringify(['footer', footer])}\n`);
  await finished;
  return {
    archive: Buffer.concat(chunks),
    summary: { header, tables, tableCount: Object.keys(tables).length, rowCount, fileCount },
  };
}

/** A table's rows through a cursor, 5,000 at a time, so a large table never sits in memory whole. */
async function writeTable(tx: Executor, table: TableInfo, write: (text: string) => void): Promise<number> {
  write(`${JSON.stringify(['table', table.name, table.columns])}\n`);
  const columnList = sql.join(
    table.columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await tx.execute(
    sql`declare backup_rows no scroll cursor for select to_json(x)::text as j from (select ${columnList} from ${sql.identifier(table.name)}) x`,
  );
  let count = 0;
  for (;;) {
    const rows = await rowsOf<{ j: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`));
    if (rows.length === 0) break;
    let text = '';
    for (const row of rows) text += `${row.j}\n`;
    write(text);
    count += rows.length;
  }
  await tx.execute(sql`close backup_rows`);
  write(`${JSON.stringify(['end', table.name, count])}\n`);
  return count;
}

/** The archive's lines, decompressed as they are read; damage or a cut-off gzip throws an AppError. */
async function* archiveLines(archive: Uint8Array): AsyncGenerator<string> {
  if (archive.length < 2 || archive[0] !== 0x1f || archive[1] !== 0x8b) {
    throw new AppError('BAD_REQUEST', backupMessages.notGzip);
  }
  const gunzip = createGunzip();
  gunzip.end(archive);
  const decoder = new StringDecoder('utf8');
  let pending = '';
  try {
    for await (const chunk of gunzip) {
      pending += decoder.write(chunk as Buffer);
      let newline = pending.indexOf('\n');
      let start = 0;
      while (newline !== -1) {
        yield pending.slice(start, newline);
        start = newline + 1;
        newline = pending.indexOf('\n', start);
      }
      pending = pending.slice(start);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    throw new AppError('BAD_REQUEST', code === 'Z_BUF_ERROR' ? backupMessages.truncated : backupMessages.corrupt, {
      cause: error,
    });
  }
  pending += decoder.end();
  if (pending) yield pending;
}

type ControlLine =
  | [typeof BACKUP_FORMAT, number, BackupHeader]
  | ['table', string, string[]]
  | ['end', string, number]
  | ['file', string, string, string]
  | ['footer', { tables: Record<string, number>; rowCount: number; fileCount: number; sha256: string }];

function parseControl(line: string): ControlLine | null {
  if (!line.startsWith('[')) return null;
  try {
    return JSON.parse(line) as ControlLine;
  } catch {
    throw new AppError('BAD_REQUEST', backupMessages.corrupt);
  }
}

/**
 * Reads the whole archive without writing anything: the header's version and migrations, every
 * table against this database's tables, the row counts and the checksum. Throws a clear AppError
 * for a corrupt, truncated, foreign or newer archive.
 */
export async function inspectBackupArchive(executor: Executor, archive: Uint8Array): Promise<BackupSummary> {
  const current = new Map((await listTables(executor)).map((table) => [table.name, new Set(table.columns)]));
  const known = new Set(migrationNames());
  const hash = createHash('sha256');
  let header: BackupHeader | null = null;
  let table: { name: string; rows: number } | null = null;
  const tables: Record<string, number> = {};
  let fileCount = 0;
  for await (const line of archiveLines(archive)) {
    if (header === null) {
      header = checkHeader(parseControl(line), known);
      hash.update(`${line}\n`);
      continue;
    }
    const control = line.startsWith('{') ? null : parseControl(line);
    if (control?.[0] === 'footer') {
      const footer = control[1];
      if (footer.sha256 !== hash.digest('hex')) throw new AppError('BAD_REQUEST', backupMessages.checksum);
      const rowCount = Object.values(tables).reduce((sum, count) => sum + count, 0);
      if (footer.rowCount !== rowCount || footer.fileCount !== fileCount) {
        throw new AppError('BAD_REQUEST', backupMessages.checksum);
      }
      return { header, tables, tableCount: Object.keys(tables).length, rowCount, fileCount };
    }
    hash.update(`${line}\n`);
    if (control === null) {
      if (!table) throw new AppError('BAD_REQUEST', backupMessages.corrupt);
      table.rows++;
    } else if (control[0] === 'table') {
      const columns = current.get(control[1]);
      if (!columns || control[2].some((column) => !columns.has(column))) {
        throw new AppError('BAD_REQUEST', `${backupMessages.unknownTable} (${control[1]})`);
      }
      table = { name: control[1], rows: 0 };
    } else if (control[0] === 'end') {
      if (!table || table.name !== control[1] || table.rows !== control[2]) {
        throw new AppError('BAD_REQUEST', backupMessages.corrupt);
      }
      tables[table.name] = table.rows;
      table = null;
    } else if (control[0] === 'file') {
      fileCount++;
    } else {
      throw new AppError('BAD_REQUEST', backupMessages.corrupt);
    }
  }
  throw new AppError('BAD_REQUEST', header ? backupMessages.truncated : backupMessages.notBackup);
}

function checkHeader(control: ControlLine | null, knownMigrations: Set<string>): BackupHeader {
  if (!control || control[0] !== BACKUP_FORMAT || typeof control[1] !== 'number') {
    throw new AppError('BAD_REQUEST', backupMessages.notBackup);
  }
  if (control[1] > BACKUP_FORMAT_VERSION) throw new AppError('BAD_REQUEST', backupMessages.newerFormat);
  const header = control[2] as BackupHeader;
  if (header.migrations.some((name) => !knownMigrations.has(name))) {
    throw new AppError('BAD_REQUEST', backupMessages.newerSchema);
  }
  return header;
}

export interface RestoreOptions {
  storage: Storage;
  /** 'empty': refuse unless every table is empty (the command line); 'replace': the page's restore. */
  mode: 'empty' | 'replace';
  /** Runs in the restore's transaction before any table is emptied (to keep what must outlive it). */
  beforeReplace?: (tx: Executor) => Promise<void>;
  /** Runs in the restore's transaction after the rows are in (the page writes its audit entry). */
  afterRestore?: (tx: Executor) => Promise<void>;
}

/**
 * Restores an archive: checked in full first (nothing is touched when it is refused), then every
 * table replaced in one transaction, sequences moved past the restored ids, and every session
 * ended; files the archive carries are put back in storage after the commit.
 */
export async function restoreBackupArchive(
  database: Database,
  archive: Uint8Array,
  options: RestoreOptions,
): Promise<BackupSummary> {
  const summary = await inspectBackupArchive(database.db, archive);
  const files: { key: string; contentType: string; body: Buffer }[] = [];
  await database.db.transaction(async (tx) => {
    const tables = await listTables(tx);
    await options.beforeReplace?.(tx);
    if (options.mode === 'empty') {
      if (!(await allEmpty(tx, tables))) throw new AppError('CONFLICT', backupMessages.notEmpty);
    } else {
      await tx.execute(
        sql`truncate ${sql.join(
          tables.map((table) => sql.identifier(table.name)),
          sql`, `,
        )}`,
      );
    }
    await insertRows(tx, archive, files);
    await resetSequences(tx);
    // Sessions of the restored data belong to another time; sessions of now to replaced data.
    await tx.execute(sql`delete from sessions`);
    await options.afterRestore?.(tx);
  });
  for (const file of files) await options.storage.put(file.key, file.body, file.contentType);
  return summary;
}

async function allEmpty(tx: Executor, tables: TableInfo[]): Promise<boolean> {
  for (const table of tables) {
    const rows = await rowsOf(tx, sql`select 1 from ${sql.identifier(table.name)} limit 1`);
    if (rows.length > 0) return false;
  }
  return true;
}

async function insertRows(
  tx: Executor,
  archive: Uint8Array,
  files: { key: string; contentType: string; body: Buffer }[],
): Promise<void> {
  let table: { name: string; columns: string[] } | null = null;
  let batch: string[] = [];
  const flush = async () => {
    if (!table || batch.length === 0) return;
    const columns = sql.join(
      table.columns.map((column) => sql.identifier(column)),
      sql`, `,
    );
    const name = sql.identifier(table.name);
    await tx.execute(
      sql`insert into ${name} (${columns}) select ${columns} from json_populate_recordset(null::${name}, ${`[${batch.join(',')}]`}::json)`,
    );
    batch = [];
  };
  let first = true;
  for await (const line of archiveLines(archive)) {
    if (first) {
      first = false;
      continue;
    }
    if (line.startsWith('{')) {
      batch.push(line);
      if (batch.length >= INSERT_ROWS) await flush();
      continue;
    }
    const control = parseControl(line);
    if (control?.[0] === 'table') table = { name: control[1], columns: control[2] };
    else if (control?.[0] === 'end') {
      await flush();
      table = null;
    } else if (control?.[0] === 'file') {
      files.push({ key: control[1], contentType: control[2], body: Buffer.from(control[3], 'base64') });
    }
  }
}

/** Serial columns continue after the highest restored id. */
async function resetSequences(tx: Executor): Promise<void> {
  const serials = await rowsOf<{ table_name: string; column_name: string }>(
    tx,
    sql`select table_name, column_name from information_schema.columns
         where table_schema = 'public' and column_default like 'nextval(%'`,
  );
  for (const { table_name: table, column_name: column } of serials) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`,
    );
  }
}
