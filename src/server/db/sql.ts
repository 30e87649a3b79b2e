import { type SQL, sql } from 'drizzle-orm';
import { EARTH_RADIUS_KM } from '#shared/places.ts';
import type { Db } from './client.ts';

/** An open transaction, as Drizzle hands it to `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database handle or an open transaction: repository functions run on either. */
export type Executor = Db | Tx;

/** Rows per statement of a batched write or lookup. */
const BATCH_SIZE = 5000;

export type ColumnType = 'uuid' | 'text' | 'date' | 'time' | 'timestamptz' | 'float8';

/**
 * The rows of a raw SQL statement. Drizzle types `execute` by driver; both of ours (PGlite and
 * node-postgres) answer `{ rows }`, so the cast lives here once instead of in every repository.
 */
export async function rowsOf<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `json_to_recordset($1::json) as x("artistId" uuid, "name" text)`: a batch travels as one JSON
 * parameter, so a statement has one parameter whatever the batch size (PostgreSQL caps it at
 * 65,535) and works the same on PGlite and node-postgres. JSON.stringify is native and several
 * times cheaper than the drivers' per-element escaping of array parameters.
 */
export function recordset<Row extends object>(
  rows: readonly Row[],
  columns: Partial<Record<keyof Row & string, ColumnType>>,
) {
  const entries = Object.entries(columns) as [keyof Row & string, ColumnType][];
  const names = entries.map(([name]) => name);
  const definitions = entries.map(([name, type]) => sql`${sql.identifier(name)} ${sql.raw(type)}`);
  // json_to_recordset ignores other keys, so the (slower) key-filtering replacer is only worth it
  // when rows carry more than the columns. A missing value reads as null.
  const first = rows[0] ?? {};
  const exact = Object.keys(first).length === names.length && names.every((name) => name in first);
  const json = exact ? JSON.stringify(rows) : JSON.stringify(rows, names);
  return sql`json_to_recordset(${json}::json) as x(${sql.join(definitions, sql`, `)})`;
}

/** A point in SQL: columns or expressions, or numbers (sent as float8 parameters). */
export interface SqlPoint {
  lat: SQL | number;
  lon: SQL | number;
}

const float8 = (value: SQL | number): SQL => (typeof value === 'number' ? sql`${value}::float8` : value);

/**
 * Great-circle distance in km between two points in SQL: the haversine of shared/places.ts
 * distanceKm, with the same Earth radius, so a query and the code measure alike (no PostGIS
 * needed). least(1, …) keeps asin's argument in range where rounding lifts it a hair over 1.
 */
export function distanceKmSql(from: SqlPoint, to: SqlPoint): SQL<number> {
  const [fromLat, fromLon, toLat, toLon] = [from.lat, from.lon, to.lat, to.lon].map(float8);
  return sql<number>`(2 * ${sql.raw(String(EARTH_RADIUS_KM))} * asin(least(1, sqrt(
    power(sin(radians(${toLat} - ${fromLat}) / 2), 2)
    + cos(radians(${fromLat})) * cos(radians(${toLat})) * power(sin(radians(${toLon} - ${fromLon}) / 2), 2)))))`;
}

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH_SIZE) result.push(items.slice(start, start + BATCH_SIZE));
  return result;
}

/** Runs `query` once per batch of at most 5,000 items and concatenates the rows. */
export async function batched<In, Out>(
  executor: Executor,
  items: readonly In[],
  query: (batch: In[]) => SQL,
): Promise<Out[]> {
  const out: Out[] = [];
  for (const batch of chunks(items)) out.push(...(await rowsOf<Out>(executor, query(batch))));
  return out;
}

// No radius of its own: the box is drawn with the Earth radius the distance (distanceKmSql) measures
// with, so box and circle agree. (Trips once used the mean radius 6371.0088 km; against 6371 km that
// is 1.4 m per 1,000 km, less than the shown 0.1 km.)
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
/** A show exactly on the circle counts: a metre of slack for floating point. */
export const EDGE_SLACK_KM = 0.001;

/**
 * The box around the circle: latitude always narrows; longitude only when the box stays clear of
 * the poles. A box crossing the antimeridian (the date line) becomes two ranges.
 */
export function boundingBox(area: { lat: number; lon: number; radiusKm: number }, lat: SQL, lon: SQL): SQL {
  const dLat = (area.radiusKm + EDGE_SLACK_KM) / KM_PER_DEGREE;
  const minLat = area.lat - dLat;
  const maxLat = area.lat + dLat;
  const latRange = sql`${lat} between ${minLat} and ${maxLat}`;
  if (maxLat >= 90 || minLat <= -90) return latRange;
  // The widest longitude span is at the box's latitude nearest a pole.
  const cosLat = Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
  const dLon = (area.radiusKm + EDGE_SLACK_KM) / (KM_PER_DEGREE * cosLat);
  if (dLon >= 180) return latRange;
  const minLon = area.lon - dLon;
  const maxLon = area.lon + dLon;
  if (minLon < -180) return sql`${latRange} and (${lon} >= ${minLon + 360} or ${lon} <= ${maxLon})`;
  if (maxLon > 180) return sql`${latRange} and (${lon} >= ${minLon} or ${lon} <= ${maxLon - 360})`;
  return sql`${latRange} and ${lon} between ${minLon} and ${maxLon}`;
}
