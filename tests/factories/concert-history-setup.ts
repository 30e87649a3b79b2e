import { expect } from 'vitest';
import { type AuthTestServer, startAuthTestServer } from '#server/auth/auth.test-support.ts';
import type { Database } from '#server/db/client.ts';
import { FAKE_SETLISTFM_KEY, type FakeSetlistFm, startFakeSetlistFm } from '#tests/fakes/setlistfm.ts';
import { type SignedInFan, signedInFan } from '#tests/setup/fans.ts';
import type { TestServerOptions } from '#tests/setup/test-server.ts';
import { type FactoryArtist, seedCatalog } from './catalog.ts';
import { FIXTURE_SHOWS, fixtureCatalog } from './concert-history.ts';

/**
 * The set-up the History, Stats, setlists and history-import API tests share: a catalog seeded into
 * a test server, its stops by `slug@yyyy-mm-dd`, fans signed up through the real routes, and shows
 * marked through PUT /api/shows/stops/:id.
 */

/** The UTC calendar day `days` before today: the fake setlist.fm dates its shows the same way. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

export interface ConcertCatalog {
  server: AuthTestServer;
  /** Every catalog stop: `slug@yyyy-mm-dd` → id. */
  stopIds: Record<string, string>;
  /** The stop's id; an unknown key fails the test instead of sending `undefined`. */
  stop(key: string): string;
  /** A fan's state for a stop, through the product's route (the answer must be 200). */
  mark(fan: SignedInFan, key: string, state: 'attended' | 'missed' | 'going', today?: string): Promise<void>;
}

/** `slug@date` → stop id for every stop. */
export async function stopIdsByKey(database: Database): Promise<Record<string, string>> {
  const { rows } = await database.query<{ key: string; id: string }>(
    "select a.slug || '@' || s.event_date::text as key, s.id from tour_stops s join artists a on a.id = s.artist_id",
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.id]));
}

/** Seeds `catalog` into `server` and returns the lookups over it. */
export async function concertCatalog(server: AuthTestServer, catalog: FactoryArtist[]): Promise<ConcertCatalog> {
  await seedCatalog(server.database, catalog);
  const stopIds = await stopIdsByKey(server.database);
  const stop = (key: string) => {
    const id = stopIds[key];
    if (!id) throw new Error(`no stop ${key}`);
    return id;
  };
  return {
    server,
    stopIds,
    stop,
    async mark(fan, key, state, today) {
      const response = await fan.browser.request(`/api/shows/stops/${stop(key)}`, {
        method: 'PUT',
        json: today ? { state, today } : { state },
      });
      expect(response.status, key).toBe(200);
    },
  };
}

/** The day the fixture fan answers on (after every fixture show). */
export const FIXTURE_ANSWER_DAY = '2025-01-10';
/** Letters of FIXTURE_SHOWS → artist slugs. */
export const FIXTURE_SLUGS = {
  A: 'northern-lanterns',
  B: 'velvet-harbour',
  C: 'amber-skies',
  D: 'copper-tide',
  E: 'glass-rivers',
} as const;

export interface FixtureHistory extends ConcertCatalog {
  /** Every FIXTURE_SHOWS stop attended; A@2024-03-23 attended then cancelled; C@2024-05-25 missed; D@2024-12-20 going. */
  fan: SignedInFan;
  /** Another fan who attended A@2022-01-15 only. */
  other: SignedInFan;
}

/**
 * The History and Stats fixture: a server with the fixture catalog (tests/factories/concert-history.ts)
 * and the fixture fan's 40 attended shows, a cancelled one, a missed one and a Going one whose date
 * passed, and a second fan. Setlists, ratings and home are each test file's own.
 */
export async function fixtureHistory(options: TestServerOptions = {}): Promise<FixtureHistory> {
  const server = await startAuthTestServer({}, options);
  const catalog = await concertCatalog(server, fixtureCatalog());
  const fan = await signedInFan(server, { label: 'history-fan' });
  const other = await signedInFan(server, { label: 'history-other' });
  for (const [date, , artists] of FIXTURE_SHOWS) {
    for (const artist of artists)
      await catalog.mark(fan, `${FIXTURE_SLUGS[artist]}@${date}`, 'attended', FIXTURE_ANSWER_DAY);
  }
  // Attended, then the stop was cancelled (a sync bumps its revision): it must not count anywhere.
  await catalog.mark(fan, 'northern-lanterns@2024-03-23', 'attended', FIXTURE_ANSWER_DAY);
  await server.database.query(`update tour_stops set status = 'cancelled', revision = revision + 1 where id = $1`, [
    catalog.stop('northern-lanterns@2024-03-23'),
  ]);
  await catalog.mark(fan, 'amber-skies@2024-05-25', 'missed', FIXTURE_ANSWER_DAY);
  await catalog.mark(fan, 'copper-tide@2024-12-20', 'going', '2024-12-01');
  await catalog.mark(other, 'northern-lanterns@2022-01-15', 'attended', FIXTURE_ANSWER_DAY);
  return { ...catalog, fan, other };
}

export interface SetlistFmCatalog extends ConcertCatalog {
  fake: FakeSetlistFm;
  close(): Promise<void>;
}

/** A server wired to a fresh fake setlist.fm (tests/fakes/setlistfm.ts), with `catalog` seeded. */
export async function setlistFmCatalog(
  catalog: FactoryArtist[],
  options: TestServerOptions = {},
): Promise<SetlistFmCatalog> {
  const fake = await startFakeSetlistFm();
  const server = await startAuthTestServer({ SETLISTFM_URL: fake.url, SETLISTFM_API_KEY: FAKE_SETLISTFM_KEY }, options);
  return {
    ...(await concertCatalog(server, catalog)),
    fake,
    async close() {
      await server.close();
      await fake.close();
    },
  };
}
