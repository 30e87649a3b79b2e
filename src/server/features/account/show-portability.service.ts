import Papa from 'papaparse';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  SHOW_CSV_COLUMNS,
  SHOW_CSV_REQUIRED_COLUMNS,
  SHOW_IMPORT_LIMITS,
  type ShowExportRow,
  type ShowImportProblem,
  type ShowImportResult,
  type ShowImportRow,
  showImportRowSchema,
  type UnmatchedShow,
} from '#shared/show-portability.ts';
import type { ShowState } from '#shared/shows.ts';
import * as repo from './show-portability.repo.ts';

export async function exportShows(database: Database, userId: string): Promise<ShowExportRow[]> {
  const rows = await repo.selectShowsForExport(database.db, userId);
  return rows.map((row) => ({
    ...row,
    time: row.time ? row.time.slice(0, 5) : null,
    state: row.state as ShowState,
    markedAt: row.markedAt.toISOString(),
  }));
}

/**
 * The attended shows as CSV. Cells a spreadsheet would run as a formula (=, +, -, @) get a leading
 * quote (papaparse's escapeFormulae, with a pattern that also catches multi-line cells: its default
 * one does not); the import takes it off again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export async function exportAttendedCsv(database: Database, userId: string): Promise<string> {
  const attended = (await exportShows(database, userId)).filter((show) => show.state === 'attended');
  return Papa.unparse(
    { fields: [...SHOW_CSV_COLUMNS], data: attended.map((show) => SHOW_CSV_COLUMNS.map((column) => show[column])) },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}

interface ParsedRow {
  row: number;
  value: unknown;
}

interface ParsedFile {
  format: 'json' | 'csv';
  rows: ParsedRow[];
  problems: ShowImportProblem[];
}

/** JSON (the account export, or a bare list of shows) when it starts like JSON; CSV otherwise. */
function parseFile(text: string): ParsedFile {
  const body = text.replace(/^\uFEFF/, '');
  const first = body.trimStart()[0];
  return first === '{' || first === '[' ? parseJson(body) : parseCsv(body);
}

function parseJson(text: string): ParsedFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { format: 'json', rows: [], problems: [{ path: 'file', message: 'The file is not valid JSON.' }] };
  }
  const shows = Array.isArray(data) ? data : (data as { shows?: unknown })?.shows;
  if (!Array.isArray(shows)) {
    return {
      format: 'json',
      rows: [],
      problems: [{ path: 'file', message: 'The file has no "shows" list: is it a TourGuides data export?' }],
    };
  }
  return { format: 'json', rows: shows.map((value, index) => ({ row: index + 1, value })), problems: [] };
}

/** Undoes escapeFormulae: a quote put before a formula-like cell at export. */
function unescapeCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

function csvCell(column: string, raw: string): unknown {
  const value = unescapeCell(raw.trim());
  if (value === '') return column === 'hasTickets' ? false : null;
  if (column === 'rating') return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  if (column === 'hasTickets') {
    const lower = value.toLowerCase();
    if (['true', 'yes', '1'].includes(lower)) return true;
    if (['false', 'no', '0'].includes(lower)) return false;
    return value;
  }
  return value;
}

function parseCsv(text: string): ParsedFile {
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const problems: ShowImportProblem[] = parsed.errors.map((error) => ({
    // papaparse counts data rows from 0; the header is spreadsheet row 1.
    path: error.row === undefined ? 'file' : `Row ${error.row + 2}`,
    message: `The CSV cannot be read here: ${error.message}`,
  }));
  const fields = parsed.meta.fields ?? [];
  const missing = SHOW_CSV_REQUIRED_COLUMNS.filter((column) => !fields.includes(column));
  if (missing.length > 0) {
    // Every row would repeat the same complaint: the missing columns say it once.
    return {
      format: 'csv',
      rows: [],
      problems: [
        ...problems,
        {
          path: 'file',
          message: `The CSV lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
        },
      ],
    };
  }
  const known = new Set<string>(SHOW_CSV_COLUMNS);
  const rows = parsed.data.map((record, index) => ({
    row: index + 2,
    value: Object.fromEntries(
      Object.entries(record)
        .filter(([column]) => known.has(column))
        .map(([column, raw]) => [column, csvCell(column, raw ?? '')]),
    ),
  }));
  return { format: 'csv', rows, problems };
}

function validateRows(parsed: ParsedFile): {
  rows: (ShowImportRow & { row: number })[];
  problems: ShowImportProblem[];
} {
  const problems = [...parsed.problems];
  if (parsed.rows.length > SHOW_IMPORT_LIMITS.maxRows) {
    problems.push({
      path: 'file',
      message: `The file has ${parsed.rows.length.toLocaleString('en-US')} shows; at most ${SHOW_IMPORT_LIMITS.maxRows.toLocaleString('en-US')} can be imported at once.`,
    });
    return { rows: [], problems };
  }
  const rows: (ShowImportRow & { row: number })[] = [];
  for (const { row, value } of parsed.rows) {
    const result = showImportRowSchema.safeParse(value);
    if (result.success) rows.push({ ...result.data, row });
    else {
      for (const issue of result.error.issues) problems.push({ path: `Row ${row}`, message: issue.message });
    }
  }
  if (problems.length === 0 && rows.length === 0) problems.push({ path: 'file', message: 'The file has no shows.' });
  return { rows, problems };
}

function refuse(problems: ShowImportProblem[]): never {
  const count = problems.length;
  throw new AppError('BAD_REQUEST', `The file has ${count} problem${count === 1 ? '' : 's'}; nothing was imported.`, {
    issues: problems,
  });
}

const alreadyHasShows = () =>
  new AppError('CONFLICT', 'Your account already has shows. Import works only into an account with none.');

/**
 * Restores shows from an export file (JSON or CSV) into an account with none. Checked whole
 * first: any bad row refuses the file, with every problem listed. Rows whose show is not in the
 * catalog are left out and listed; the rest are written in one transaction. `dryRun` answers the
 * same summary without writing.
 */
export async function importShows(
  database: Database,
  userId: string,
  text: string,
  dryRun: boolean,
): Promise<ShowImportResult> {
  const parsed = parseFile(text);
  const { rows, problems } = validateRows(parsed);
  if (problems.length > 0) refuse(problems);
  if ((await repo.countShows(database.db, userId)) > 0) throw alreadyHasShows();

  const matches = await repo.matchStops(database, userId, rows);
  const firstRowOfStop = new Map<string, number>();
  const unmatched: UnmatchedShow[] = [];
  const shows: repo.ShowInsert[] = [];
  for (const row of rows) {
    const match = matches.get(row.row);
    if (!match) {
      unmatched.push({ row: row.row, date: row.date, artist: row.artist, venue: row.venue, city: row.city });
      continue;
    }
    const earlier = firstRowOfStop.get(match.stopId);
    if (earlier !== undefined) {
      problems.push({ path: `Row ${row.row}`, message: `The same show as row ${earlier}.` });
      continue;
    }
    firstRowOfStop.set(match.stopId, row.row);
    shows.push(toInsert(row, match));
  }
  if (problems.length > 0) refuse(problems);

  const result = { dryRun, format: parsed.format, total: rows.length, imported: shows.length, unmatched };
  if (dryRun || shows.length === 0) return result;
  if (!(await repo.insertShowsIntoEmptyAccount(database.db, userId, shows))) throw alreadyHasShows();
  return result;
}

function toInsert(row: ShowImportRow, match: { stopId: string; revision: number }): repo.ShowInsert {
  return {
    stopId: match.stopId,
    state: row.state,
    // Tickets and seats belong to a show one is going to (or went to).
    hasTickets: row.hasTickets,
    seat: row.hasTickets ? row.seat : null,
    notes: row.notes,
    rating: row.rating,
    companions: row.companions,
    // The fan saw the stop as it is now: no "moved" notice for an import.
    seenRevision: match.revision,
    createdAt: row.markedAt ? new Date(row.markedAt) : null,
  };
}
