import fs from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import type { CatalogFile } from '#shared/catalog-import.ts';
import { openTestDatabase } from '#tests/setup/databases.ts';
import { demoCatalogPath, seedDemoCatalogIfEmpty } from './catalog.seed.ts';

const demo = JSON.parse(fs.readFileSync(demoCatalogPath, 'utf8')) as CatalogFile;
const demoStops = demo.artists.flatMap((artist) => artist.tours.flatMap((tour) => tour.stops));

/** A logger whose JSON lines land in an array. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

describe('demo catalog seeding', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const counts = async () =>
    (
      await database.query<{ artists: number; stops: number; venues: number; first: string; last: string }>(
        `select (select count(*)::int from artists) as artists, (select count(*)::int from tour_stops) as stops,
                (select count(*)::int from venues) as venues,
                (select min(event_date)::text from tour_stops) as first, (select max(event_date)::text from tour_stops) as last`,
      )
    ).rows[0]!;

  it('fills an empty database with the demo catalog, its dates moved around today, and logs what it added', async () => {
    const { logger, lines } = capturingLogger();
    // Years after the file was written, the demo still has upcoming shows.
    await seedDemoCatalogIfEmpty(database, logger, '2030-01-01');

    const after = await counts();
    expect(after.artists).toBe(demo.artists.length);
    expect(after.stops).toBe(demoStops.length);
    expect(after.first >= '2029-07-01' && after.last <= '2031-01-01').toBe(true);
    const [upcoming] = (
      await database.query<{ count: number }>(
        `select count(*)::int as count from artists where last_event_date >= '2030-01-01'`,
      )
    ).rows;
    expect(upcoming!.count).toBeGreaterThan(demo.artists.length / 2);
    expect(upcoming!.count).toBeLessThan(demo.artists.length);

    const log = lines.find((line) => line.msg === 'loaded the demo catalog into the empty database');
    expect(log).toMatchObject({
      artistsAdded: demo.artists.length,
      stopsAdded: demoStops.length,
      venuesAdded: after.venues,
    });
  });

  it('leaves a database that already has artists alone', async () => {
    const before = await counts();
    const { logger, lines } = capturingLogger();
    await seedDemoCatalogIfEmpty(database, logger, '2031-06-01');
    expect(await counts()).toEqual(before);
    expect(lines).toEqual([]);
  });
});
