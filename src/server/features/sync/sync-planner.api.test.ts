import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/sql.ts';
import { createLogger } from '#server/lib/logger.ts';
import type { Queue } from '#server/lib/queue.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { FAKE_BANDSINTOWN_KEY, type FakeBandsintown, startFakeBandsintown } from '#tests/fakes/bandsintown.ts';
import { isoDaysFromToday } from '#tests/fakes/dataset.ts';
import type { FakeServer } from '#tests/fakes/fake-server.ts';
import { FAKE_JAMBASE_KEY, type FakeJamBase, startFakeJamBase } from '#tests/fakes/jambase.ts';
import { FAKE_TICKETMASTER_KEY, type FakeTicketmaster, startFakeTicketmaster } from '#tests/fakes/ticketmaster.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';
import { planDailyResync, type ResyncDeps, syncPlannedArtist } from './sync.jobs.ts';
import { utcToday } from './sync-planner.repo.ts';
import { planSyncDay } from './sync-planner.ts';

type Row = Record<string, unknown>;

async function rows<T = Row>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(server.database.db, query);
}

/** Ticketmaster 20 calls a day (16 for the plan, 2 an artist), Bandsintown 10 (8), JamBase 5 (4). */
const QUOTAS = { TICKETMASTER_DAILY_QUOTA: '20', BANDSINTOWN_DAILY_QUOTA: '10', JAMBASE_DAILY_QUOTA: '5' };

/** Names sort in the opposite order of their priority, so only the planner's rules can order them. */
const ARTISTS = {
  going: 'Zed Going',
  followedTwice: 'Yak Followed Twice',
  followedOnce: 'Xeno Followed Once',
  searched: 'Wax Searched',
  longTailNever: 'Vole Long Tail',
  longTailOld: 'Umber Long Tail Old',
  longTailRecent: 'Tern Long Tail Recent',
  searchedToday: 'Swan Searched Today',
} as const;

describe('the sync planner: each source’s daily quota spent where fans are', () => {
  let ticketmaster: FakeTicketmaster;
  let bandsintown: FakeBandsintown;
  let jamBase: FakeJamBase;
  let server: TestServer;
  let deps: ResyncDeps;
  const ids = new Map<string, string>();
  const today = utcToday();
  const idOf = (name: string) => ids.get(name)!;

  beforeAll(async () => {
    [ticketmaster, bandsintown, jamBase] = await Promise.all([
      startFakeTicketmaster(),
      startFakeBandsintown(),
      startFakeJamBase(),
    ]);
    server = await startTestServer({
      TICKETMASTER_URL: ticketmaster.url,
      TICKETMASTER_API_KEY: FAKE_TICKETMASTER_KEY,
      BANDSINTOWN_URL: bandsintown.url,
      BANDSINTOWN_APP_ID: FAKE_BANDSINTOWN_KEY,
      JAMBASE_URL: jamBase.url,
      JAMBASE_API_KEY: FAKE_JAMBASE_KEY,
      ...QUOTAS,
    });
    const { providers } = server.background;
    deps = {
      database: server.database,
      logger: createLogger('silent'),
      events: { publish: async () => {} },
      catalogChanges: server.background.catalogChanges,
      jamBase: providers.jamBase,
      ticketmaster: providers.ticketmaster,
      bandsintown: providers.bandsintown,
    };
    await seedCatalog(server.database, [
      {
        name: ARTISTS.going,
        tours: [
          {
            name: 'Going Tour',
            stops: [{ date: isoDaysFromToday(30), venue: 'The Fillmore', city: 'San Francisco', country: 'US' }],
          },
        ],
      },
      ...Object.values(ARTISTS)
        .filter((name) => name !== ARTISTS.going)
        .map((name) => ({ name, tours: [] })),
    ]);
    for (const row of await rows<{ id: string; name: string }>(server, sql`select id, name from artists`)) {
      ids.set(row.name, row.id);
    }
    // A fan's pending artist is theirs alone: never planned.
    await server.database.db.execute(
      sql`insert into artists (name, slug, sort_name, pending) values ('Pending Band', 'pending-band', 'pending band', true)`,
    );
    const fans = await rows<{ id: string }>(
      server,
      sql`insert into users (name, email) values ('One', 'one@example.com'), ('Two', 'two@example.com') returning id`,
    );
    const follow = (fan: string, name: string) =>
      server.database.db.execute(sql`
        insert into favorite_artists (user_id, artist_id, artist_name, artist_slug)
        values (${fan}, ${idOf(name)}, ${name}, ${name.toLowerCase().replaceAll(' ', '-')})`);
    await follow(fans[0]!.id, ARTISTS.followedOnce);
    await follow(fans[0]!.id, ARTISTS.followedTwice);
    await follow(fans[1]!.id, ARTISTS.followedTwice);
    await server.database.db.execute(sql`
      insert into user_shows (user_id, stop_id, state)
      select ${fans[1]!.id}, s.id, 'going' from tour_stops s where s.artist_id = ${idOf(ARTISTS.going)}`);
    await server.database.db.execute(sql`
      insert into artist_searches (artist_id, searched_at) values
        (${idOf(ARTISTS.searched)}, now() - interval '2 days'), (${idOf(ARTISTS.searchedToday)}, now())`);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([ticketmaster?.close(), bandsintown?.close(), jamBase?.close()]);
  });

  beforeEach(async () => {
    await server.database.db.execute(sql`delete from sync_plan_items`);
    await server.database.db.execute(sql`delete from provider_daily_usage`);
    // The long tail's last syncs by every source: 3 days ago (too recent) and 8 days ago (due).
    for (const [name, daysAgo] of [
      [ARTISTS.longTailRecent, 3],
      [ARTISTS.longTailOld, 8],
    ] as const) {
      await server.database.db.execute(sql`
        insert into sync_plan_items (day, provider, artist_id, tier, position, done_at)
        select ${today}::date - ${daysAgo}::int, p, ${idOf(name)}, 'long-tail', 0, now() - ${daysAgo}::int * interval '1 day'
        from unnest(array['ticketmaster', 'bandsintown', 'jambase']) as p`);
    }
    for (const fake of [ticketmaster, bandsintown, jamBase] as FakeServer[]) fake.requests.length = 0;
  });

  const planOf = (provider: string) =>
    rows<{ name: string; tier: string }>(
      server,
      sql`select a.name, p.tier from sync_plan_items p join artists a on a.id = p.artist_id
          where p.day = ${today}::date and p.provider = ${provider} order by p.position`,
    );
  const usage = async () =>
    Object.fromEntries(
      (
        await rows<{ provider: string; calls: number }>(
          server,
          sql`select provider, calls from provider_daily_usage where day = ${today}::date`,
        )
      ).map((row) => [row.provider, Number(row.calls)]),
    );
  /** Runs every planned job now, as the queue would (twice: a second run must call nothing). */
  async function runPlannedJobs(times = 1): Promise<void> {
    const left = await rows<{ artist_id: string }>(
      server,
      sql`select distinct artist_id from sync_plan_items where day = ${today}::date and done_at is null`,
    );
    for (let run = 0; run < times; run++) {
      for (const { artist_id } of left) await syncPlannedArtist(deps, { artistId: artist_id, day: today });
    }
  }

  it('plans Going artists first, then followed (most followers first), then recently searched, then the due long tail', async () => {
    await planSyncDay(server.database, deps, today);
    expect(await planOf('bandsintown')).toEqual([
      { name: ARTISTS.going, tier: 'going' },
      { name: ARTISTS.followedTwice, tier: 'followed' },
      { name: ARTISTS.followedOnce, tier: 'followed' },
      { name: ARTISTS.searched, tier: 'searched' },
      // Never synced before the one synced 8 days ago; the one synced 3 days ago waits its week.
      { name: ARTISTS.longTailNever, tier: 'long-tail' },
      { name: ARTISTS.longTailOld, tier: 'long-tail' },
    ]);
    // JamBase's 4 plannable calls go to the first four; Ticketmaster's 16 (2 an artist) reach all six.
    expect((await planOf('jambase')).map((item) => item.name)).toEqual([
      ARTISTS.going,
      ARTISTS.followedTwice,
      ARTISTS.followedOnce,
      ARTISTS.searched,
    ]);
    expect(await planOf('ticketmaster')).toHaveLength(6);
  });

  it('queues the jobs in the plan’s order, spread over the day', async () => {
    const sent: { payload: { artistId: string }; startAfterSeconds: number }[] = [];
    const queue: Pick<Queue, 'send'> = {
      send: async (_type, payload, options) => {
        sent.push({ payload: payload as { artistId: string }, startAfterSeconds: options?.startAfterSeconds ?? 0 });
        return `job-${sent.length}`;
      },
    };
    const morning = new Date(`${today}T03:00:00Z`);
    expect(await planDailyResync(deps, queue, morning)).toBe(6);
    expect(sent.slice(0, 4).map((job) => job.payload.artistId)).toEqual(
      [ARTISTS.going, ARTISTS.followedTwice, ARTISTS.followedOnce, ARTISTS.searched].map(idOf),
    );
    const delays = sent.map((job) => job.startAfterSeconds);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    // 20 hours until 23:00 UTC shared by six artists.
    expect(delays[1]).toBe((20 * 3600) / 6);
  });

  it('never exceeds a quota, counting the calls made today before the plan', async () => {
    // Earlier today fans' searches spent 10 Ticketmaster calls and 7 Bandsintown calls.
    await server.database.db.execute(sql`
      insert into provider_daily_usage (provider, day, calls)
      values ('ticketmaster', ${today}::date, 10), ('bandsintown', ${today}::date, 7)`);
    await planSyncDay(server.database, deps, today);
    // Ticketmaster: (16 − 10) / 2 = 3 artists; Bandsintown: 8 − 7 = 1; JamBase: 4.
    expect((await planOf('ticketmaster')).map((item) => item.name)).toEqual([
      ARTISTS.going,
      ARTISTS.followedTwice,
      ARTISTS.followedOnce,
    ]);
    expect((await planOf('bandsintown')).map((item) => item.name)).toEqual([ARTISTS.going]);
    expect(await planOf('jambase')).toHaveLength(4);

    await runPlannedJobs();
    const spent = await usage();
    expect(spent.ticketmaster).toBeLessThanOrEqual(20);
    expect(spent.bandsintown).toBeLessThanOrEqual(10);
    expect(spent.jambase).toBeLessThanOrEqual(5);
    expect(bandsintown.requests).toHaveLength(1);

    // A second plan the same day finds no budget left for Bandsintown and adds nobody there.
    await planSyncDay(server.database, deps, today);
    expect(await planOf('bandsintown')).toHaveLength(1);
  });

  it('repeats no call after a restart: a second plan and second jobs the same day ask nobody again', async () => {
    await planDailyResync(deps, { send: async () => 'job' });
    await runPlannedJobs();
    const asked = {
      ticketmaster: ticketmaster.requests.length,
      bandsintown: bandsintown.requests.length,
      jamBase: jamBase.requests.length,
    };
    expect(asked.bandsintown).toBe(6);
    expect(asked.jamBase).toBe(4);

    // The server restarts: the plan job runs again, and jobs still queued run again.
    const requeued: unknown[] = [];
    const queue = {
      send: async (_type: unknown, payload: unknown) => {
        requeued.push(payload);
        return 'job';
      },
    };
    expect(await planDailyResync(deps, queue as Pick<Queue, 'send'>)).toBe(0);
    expect(requeued).toEqual([]);
    await runPlannedJobs(2);
    for (const { artistId } of [{ artistId: idOf(ARTISTS.going) }, { artistId: idOf(ARTISTS.searched) }]) {
      expect(await syncPlannedArtist(deps, { artistId, day: today })).toBeNull();
    }
    expect({
      ticketmaster: ticketmaster.requests.length,
      bandsintown: bandsintown.requests.length,
      jamBase: jamBase.requests.length,
    }).toEqual(asked);
    // Each artist asked of Bandsintown once.
    const names = bandsintown.requests.map((request) => decodeURIComponent(request.path.split('/')[2]!));
    expect(new Set(names).size).toBe(names.length);
  });

  it('a job that slipped into the next day leaves its artist to that day’s plan', async () => {
    await planSyncDay(server.database, deps, today);
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    expect(await syncPlannedArtist(deps, { artistId: idOf(ARTISTS.going), day: today }, tomorrow)).toBeNull();
    expect(ticketmaster.requests).toEqual([]);
  });

  it('syncs the long tail weekly while followed artists are synced daily', async () => {
    await server.database.db.execute(sql`delete from sync_plan_items`);
    const times = new Map<string, number>();
    for (let offset = 0; offset < 14; offset++) {
      const day = isoDaysFromToday(offset);
      await planSyncDay(server.database, { bandsintown: deps.bandsintown, jamBase: null }, day);
      // Every planned sync done (as its job would), without calling: only the plan is under test.
      const planned = await rows<{ name: string }>(
        server,
        sql`update sync_plan_items p set done_at = now() from artists a
            where a.id = p.artist_id and p.day = ${day}::date returning a.name`,
      );
      for (const { name } of planned) times.set(name, (times.get(name) ?? 0) + 1);
      // The plan's calls are not made here: the day's quota stays whole.
      await server.database.db.execute(sql`delete from provider_daily_usage`);
    }
    expect(times.get(ARTISTS.followedTwice)).toBe(14);
    expect(times.get(ARTISTS.going)).toBe(14);
    expect(times.get(ARTISTS.longTailNever)).toBe(2);
    expect(times.get(ARTISTS.longTailOld)).toBe(2);
    expect(times.get('Pending Band')).toBeUndefined();
  });
});
