import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, type TestBrowser } from '#server/auth/auth.test-support.ts';
import { providerCalls } from '#server/db/schema/providers.ts';
import { artistResyncJob, plannedSyncJob } from '#server/features/sync/sync.jobs.ts';
import { MUSICBRAINZ } from '#server/providers/musicbrainz/musicbrainz.client.ts';
import type { AdminAuditPage } from '#shared/admin-audit.ts';
import type { ApiStatusResponse, ProviderProbeResult } from '#shared/api-status.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { FAKE_JAMBASE_KEY, type FakeJamBase, startFakeJamBase } from '#tests/fakes/jambase.ts';
import { type FakeMusicBrainz, startFakeMusicBrainz } from '#tests/fakes/musicbrainz.ts';
import { signedInAdmin } from '#tests/setup/fans.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('admin API status', () => {
  let musicBrainz: FakeMusicBrainz;
  let jamBase: FakeJamBase;
  let server: AuthTestServer;
  let admin: TestBrowser;

  beforeAll(async () => {
    musicBrainz = await startFakeMusicBrainz();
    jamBase = await startFakeJamBase();
    server = await startAuthTestServer({
      MUSICBRAINZ_URL: musicBrainz.url,
      JAMBASE_URL: jamBase.url,
      JAMBASE_API_KEY: FAKE_JAMBASE_KEY,
      PROVIDER_TIMEOUT_MS: '2000',
    });
    admin = (await signedInAdmin(server)).browser;
  });
  afterAll(async () => {
    await server?.close();
    await musicBrainz?.close();
    await jamBase?.close();
  });

  it('summarises each provider from its call records: counts, success rate, percentiles, last error', async () => {
    await server.database.db.delete(providerCalls);
    const calls = [
      // 10 MusicBrainz calls in the last hour, latencies 100..1000, two failed.
      ...Array.from({ length: 10 }, (_, i) => ({
        provider: MUSICBRAINZ,
        operation: 'artist-search',
        status: i < 2 ? 503 : 200,
        latencyMs: (i + 1) * 100,
        error: i < 2 ? `busy (HTTP 503) #${i}` : null,
        createdAt: minutesAgo(30 + i),
      })),
      // Two more earlier today, and one from two days ago that no longer counts.
      {
        provider: MUSICBRAINZ,
        operation: 'artist-lookup',
        status: 200,
        latencyMs: 50,
        error: null,
        createdAt: minutesAgo(300),
      },
      {
        provider: MUSICBRAINZ,
        operation: 'artist-lookup',
        status: 200,
        latencyMs: 50,
        error: null,
        createdAt: minutesAgo(400),
      },
      {
        provider: MUSICBRAINZ,
        operation: 'artist-lookup',
        status: null,
        latencyMs: 9,
        error: 'old',
        createdAt: minutesAgo(2 * 24 * 60),
      },
      // A provider added later shows up from its records alone.
      {
        provider: 'setlistfm',
        operation: 'setlists',
        status: 200,
        latencyMs: 70,
        error: null,
        createdAt: minutesAgo(5),
      },
    ];
    await server.database.db.insert(providerCalls).values(calls);

    const response = await admin.request('/api/admin/api-status');
    expect(response.status).toBe(200);
    const body = (await response.json()) as ApiStatusResponse;
    const mb = body.providers.find((p) => p.provider === MUSICBRAINZ)!;
    expect(mb).toMatchObject({
      label: 'MusicBrainz',
      configured: true,
      callsLastHour: 10,
      callsLastDay: 12,
      probe: true,
    });
    expect(mb.successRate).toBeCloseTo(10 / 12);
    // Latencies 50, 50, 100..1000: the median of 12 values is between 500 and 600.
    expect(mb.p50LatencyMs).toBe(450);
    expect(mb.p95LatencyMs).toBeGreaterThan(900);
    // The most recent failure is #0 (30 minutes ago), not the older #1 or the two-day-old one.
    expect(mb.lastError).toMatchObject({ message: 'busy (HTTP 503) #0', status: 503 });
    expect(mb.rateLimit).toMatchObject({ intervalMs: 1100 });
    const jb = body.providers.find((p) => p.provider === 'jambase')!;
    expect(jb).toMatchObject({
      label: 'JamBase',
      configured: true,
      callsLastDay: 0,
      successRate: null,
      lastError: null,
    });
    // Tour-date sources without a key show as off, so an operator sees what a key would add.
    expect(body.providers.find((p) => p.provider === 'ticketmaster')).toMatchObject({
      label: 'Ticketmaster',
      configured: false,
      tourDates: true,
      quota: null,
    });
    expect(body.providers.find((p) => p.provider === 'setlistfm')).toMatchObject({
      label: 'setlist.fm',
      configured: false,
      quota: null,
      callsLastDay: 1,
      successRate: 1,
      probe: false,
      rateLimit: null,
    });
  });

  it('shows the MusicBrainz queue: requests booked ahead and the wait for the next slot', async () => {
    await server.database.query(
      `insert into provider_rate_slots (provider, next_at) values ($1, now() + interval '5 seconds')
       on conflict (provider) do update set next_at = excluded.next_at`,
      [MUSICBRAINZ],
    );
    const body = (await (await admin.request('/api/admin/api-status')).json()) as ApiStatusResponse;
    const mb = body.providers.find((p) => p.provider === MUSICBRAINZ)!;
    expect(mb.rateLimit!.waiting).toBe(4);
    expect(mb.rateLimit!.nextSlotInMs).toBeGreaterThan(4000);
    await server.database.query('delete from provider_rate_slots');
  });

  it('checks a provider now with a real call, recorded and audited; a failing provider says why', async () => {
    const ok = await admin.request(`/api/admin/api-status/${MUSICBRAINZ}/check`, { method: 'POST' });
    expect(ok.status).toBe(200);
    expect((await ok.json()) as ProviderProbeResult).toMatchObject({ provider: MUSICBRAINZ, ok: true });
    const jb = await admin.request('/api/admin/api-status/jambase/check', { method: 'POST' });
    expect(((await jb.json()) as ProviderProbeResult).ok).toBe(true);
    const recorded = await server.database.db.select().from(providerCalls).where(eq(providerCalls.provider, 'jambase'));
    expect(recorded.length).toBeGreaterThan(0);

    musicBrainz.setMode('unavailable');
    const failed = (await (
      await admin.request(`/api/admin/api-status/${MUSICBRAINZ}/check`, { method: 'POST' })
    ).json()) as ProviderProbeResult;
    musicBrainz.setMode('normal');
    expect(failed.ok).toBe(false);
    expect(failed.message).toMatch(/musicbrainz/i);

    const audit = (await (await admin.request('/api/admin/audit?targetType=provider')).json()) as AdminAuditPage;
    expect(audit.entries.map((entry) => entry.action)).toEqual(['provider.check', 'provider.check', 'provider.check']);
    expect(audit.entries[0]).toMatchObject({ targetId: MUSICBRAINZ, after: { ok: false } });

    expect((await admin.request('/api/admin/api-status/nowhere/check', { method: 'POST' })).status).toBe(404);
    expect((await admin.request('/api/admin/api-status/wikidata/check', { method: 'POST' })).status).toBe(400);
  });

  it("re-syncs an artist's tour dates now: queued once, audited", async () => {
    await seedCatalog(server.database, [{ name: 'Resync Band', tours: [] }]);
    const first = await admin.request('/api/admin/artists/resync-band/resync', { method: 'POST' });
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ artistSlug: 'resync-band', queued: true });
    const { rows } = await server.database.query<{ id: string }>(`select id from artists where slug = 'resync-band'`);
    const audit = (await (
      await admin.request(`/api/admin/audit?targetType=artist&targetId=${rows[0]!.id}`)
    ).json()) as AdminAuditPage;
    expect(audit.entries[0]).toMatchObject({
      action: 'artist.resync',
      targetLabel: 'Resync Band',
      after: { queued: true },
    });
    expect((await admin.request('/api/admin/artists/nobody-here/resync', { method: 'POST' })).status).toBe(404);
  });

  it('counts jobs per queue and retries a failed one (audited); retrying twice is refused', async () => {
    const { queue } = server.background;
    // Far in the future so no worker takes it before it is marked failed below.
    const id = await queue.send(artistResyncJob, { artistId: randomUUID() }, { startAfterSeconds: 3600 });
    let body = (await (await admin.request('/api/admin/api-status')).json()) as ApiStatusResponse;
    const resync = () => body.jobs.find((job) => job.name === artistResyncJob.name)!;
    expect(resync().queued).toBeGreaterThanOrEqual(1);
    expect(resync().oldestWaitingAt).not.toBeNull();

    await server.database.query(
      `update pgboss.job set state = 'failed', completed_on = now(), output = '{"message":"JamBase said no"}' where id = $1`,
      [id],
    );
    body = (await (await admin.request('/api/admin/api-status')).json()) as ApiStatusResponse;
    expect(resync().failedLastDay).toBe(1);
    expect(body.failedJobs).toContainEqual(
      expect.objectContaining({ id, name: artistResyncJob.name, error: 'JamBase said no', attempts: 1 }),
    );

    const retried = await admin.request(`/api/admin/jobs/${id}/retry`, { method: 'POST' });
    expect(retried.status).toBe(200);
    const { rows } = await server.database.query<{ state: string }>('select state from pgboss.job where id = $1', [id]);
    expect(rows[0]!.state).not.toBe('failed');
    const again = await admin.request(`/api/admin/jobs/${id}/retry`, { method: 'POST' });
    expect(again.status).toBe(409);
    const audit = (await (await admin.request('/api/admin/audit?targetType=job')).json()) as AdminAuditPage;
    expect(audit.entries[0]).toMatchObject({ action: 'job.retry', targetId: id, targetLabel: artistResyncJob.name });
  });

  it("shows today's sync plan per tour-date source: on or off, calls today of the quota, artists per tier, done, left, next runs", async () => {
    await seedCatalog(
      server.database,
      ['Plan One', 'Plan Two', 'Plan Three', 'Plan Four'].map((name) => ({ name, tours: [] })),
    );
    const day = new Date().toISOString().slice(0, 10);
    await server.database.query(
      `insert into sync_plan_items (day, provider, artist_id, tier, position, done_at)
       select $1::date, 'jambase', a.id, x.tier, x.position, case when x.done then now() end
       from (values ('plan-one', 'going', 0, true), ('plan-two', 'followed', 1, true),
                    ('plan-three', 'followed', 2, false), ('plan-four', 'long-tail', 3, false))
            as x(slug, tier, position, done)
       join artists a on a.slug = x.slug`,
      [day],
    );
    await server.database.query(
      `insert into provider_daily_usage (provider, day, calls) values ('jambase', $1::date, 7)
       on conflict (provider, day) do update set calls = 7`,
      [day],
    );
    const [artist] = (await server.database.query<{ id: string }>(`select id from artists where slug = 'plan-three'`))
      .rows;
    await server.background.queue.send(
      plannedSyncJob,
      { artistId: artist!.id, day },
      { singletonKey: `${day}/${artist!.id}`, startAfterSeconds: 600 },
    );

    const body = (await (await admin.request('/api/admin/api-status')).json()) as ApiStatusResponse;
    expect(body.syncPlan.day).toBe(day);
    expect(body.syncPlan.sources.map((source) => [source.label, source.on])).toEqual([
      ['Ticketmaster', false],
      ['Bandsintown', false],
      ['JamBase', true],
    ]);
    expect(body.syncPlan.sources.find((source) => source.provider === 'jambase')).toEqual({
      provider: 'jambase',
      label: 'JamBase',
      on: true,
      quota: 1500,
      usedToday: 7,
      planBudget: 1200,
      planned: { going: 1, followed: 2, searched: 0, 'long-tail': 1 },
      done: 2,
      left: 2,
    });
    const nextPlan = new Date(body.syncPlan.nextPlanAt);
    expect(nextPlan.getUTCHours()).toBe(3);
    expect(nextPlan.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const nextSyncIn = Date.parse(body.syncPlan.nextSyncAt!) - Date.now();
    expect(nextSyncIn).toBeGreaterThan(500_000);
    expect(nextSyncIn).toBeLessThanOrEqual(600_000);
    expect(body.providers.find((p) => p.provider === 'jambase')?.quota).toEqual({ limit: 1500, usedToday: 7 });
  });
});
