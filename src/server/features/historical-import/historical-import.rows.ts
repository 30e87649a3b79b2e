import { createHash } from 'node:crypto';
import { z } from 'zod';
import { normaliseCatalog } from '#server/features/catalog/catalog.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  CATALOG_NAME_MAX,
  type CatalogFile,
  type CatalogStop,
  catalogStopSchema,
  formatCatalogPath,
} from '#shared/catalog-import.ts';
import { parseCsv } from '#shared/csv.ts';
import {
  type CsvMapping,
  DEFAULT_HISTORICAL_TOUR,
  HISTORICAL_IMPORT_MAX_ROWS,
  requiredCsvFields,
} from '#shared/historical-import.ts';
import type { HistoricalImportBody } from '#shared/historical-import-api.ts';

/** One stop of the file with its artist and tour, before checking. */
export interface RawRow {
  row: number;
  artist: unknown;
  mbid: unknown;
  genres: unknown;
  tour: unknown;
  stop: unknown;
}

const name = z.string().trim().min(1, 'must not be empty').max(CATALOG_NAME_MAX);
const rowSchema = z.object({
  artist: name,
  mbid: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'expected a MusicBrainz id (UUID)')
    .optional(),
  genres: z.array(name).max(20).optional(),
  tour: name,
  stop: catalogStopSchema,
});

export interface CheckedRow {
  row: number;
  artist: string;
  date: string;
  venue: string;
  city: string;
  /** Null when the row is valid. */
  problem: string | null;
  valid: { artist: string; mbid?: string; genres?: string[]; tour: string; stop: CatalogStop } | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

function fromJson(content: string): RawRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new AppError('BAD_REQUEST', 'The file is not valid JSON.');
  }
  const artists = (parsed as { artists?: unknown })?.artists;
  if (!Array.isArray(artists)) throw new AppError('BAD_REQUEST', 'A catalog file needs an "artists" list.');
  const rows: RawRow[] = [];
  for (const artist of artists as Record<string, unknown>[]) {
    const tours = Array.isArray(artist?.tours) ? (artist.tours as Record<string, unknown>[]) : [];
    for (const tour of tours) {
      for (const stop of Array.isArray(tour?.stops) ? tour.stops : []) {
        rows.push({
          row: rows.length + 1,
          artist: artist.name,
          mbid: artist.mbid,
          genres: artist.genres,
          tour: tour.name,
          stop,
        });
      }
    }
  }
  return rows;
}

function fromCsv(content: string, mapping: CsvMapping | undefined): RawRow[] {
  const [headers, ...lines] = parseCsv(content);
  if (!headers) throw new AppError('BAD_REQUEST', 'The CSV file has no header line.');
  const missing = requiredCsvFields.filter((field) => !mapping?.[field] || !headers.includes(mapping[field]!));
  if (missing.length > 0) throw new AppError('BAD_REQUEST', `Map a column to: ${missing.join(', ')}.`);
  const index = (field: keyof CsvMapping) => (mapping?.[field] ? headers.indexOf(mapping[field]!) : -1);
  const cell = (line: string[], field: keyof CsvMapping) => {
    const at = index(field);
    const value = at >= 0 ? line[at]?.trim() : undefined;
    return value ? value : undefined;
  };
  return lines.map((line, i) => ({
    row: i + 1,
    artist: cell(line, 'artist'),
    mbid: cell(line, 'mbid'),
    genres: undefined,
    tour: cell(line, 'tour') ?? DEFAULT_HISTORICAL_TOUR,
    stop: Object.fromEntries(
      (['date', 'time', 'venue', 'city', 'region', 'country'] as const).flatMap((field) => {
        const value = cell(line, field);
        return value === undefined ? [] : [[field, value]];
      }),
    ),
  }));
}

/** Every row of the file, each valid or with the reason it is not. File-level problems throw. */
export function checkRows(body: HistoricalImportBody): CheckedRow[] {
  const raw = body.format === 'json' ? fromJson(body.content) : fromCsv(body.content, body.mapping);
  if (raw.length > HISTORICAL_IMPORT_MAX_ROWS) {
    throw new AppError('BAD_REQUEST', `At most ${HISTORICAL_IMPORT_MAX_ROWS.toLocaleString('en')} rows per import.`);
  }
  return raw.map((row) => {
    const stop = (row.stop ?? {}) as Record<string, unknown>;
    const base = {
      row: row.row,
      artist: text(row.artist),
      date: text(stop.date),
      venue: text(stop.venue),
      city: text(stop.city),
    };
    const result = rowSchema.safeParse({
      artist: row.artist,
      mbid: row.mbid ?? undefined,
      genres: row.genres ?? undefined,
      tour: row.tour,
      stop: row.stop,
    });
    if (result.success) return { ...base, problem: null, valid: result.data };
    const problem = result.error.issues
      .map((issue) => `${formatCatalogPath(issue.path.filter((p) => p !== 'stop')) || 'row'}: ${issue.message}`)
      .join('; ');
    return { ...base, problem, valid: null };
  });
}

/** The identity the catalog writer uses: artist slug (or MBID), tour name, date, venue identity. */
export interface RowKey {
  slug: string;
  mbid: string | null;
  tour: string;
  date: string;
  venueKey: string;
}

export function rowFile(rows: CheckedRow[]): CatalogFile {
  return {
    artists: rows.flatMap((row) =>
      row.valid
        ? [
            {
              name: row.valid.artist,
              mbid: row.valid.mbid,
              genres: row.valid.genres,
              tours: [{ name: row.valid.tour, stops: [row.valid.stop] }],
            },
          ]
        : [],
    ),
  };
}

export function keyOf(row: CheckedRow): RowKey {
  const [entry] = normaliseCatalog(rowFile([row]), 'import');
  const tour = entry!.tours[0]!;
  const stop = tour.stops[0]!;
  return { slug: entry!.slug, mbid: entry!.mbid, tour: tour.name, date: stop.date, venueKey: stop.venue.identityKey };
}

export function contentHash(body: HistoricalImportBody): string {
  return createHash('sha256')
    .update(`${body.format}\n${JSON.stringify(body.mapping ?? {})}\n${body.content}`)
    .digest('hex');
}
