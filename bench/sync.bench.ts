/**
 * `npm run bench:sync`: 1,000 followed artists synced from three local fakes (Ticketmaster,
 * Bandsintown, JamBase) whose listings overlap like real sources (bench/sync-world.ts), through
 * the sync planner and its jobs' own code (sync-planner.ts, syncPlannedArtist), two days running:
 * the first day every artist's dates arrive; overnight one show in ten artists' tours moves
 * (Bandsintown lags) and one is cancelled by Ticketmaster alone; the second day's plan brings it in.
 * Prints duplicate stops, lost shows, co-bills that are not one stop per performer, calls per
 * provider against each daily quota, and the time; then checks a hidden fixture of known overlaps
 * that must merge exactly. Exits non-zero on any mismatch. Pacing is off against the local fakes
 * (Ticketmaster's real 5 a second would make 2,000 calls take at least 400 s); the quotas are the
 * real defaults. `--quick`: 200 artists. `--only=postgres|pglite`.
 */
import { sql } from 'drizzle-orm';
import { type Database, migrateDatabase } from '#server/db/client.ts';
import { type ResyncDeps, syncPlannedArtist } from '#server/features/sync/sync.jobs.ts';
import { utcToday } from '#server/features/sync/sync-planner.repo.ts';
import { planSyncDay } from '#server/features/sync/sync-planner.ts';
import type { CatalogChanges } from '#server/lib/catalog-changes.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createBandsintownClient } from '#server/providers/bandsintown/bandsintown.client.ts';
import { databaseCallRecorder } from '#server/providers/http.ts';
import { createJamBaseClient } from '#server/providers/jambase/jambase.client.ts';
import { createTicketmasterClient } from '#server/providers/ticketmaster/ticketmaster.client.ts';
import {
  FAKE_BANDSINTOWN_KEY,
  type FakeBandsintown,
  fakeBitEvents,
  startFakeBandsintown,
} from '#tests/fakes/bandsintown.ts';
import { type FakeArtist, isoDaysFromToday } from '#tests/fakes/dataset.ts';
import { FAKE_JAMBASE_KEY, type FakeJamBase, startFakeJamBase } from '#tests/fakes/jambase.ts';
import { FAKE_TICKETMASTER_KEY, type FakeTicketmaster, startFakeTicketmaster } from '#tests/fakes/ticketmaster.ts';
import { benchArgs, onEachDatabase, runBench, secondsSince } from './support.ts';
import { generateWorld, listInFakes, moveAndCancel, type TrueShow, type World } from './sync-world.ts';

const ARTIST_COUNT = benchArgs.quick ? 200 : 1_000;
/** The real defaults: Ticketmaster's free key, our Bandsintown cap, a JamBase Pro plan's month over 30 days. */
const QUOTAS = { ticketmaster: 5_000, bandsintown: 10_000, jambase: 1_500 };
/** Artists synced at once, as several queue workers would. */
const CONCURRENCY = 8;
const BENCH_DATABASE = 'tourguides_bench_sync';

interface Fakes {
  tm: FakeTicketmaster;
  bit: FakeBandsintown;
  jb: FakeJamBase;
}

const quietChanges: CatalogChanges = {
  version: () => 0,
  lastChangeAt: () => Number.NEGATIVE_INFINITY,
  noted: () => {},
  changed: async () => {},
  follow: () => () => {},
};

function depsFor(database: Database, fakes: Fakes): ResyncDeps {
  const record = databaseCallRecorder(database);
  const common = { database, timeoutMs: 10_000, record, intervalMs: 0 };
  return {
    database,
    logger: createLogger('silent'),
    events: { publish: async () => {} },
    catalogChanges: quietChanges,
    ticketmaster: createTicketmasterClient({
      ...common,
      baseUrl: fakes.tm.url,
      apiKey: FAKE_TICKETMASTER_KEY,
      dailyQuota: QUOTAS.ticketmaster,
    }),
    bandsintown: createBandsintownClient({
      ...common,
      baseUrl: fakes.bit.url,
      appId: FAKE_BANDSINTOWN_KEY,
      userAgent: 'TourGuides bench',
      dailyQuota: QUOTAS.bandsintown,
    }),
    jamBase: createJamBaseClient({
      ...common,
      baseUrl: fakes.jb.url,
      apiKey: FAKE_JAMBASE_KEY,
      dailyQuota: QUOTAS.jambase,
    }),
  };
}

// ---- The hidden fixture: known overlaps on the fakes' own venues, and the stops they must become.

const FIXTURE_A: FakeArtist = {
  mbid: 'f1f1f1f1-0000-4000-8000-00000000f001',
  name: 'Hidden Fixture Aurora',
  jambaseId: 'jambase:7770001',
};
const FIXTURE_B: FakeArtist = {
  mbid: 'f1f1f1f1-0000-4000-8000-00000000f002',
  name: 'Hidden Fixture Borealis',
  jambaseId: 'jambase:7770002',
};

function listFixture(fakes: Fakes): void {
  const bitVenue = (id: string) => fakeBitEvents().find((event) => event.id === id)!.venue;
  const [roundhouse, albertHall, fillmore] = [bitVenue('1037000101'), bitVenue('1037000102'), bitVenue('1037000110')];
  const [A, B] = [FIXTURE_A.mbid, FIXTURE_B.mbid];
  for (const fake of [fakes.tm, fakes.bit, fakes.jb]) fake.artists.push(FIXTURE_A, FIXTURE_B);
  fakes.tm.events.push(
    { id: 'FX-TM-1', attractions: [A], venueId: 'KovZ9177Rnd', daysFromToday: 33, time: '19:00:00' },
    { id: 'FX-TM-2', attractions: [A], venueId: 'KovZpZAHob', daysFromToday: 34, time: '19:30:00' },
    { id: 'FX-TM-3E', attractions: [A], venueId: 'KovZpZAFil', daysFromToday: 35, time: '18:00:00' },
    { id: 'FX-TM-3L', attractions: [A], venueId: 'KovZpZAFil', daysFromToday: 35, time: '22:00:00' },
    { id: 'FX-TM-4', attractions: [B, A], venueId: 'KovZpZAFil', daysFromToday: 36, time: '19:00:00' },
    { id: 'FX-TM-6', attractions: [B], venueId: 'KovZ9177Rnd', daysFromToday: 38, time: '19:00:00' },
  );
  fakes.bit.events.push(
    { id: '9990000001', lineup: [A], venue: roundhouse, daysFromToday: 33, time: '19:30:00' },
    { id: '9990000003', lineup: [A], venue: fillmore, daysFromToday: 35, time: '18:30:00' },
    { id: '9990000004', lineup: [A], venue: fillmore, daysFromToday: 35, time: '21:30:00' },
    { id: '9990000005', lineup: [B, A], venue: fillmore, daysFromToday: 36, time: '18:00:00' },
    { id: '9990000006', lineup: [B], venue: albertHall, daysFromToday: 37, time: '20:00:00' },
  );
  fakes.jb.events.push(
    { id: 'jambase:99900001', performers: [A], venueId: 'jambase:70001', daysFromToday: 33, time: '19:30:00' },
    { id: 'jambase:99900002', performers: [A], venueId: 'jambase:70003', daysFromToday: 34, time: '20:00:00' },
    { id: 'jambase:99900004', performers: [B, A], venueId: 'jambase:70004', daysFromToday: 36, time: '18:30:00' },
    { id: 'jambase:99900005', performers: [B], venueId: 'jambase:70002', daysFromToday: 37, time: '21:25:00' },
    { id: 'jambase:99900006', performers: [B], venueId: 'jambase:70001', daysFromToday: 38, time: '21:00:00' },
  );
}

/** artist | date | venue | time | sources: what the merge must make of the fixture, exactly. */
function expectedFixture(): string[] {
  const d = isoDaysFromToday;
  const [a, b] = [FIXTURE_A.name, FIXTURE_B.name];
  return [
    // Three spellings and times of one show: Ticketmaster's spelling and time (doors) win.
    `${a} | ${d(33)} | Roundhouse | 19:00 | bandsintown, jambase, ticketmaster`,
    // "House of Blues" and "House of Blues Boston" in Boston: one venue (whole-word prefix).
    `${a} | ${d(34)} | House of Blues Boston | 19:30 | jambase, ticketmaster`,
    // Early and late at one venue on one date: two stops, each with its own two listings.
    `${a} | ${d(35)} | The Fillmore | 18:00 | bandsintown, ticketmaster`,
    `${a} | ${d(35)} | The Fillmore | 22:00 | bandsintown, ticketmaster`,
    // A co-bill listed by all three: one stop per performer, each with all three listings.
    `${a} | ${d(36)} | The Fillmore | 19:00 | bandsintown, jambase, ticketmaster`,
    `${b} | ${d(36)} | The Fillmore | 19:00 | bandsintown, jambase, ticketmaster`,
    // 85 minutes apart from two sources: one show, JamBase's time (it ranks above Bandsintown).
    `${b} | ${d(37)} | Albert Hall | 21:25 | bandsintown, jambase`,
    // 2 hours apart at one venue from two sources: two shows, not one.
    `${b} | ${d(38)} | Roundhouse | 19:00 | ticketmaster`,
    `${b} | ${d(38)} | The Roundhouse | 21:00 | jambase`,
  ];
}

async function actualFixture(database: Database): Promise<string[]> {
  const rows = (
    (await database.db.execute(sql`
      select a.name || ' | ' || s.event_date::text || ' | ' || v.name || ' | ' || to_char(s.start_time, 'HH24:MI') || ' | ' ||
             coalesce((select string_agg(distinct ss.provider, ', ' order by ss.provider) from stop_sources ss
                       where ss.stop_id = s.id), '') as line
      from tour_stops s join artists a on a.id = s.artist_id join venues v on v.id = s.venue_id
      where a.mbid in (${FIXTURE_A.mbid}, ${FIXTURE_B.mbid})
      order by a.name, s.event_date, s.start_time`)) as unknown as { rows: { line: string }[] }
  ).rows;
  return rows.map((row) => row.line);
}

// ---- The run.

async function seedFollowedArtists(database: Database, artists: FakeArtist[]): Promise<void> {
  await database.db.execute(sql`insert into users (name, email) values ('Bench Fan', 'bench-fan@example.com')`);
  const list = artists.map((artist) => ({
    name: artist.name,
    slug: artist.name.toLowerCase().replaceAll(' ', '-'),
    mbid: artist.mbid,
  }));
  await database.db.execute(sql`
    insert into artists (name, slug, sort_name, mbid)
    select x.name, x.slug, lower(x.name), x.mbid from json_to_recordset(${JSON.stringify(list)}::json) as x(name text, slug text, mbid text)`);
  await database.db.execute(sql`
    insert into favorite_artists (user_id, artist_id, artist_name, artist_slug)
    select u.id, a.id, a.name, a.slug from users u cross join artists a where u.email = 'bench-fan@example.com'`);
}

/** One day: the plan, then every planned artist's job, CONCURRENCY at a time. */
async function runDay(deps: ResyncDeps, now: Date): Promise<{ planned: Record<string, number>; seconds: string }> {
  const started = performance.now();
  const day = utcToday(now);
  const added = await planSyncDay(deps.database, deps, day);
  const artistIds = [
    ...new Set(Object.values(added).flatMap((candidates) => candidates.map((candidate) => candidate.artistId))),
  ];
  let next = 0;
  const worker = async () => {
    while (next < artistIds.length) {
      const artistId = artistIds[next++]!;
      await syncPlannedArtist(deps, { artistId, day }, now);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const planned = Object.fromEntries(Object.entries(added).map(([provider, list]) => [provider, list.length]));
  return { planned, seconds: secondsSince(started) };
}

interface StopRow {
  mbid: string;
  date: string;
  time: string | null;
  city: string;
  status: string;
  lineups: string[][];
}

async function storedStops(database: Database): Promise<StopRow[]> {
  return (
    (await database.db.execute(sql`
      select a.mbid, s.event_date::text as date, to_char(s.start_time, 'HH24:MI') as time, s.city, s.status,
             coalesce((select json_agg(ss.lineup) from stop_sources ss where ss.stop_id = s.id), '[]'::json) as lineups
      from tour_stops s join artists a on a.id = s.artist_id
      where a.name like 'Bench Band %'`)) as unknown as { rows: StopRow[] }
  ).rows;
}

const minutesOf = (time: string | null) => {
  if (!time) return null;
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** Compares the catalog with the world's truth: duplicates, lost shows, co-bills not one stop per performer. */
function audit(world: World, stops: StopRow[], cityOf: (show: TrueShow) => string) {
  const byArtistDate = new Map<string, StopRow[]>();
  for (const stop of stops) {
    const key = `${stop.mbid}|${stop.date}|${stop.city}`;
    byArtistDate.set(key, [...(byArtistDate.get(key) ?? []), stop]);
  }
  const claimed = new Set<StopRow>();
  let lost = 0;
  let wrongStatus = 0;
  let coBillsSplit = 0;
  for (const show of world.shows) {
    const day = show.movedTo ?? show.day;
    for (const mbid of show.bill) {
      const candidates = (byArtistDate.get(`${mbid}|${isoDaysFromToday(day)}|${cityOf(show)}`) ?? []).filter(
        (stop) =>
          !claimed.has(stop) && Math.abs((minutesOf(stop.time) ?? minutesOf(show.time)!) - minutesOf(show.time)!) <= 90,
      );
      const stop = candidates[0];
      if (!stop) {
        lost++;
        continue;
      }
      claimed.add(stop);
      if (stop.status !== (show.cancelled ? 'cancelled' : 'scheduled')) wrongStatus++;
      if (show.kind === 'co-bill' && !stop.lineups.some((lineup) => lineup.length === show.bill.length)) coBillsSplit++;
    }
  }
  return { duplicates: stops.length - claimed.size, lost, wrongStatus, coBillsSplit };
}

async function callsPerProvider(database: Database): Promise<Record<string, number>> {
  const rows = (
    (await database.db.execute(
      sql`select provider, count(*)::int as calls from provider_calls group by provider order by provider`,
    )) as unknown as { rows: { provider: string; calls: number }[] }
  ).rows;
  return Object.fromEntries(rows.map((row) => [row.provider, row.calls]));
}

let failures = 0;
function check(label: string, ok: boolean, detail: string): void {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${label}: ${detail}`);
  if (!ok) failures++;
}

async function benchOn(label: string, database: Database, fakes: Fakes, world: World): Promise<void> {
  console.log(
    `\n${label}: ${ARTIST_COUNT.toLocaleString('en-US')} followed artists, ${world.shows.length.toLocaleString('en-US')} shows`,
  );
  await migrateDatabase(database);
  await seedFollowedArtists(database, [...world.artists, FIXTURE_A, FIXTURE_B]);
  const deps = depsFor(database, fakes);
  const started = performance.now();
  const cityOf = (show: TrueShow) =>
    fakes.jb.venues.find((venue) => venue.id === `jambase:9${String(show.venue).padStart(4, '0')}`)!.city;

  const today = new Date();
  const first = await runDay(deps, today);
  console.log(`  day 1: planned ${JSON.stringify(first.planned)}, synced in ${first.seconds} s`);
  const dayOneCalls = await callsPerProvider(database);
  let result = audit(world, await storedStops(database), cityOf);
  check('day 1 duplicate stops', result.duplicates === 0, String(result.duplicates));
  check('day 1 lost shows', result.lost === 0, String(result.lost));
  check(
    'day 1 co-bills not one stop per performer with its bill',
    result.coBillsSplit === 0,
    String(result.coBillsSplit),
  );
  for (const [provider, quota] of Object.entries(QUOTAS)) {
    const calls = dayOneCalls[provider] ?? 0;
    check(
      `day 1 ${provider} calls within its quota`,
      calls <= quota,
      `${calls.toLocaleString('en-US')} of ${quota.toLocaleString('en-US')}`,
    );
  }
  const fixture = await actualFixture(database);
  const expected = expectedFixture();
  const fixtureOk = JSON.stringify(fixture) === JSON.stringify(expected);
  check('hidden fixture merged exactly', fixtureOk, fixtureOk ? `${expected.length} stops` : 'see below');
  if (!fixtureOk) {
    console.log(`    expected:\n      ${expected.join('\n      ')}\n    got:\n      ${fixture.join('\n      ')}`);
  }

  // Overnight: moves (Bandsintown lags) and Ticketmaster's cancellations; a new UTC day, a new quota.
  moveAndCancel(world, fakes);
  await database.db.execute(sql`delete from provider_daily_usage`);
  await database.db.execute(sql`delete from provider_calls`);
  const tomorrow = new Date(today.getTime() + 24 * 3600_000);
  const second = await runDay(deps, tomorrow);
  console.log(`  day 2: planned ${JSON.stringify(second.planned)}, synced in ${second.seconds} s`);
  const dayTwoCalls = await callsPerProvider(database);
  result = audit(world, await storedStops(database), cityOf);
  check('day 2 duplicate stops', result.duplicates === 0, String(result.duplicates));
  check('day 2 lost shows', result.lost === 0, String(result.lost));
  check('day 2 moved and cancelled stops in their new state', result.wrongStatus === 0, `${result.wrongStatus} wrong`);
  for (const [provider, quota] of Object.entries(QUOTAS)) {
    const calls = dayTwoCalls[provider] ?? 0;
    check(
      `day 2 ${provider} calls within its quota`,
      calls <= quota,
      `${calls.toLocaleString('en-US')} of ${quota.toLocaleString('en-US')}`,
    );
  }
  const conflicts = (
    (await database.db.execute(
      sql`select count(*)::int as n from stop_sources ss join tour_stops s on s.id = ss.stop_id where ss.reported_date <> s.event_date`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;
  console.log(`  day 2: ${conflicts} lagging listings kept as conflicts (the moved shows' Bandsintown dates)`);
  console.log(`  total ${secondsSince(started)} s`);
}

await runBench(`bench:sync — ${ARTIST_COUNT} followed artists, three overlapping sources, two days`, async () => {
  await onEachDatabase({ name: BENCH_DATABASE, poolSize: 10 }, async (label, database) => {
    // A fresh world and fresh fakes per database: the news of day 2 edits them.
    const [tm, bit, jb] = await Promise.all([startFakeTicketmaster(), startFakeBandsintown(), startFakeJamBase()]);
    const fakes = { tm, bit, jb };
    try {
      const world = generateWorld(ARTIST_COUNT);
      listInFakes(world, fakes);
      listFixture(fakes);
      await benchOn(label, database, fakes, world);
    } finally {
      await Promise.all([tm.close(), bit.close(), jb.close()]);
    }
  });
});
if (failures > 0) {
  console.log(`${failures} check(s) failed`);
  process.exit(1);
}
process.exit(0);
