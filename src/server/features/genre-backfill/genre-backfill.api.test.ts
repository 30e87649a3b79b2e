import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { SAFFRON_TIDES, UMBER_COAST, VELVET_HARBOR } from '#tests/fakes/dataset.ts';
import { type FakeMusicBrainz, startFakeMusicBrainz } from '#tests/fakes/musicbrainz.ts';
import { signedInAdmin, signedInFan } from '#tests/setup/fans.ts';
import { startScheduledGenreRun } from './genre-backfill.service.ts';

describe('admin: genre backfill from MusicBrainz', () => {
  let musicBrainz: FakeMusicBrainz;
  let server: AuthTestServer;
  let admin: TestBrowser;
  let fan: TestBrowser;

  const genresOf = async (slug: string) =>
    (await server.database.query<{ genres: string[] }>('select genres from artists where slug = $1', [slug])).rows[0]!
      .genres;
  async function finished(id: string) {
    for (let i = 0; i < 120; i += 1) {
      const job = await (await admin.request(`/api/admin/genre-backfill/jobs/${id}`)).json();
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('job did not finish');
  }

  beforeAll(async () => {
    musicBrainz = await startFakeMusicBrainz();
    server = await startAuthTestServer(
      { MUSICBRAINZ_URL: musicBrainz.url, PROVIDER_TIMEOUT_MS: '3000' },
      { jobs: true },
    );
    await seedCatalog(server.database, [
      { name: 'Saffron Tides', mbid: SAFFRON_TIDES, tours: [] },
      { name: 'Umber Coast', mbid: UMBER_COAST, tours: [] },
      { name: 'Velvet Harbor', mbid: VELVET_HARBOR, genres: ['americana'], tours: [] },
      { name: 'No Id Band', tours: [] },
    ]);
    admin = (await signedInAdmin(server)).browser;
    fan = (await signedInFan(server)).browser;
  });
  afterAll(async () => {
    await server?.close();
    await musicBrainz?.close();
  });

  it('answers 401/403 to visitors and fans', async () => {
    const zero = '00000000-0000-4000-8000-000000000000';
    for (const [method, route] of [
      ['GET', '/api/admin/genre-backfill'],
      ['GET', `/api/admin/genre-backfill/jobs/${zero}`],
      ['POST', '/api/admin/genre-backfill/preview'],
      ['POST', '/api/admin/genre-backfill/apply'],
    ] as const) {
      const json = method === 'POST' ? {} : undefined;
      expect((await new TestBrowser(server).request(route, { method, json })).status).toBe(401);
      expect((await fan.request(route, { method, json })).status).toBe(403);
    }
  });

  it('previews genres with their votes (a job with progress), then applies the selected ones', async () => {
    const overview = await (await admin.request('/api/admin/genre-backfill')).json();
    expect(overview).toMatchObject({ missing: 3, withMbid: 2 });
    const started = await admin.request('/api/admin/genre-backfill/preview', { json: { limit: 10 } });
    expect(started.status).toBe(202);
    const preview = await finished((await started.json()).id);
    expect(preview).toMatchObject({ status: 'done', total: 2, done: 2 });
    const saffron = preview.report.proposals.find((p: { mbid: string }) => p.mbid === SAFFRON_TIDES);
    expect(saffron.genres).toEqual([
      { name: 'psychedelic rock', count: 9 },
      { name: 'shoegaze', count: 4 },
      { name: 'dream pop', count: 1 },
    ]);
    expect(saffron.tags[1]).toEqual({ name: 'australian', count: 5 });
    const umber = preview.report.proposals.find((p: { mbid: string }) => p.mbid === UMBER_COAST);
    expect(umber).toMatchObject({
      genres: [],
      tags: [
        { name: 'folk', count: 3 },
        { name: 'seen live', count: 2 },
      ],
    });
    // Each lookup went through the real provider: inc=genres+tags, no two within a second.
    const lookups = musicBrainz.requests.filter((r) => r.query.get('inc') === 'genres+tags');
    expect(lookups).toHaveLength(2);
    expect(lookups[1]!.at - lookups[0]!.at).toBeGreaterThanOrEqual(900);

    const apply = await admin.request('/api/admin/genre-backfill/apply', {
      json: { previewJobId: preview.id, artistIds: [saffron.artistId] },
    });
    expect(apply.status).toBe(202);
    const applied = await finished((await apply.json()).id);
    expect(applied.report).toEqual({
      applied: [
        { slug: 'saffron-tides', name: 'Saffron Tides', genres: ['psychedelic rock', 'shoegaze', 'dream pop'] },
      ],
      skipped: 0,
    });
    expect(await genresOf('saffron-tides')).toEqual(['psychedelic rock', 'shoegaze', 'dream pop']);
    expect(await genresOf('umber-coast')).toEqual([]);
    const audit = await (await admin.request('/api/admin/audit?targetType=artist')).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'artist.genres-backfill',
      targetId: saffron.artistId,
      before: { genres: [] },
      after: { genres: ['psychedelic rock', 'shoegaze', 'dream pop'] },
    });
    // Applying the same preview again changes nothing: the artist has genres now.
    const again = await finished(
      (await (await admin.request('/api/admin/genre-backfill/apply', { json: { previewJobId: preview.id } })).json())
        .id,
    );
    expect(again.report).toEqual({ applied: [], skipped: 1 });
  });

  it('the scheduled run gives new artists their genres without a preview', async () => {
    await server.database.query(`update artists set genres = '{}' where slug = 'saffron-tides'`);
    await startScheduledGenreRun({
      database: server.database,
      catalogChanges: server.background.catalogChanges,
      musicBrainz: server.background.providers.musicBrainz,
    });
    expect(await genresOf('saffron-tides')).toEqual(['psychedelic rock', 'shoegaze', 'dream pop']);
    const overview = await (await admin.request('/api/admin/genre-backfill')).json();
    expect(overview.jobs[0]).toMatchObject({ status: 'done', label: expect.stringContaining('Scheduled run') });
  });
});
