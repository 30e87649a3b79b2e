import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/sql.ts';
import { createLogger } from '#server/lib/logger.ts';
import type { Queue } from '#server/lib/queue.ts';
import { databaseCallRecorder } from '#server/providers/http.ts';
import { createJamBaseClient } from '#server/providers/jambase/jambase.client.ts';
import { localIsoDate } from '#shared/dates.ts';
import { isoDaysFromToday, NORTHERN_LANTERNS, VELVET_HARBOR } from '#tests/fakes/dataset.ts';
import { FAKE_JAMBASE_KEY, type FakeJamBase, startFakeJamBase } from '#tests/fakes/jambase.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';
import {
  artistResyncJob,
  planDailyResync,
  type ResyncDeps,
  resyncArtist,
  resyncSpacingSeconds,
  syncJobDefinitions,
} from './sync.jobs.ts';

type Row = Record<string, unknown>;

async function rows<T = Row>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(server.database.db, query);
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('freshness: daily re-sync of followed artists', () => {
  let jamBase: FakeJamBase;
  let server: TestServer;
  let deps: ResyncDeps;
  let artistId: string;
  const today = localIsoDate();

  beforeAll(async () => {
    jamBase = await startFakeJamBase();
    server = await startTestServer({ JAMBASE_URL: jamBase.url, JAMBASE_API_KEY: FAKE_JAMBASE_KEY }, { jobs: true });
    deps = {
      database: server.database,
      logger: createLogger('silent'),
      events: server.background.events,
      catalogChanges: server.background.catalogChanges,
      jamBase: createJamBaseClient({
        baseUrl: jamBase.url,
        apiKey: FAKE_JAMBASE_KEY,
        timeoutMs: 2000,
        record: databaseCallRecorder(server.database),
      }),
    };
    for (const [name, mbid] of [
      ['Northern Lanterns', NORTHERN_LANTERNS],
      ['Velvet Harbor', VELVET_HARBOR],
    ]) {
      expect((await server.fetch('/api/search/sync', post({ artistName: name, mbid }))).status).toBe(200);
    }
    artistId = (await rows<{ id: string }>(server, sql`select id from artists where mbid = ${NORTHERN_LANTERNS}`))[0]!
      .id;
    const [user] = await rows<{ id: string }>(
      server,
      sql`insert into users (name, email) values ('Fan', 'fan@example.com') returning id`,
    );
    await server.database.db.execute(sql`
      insert into favorite_artists (user_id, artist_id, artist_name, artist_slug)
      values (${user!.id}, ${artistId}, 'Northern Lanterns', 'northern-lanterns')`);
  });
  afterAll(async () => {
    await server?.close();
    await jamBase?.close();
  });

  it('records nothing when nothing changed', async () => {
    const outcome = await resyncArtist(deps, artistId, today);
    expect(outcome).toMatchObject({ stopsAdded: 0, changes: { new: 0, moved: 0, cancelled: 0 } });
    expect(await rows(server, sql`select * from tour_stop_changes`)).toEqual([]);
  });

  it('records new, moved and cancelled stops and brings the catalog in line', async () => {
    const stopBefore = async (eventId: string) =>
      (
        await rows<{ id: string }>(
          server,
          sql`select id from tour_stops where external_id = ${`${eventId}/jambase:5550001`}`,
        )
      )[0]?.id;
    const londonId = await stopBefore('jambase:12000001');
    const manchesterId = await stopBefore('jambase:12000002');
    const bostonId = await stopBefore('jambase:12000003');

    const event = (id: string) => jamBase.events.find((candidate) => candidate.id === id)!;
    event('jambase:12000001').daysFromToday = 23; // new date
    event('jambase:12000002').venueId = 'jambase:70004'; // new venue
    event('jambase:12000003').status = 'cancelled';
    jamBase.events.push({
      id: 'jambase:12000004',
      performers: [NORTHERN_LANTERNS],
      venueId: 'jambase:70003',
      daysFromToday: 60,
      time: '20:00:00',
    });

    const outcome = await resyncArtist(deps, artistId, today);
    expect(outcome?.changes).toEqual({ new: 1, moved: 2, cancelled: 1 });

    const changes = await rows<{ stop_id: string; kind: string; details: Row; notified_at: unknown }>(
      server,
      sql`select stop_id, kind, details, notified_at from tour_stop_changes where artist_id = ${artistId} order by kind, stop_id`,
    );
    const byKind = (kind: string) => changes.filter((change) => change.kind === kind);
    expect(byKind('cancelled')).toEqual([
      {
        stop_id: bostonId,
        kind: 'cancelled',
        details: { date: isoDaysFromToday(40), venue: 'House of Blues', city: 'Boston' },
        notified_at: null,
      },
    ]);
    expect(
      byKind('moved')
        .map((change) => change.stop_id)
        .sort(),
    ).toEqual([londonId, manchesterId].sort());
    expect(byKind('moved').find((change) => change.stop_id === londonId)?.details).toEqual({
      from: { date: isoDaysFromToday(20), venue: 'The Roundhouse', city: 'London' },
      to: { date: isoDaysFromToday(23), venue: 'The Roundhouse', city: 'London' },
    });
    expect(byKind('new')[0]?.details).toEqual({ date: isoDaysFromToday(60), venue: 'House of Blues', city: 'Boston' });

    const page = await (await server.fetch(`/api/artists/northern-lanterns?today=${today}`)).json();
    const stops = page.tours.flatMap((tour: { stops: Row[] }) => tour.stops);
    const byId = new Map(stops.map((stop: Row) => [stop.id, stop]));
    expect(byId.get(londonId)).toMatchObject({ date: isoDaysFromToday(23), venueName: 'The Roundhouse' });
    expect(byId.get(manchesterId)).toMatchObject({ venueName: 'The Fillmore', city: 'San Francisco', region: 'CA' });
    // Cancelled stops are kept (fans' lists keep them), marked cancelled; moves and cancellations bump the revision.
    expect(byId.get(bostonId)).toMatchObject({ status: 'cancelled', venueName: 'House of Blues' });
    expect(stops).toHaveLength(5);
    const revisions = await rows<{ id: string; revision: number; status: string }>(
      server,
      sql`select id, revision, status from tour_stops where artist_id = ${artistId}`,
    );
    const revisionOf = new Map(revisions.map((row) => [row.id, row.revision]));
    expect([revisionOf.get(londonId!), revisionOf.get(manchesterId!), revisionOf.get(bostonId!)]).toEqual([1, 1, 1]);
    const profile = await (await server.fetch(`/api/artist-profile/northern-lanterns?today=${today}`)).json();
    expect(profile.upcomingShowCount).toBe(4);
    expect(profile.nextShows.map((show: Row) => show.stopId)).not.toContain(bostonId);
  });

  it('a cancelled stop stays cancelled on the next sync, and comes back when the provider lists it again', async () => {
    const bostonId = (
      await rows<{ id: string }>(
        server,
        sql`select id from tour_stops where external_id = ${'jambase:12000003/jambase:5550001'}`,
      )
    )[0]!.id;
    const statusOf = async () =>
      (
        await rows<{ status: string; revision: number }>(
          server,
          sql`select status, revision from tour_stops where id = ${bostonId}`,
        )
      )[0];
    const again = await resyncArtist(deps, artistId, today);
    expect(again?.changes).toEqual({ new: 0, moved: 0, cancelled: 0 });
    expect(await statusOf()).toEqual({ status: 'cancelled', revision: 1 });

    const event = jamBase.events.find((candidate) => candidate.id === 'jambase:12000003')!;
    event.status = undefined;
    await resyncArtist(deps, artistId, today);
    expect(await statusOf()).toEqual({ status: 'scheduled', revision: 2 });
    event.status = 'cancelled';
    await resyncArtist(deps, artistId, today);
    expect(await statusOf()).toEqual({ status: 'cancelled', revision: 3 });
  });

  it('runs as a queued job and, with nothing new, records nothing more', async () => {
    const before = (await rows(server, sql`select id from tour_stop_changes`)).length;
    const callsBefore = (await rows(server, sql`select id from provider_calls where provider = 'jambase'`)).length;
    await server.background.queue.send(artistResyncJob, { artistId }, { singletonKey: artistId });
    let calls = callsBefore;
    for (let i = 0; i < 100 && calls === callsBefore; i++) {
      await sleep(100);
      calls = (await rows(server, sql`select id from provider_calls where provider = 'jambase'`)).length;
    }
    expect(calls).toBeGreaterThan(callsBefore);
    await sleep(300);
    expect((await rows(server, sql`select id from tour_stop_changes`)).length).toBe(before);
  });

  it('plans a job per artist keyed by day, the followed artist first, and none without a source', async () => {
    // Both were searched today (that sync asked every source), so today's plan leaves them out.
    expect(await planDailyResync(deps, { send: async () => 'job-id' })).toBe(0);
    expect(await rows(server, sql`select artist_id from artist_searches`)).toHaveLength(2);
    // A later day's plan has them: the searches are forgotten here as if it were that day.
    await server.database.db.execute(sql`delete from artist_searches`);
    const sent: { payload: unknown; options: unknown }[] = [];
    const queue: Pick<Queue, 'send'> = {
      send: async (_type, payload, options) => {
        sent.push({ payload, options });
        return 'job-id';
      },
    };
    const day = new Date().toISOString().slice(0, 10);
    expect(await planDailyResync(deps, queue)).toBe(2);
    expect(sent[0]).toEqual({
      payload: { artistId, day },
      options: { singletonKey: `${day}/${artistId}`, startAfterSeconds: 0 },
    });
    expect(await planDailyResync({ ...deps, jamBase: null }, queue)).toBe(0);
  });

  it('the daily plan job drops provider call records older than 30 days', async () => {
    await server.database.db.execute(sql`
      insert into provider_calls (provider, operation, status, latency_ms, created_at)
      values ('jambase', 'events', 200, 5, now() - interval '31 days'), ('jambase', 'events', 200, 5, now() - interval '29 days')`);
    const queue = { send: async () => null } as unknown as Queue;
    const [plan] = syncJobDefinitions(deps, queue);
    await plan!.handler({} as never, { id: 'test' });
    const old = await rows<{ days: number }>(
      server,
      sql`select extract(day from now() - created_at)::int as days from provider_calls where created_at < now() - interval '1 day'`,
    );
    expect(old.map((row) => row.days)).toEqual([29]);
  });

  it('spaces re-syncs over what is left of the day until 23:00 UTC, never closer than five seconds', () => {
    const morning = new Date('2026-11-28T03:00:00Z');
    expect(resyncSpacingSeconds(1, morning)).toBe(0);
    expect(resyncSpacingSeconds(10, morning)).toBe(7200);
    expect(resyncSpacingSeconds(10, new Date('2026-11-28T13:00:00Z'))).toBe(3600);
    expect(resyncSpacingSeconds(100_000, morning)).toBe(5);
  });
});
