import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { FINDER_MESSAGES, type FinderResponse } from '#shared/tour-scraper.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { FAKE_BANDSINTOWN_KEY } from '#tests/fakes/bandsintown.ts';
import { GLASS_MERIDIAN, QUARTZ_PARADE, VELVET_HARBOR } from '#tests/fakes/dataset.ts';
import { type FakeMusicBrainz, startFakeMusicBrainz } from '#tests/fakes/musicbrainz.ts';
import { type FakeSite, SITE_ARTISTS, startFakeTourSites } from '#tests/fakes/tour-sites.ts';
import { signedInFan } from '#tests/setup/fans.ts';

describe('Web tour finder API', () => {
  let server: AuthTestServer;
  let site: FakeSite;
  let musicBrainz: FakeMusicBrainz;
  let fan: TestBrowser;

  const find = async (artistSlug: string) => {
    const response = await fan.request('/api/tour-web/find', { json: { artistSlug, today: '2026-11-20' } });
    return { status: response.status, body: (await response.json()) as FinderResponse };
  };

  beforeAll(async () => {
    site = await startFakeTourSites();
    musicBrainz = await startFakeMusicBrainz();
    const official = (mbid: string, url: string | undefined) => {
      musicBrainz.artists.find((artist) => artist.mbid === mbid)!.officialUrl = url;
    };
    official(QUARTZ_PARADE, `${site.url}/homepage/`);
    official(GLASS_MERIDIAN, `${site.url}/widget/`);
    official(VELVET_HARBOR, undefined);
    server = await startAuthTestServer({
      SAFE_FETCH_TEST_ALLOW: `127.0.0.1:${site.port}`,
      MUSICBRAINZ_URL: musicBrainz.url,
      BANDSINTOWN_URL: `${site.url}/bandsintown`,
      BANDSINTOWN_APP_ID: FAKE_BANDSINTOWN_KEY,
    });
    await seedCatalog(server.database, [
      { name: SITE_ARTISTS.homepage, mbid: QUARTZ_PARADE, tours: [] },
      // No mbid in the catalog: the finder asks MusicBrainz by name.
      { name: SITE_ARTISTS.widget, tours: [] },
      { name: 'Velvet Harbor', mbid: VELVET_HARBOR, tours: [] },
    ]);
    fan = (await signedInFan(server)).browser;
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
    await musicBrainz?.close();
  });

  it('answers 401 to visitors and 404 for an artist the catalog lacks', async () => {
    const visitor = new TestBrowser(server);
    expect((await visitor.request('/api/tour-web/find', { json: { artistSlug: 'quartz-parade' } })).status).toBe(401);
    const missing = await find('nobody-at-all');
    expect(missing.status).toBe(404);
    expect((missing.body as unknown as { error: { message: string } }).error.message).toBe(
      FINDER_MESSAGES.unknownArtist,
    );
  });

  it('goes from MusicBrainz to the official site to its tour page, and shows the trail', async () => {
    const { status, body } = await find('quartz-parade');
    expect(status).toBe(200);
    expect(body.steps.map((step) => [step.kind, step.label, step.url, step.ok])).toEqual([
      ['musicbrainz', 'MusicBrainz names the official site', `https://musicbrainz.org/artist/${QUARTZ_PARADE}`, true],
      ['official-site', 'Official site: No events found on that page', `${site.url}/homepage/`, false],
      ['tour-page', 'Tour page: 1 event', `${site.url}/homepage/tour`, true],
    ]);
    expect(body.page!.rows).toHaveLength(1);
    expect(body.page!.rows[0]).toMatchObject({
      artistName: SITE_ARTISTS.homepage,
      venueName: 'The Roundhouse',
      city: 'London',
      countryCode: 'GB',
      date: '2027-06-20',
      localTime: '19:00',
      match: 'new',
    });
    // Robots were asked before the crawl.
    expect(site.requests.map((request) => request.path)).toContain('/robots.txt');
  });

  it("reads an embedded Bandsintown widget through Bandsintown's public events endpoint", async () => {
    const { body } = await find('glass-meridian');
    expect(body.steps.map((step) => step.kind)).toEqual(['musicbrainz', 'official-site', 'widget', 'bandsintown']);
    expect(body.page!.rows[0]).toMatchObject({
      source: 'bandsintown',
      venueName: 'Paradise Rock Club',
      city: 'Boston',
      region: 'MA',
      countryCode: 'US',
      date: '2027-07-12',
      localTime: '19:30',
      timeZone: 'America/New_York',
    });
  });

  it('says when no official site is known', async () => {
    const { body } = await find('velvet-harbor');
    expect(body.page).toBeNull();
    expect(body.message).toBe(FINDER_MESSAGES.noSite);
    expect(body.steps).toEqual([
      {
        kind: 'musicbrainz',
        label: 'MusicBrainz names no official site',
        url: `https://musicbrainz.org/artist/${VELVET_HARBOR}`,
        ok: false,
      },
    ]);
  });

  it('says the lookup failed, not that no site is known, when MusicBrainz does not answer', async () => {
    musicBrainz.setMode('unavailable', { times: 10 });
    try {
      const { status, body } = await find('velvet-harbor');
      expect(status).toBe(200);
      expect(body.page).toBeNull();
      expect(body.message).toBe(FINDER_MESSAGES.lookupFailed);
      expect(body.message).not.toBe(FINDER_MESSAGES.noSite);
      expect(body.steps).toEqual([{ kind: 'musicbrainz', label: 'MusicBrainz did not answer', url: null, ok: false }]);
    } finally {
      musicBrainz.setMode('normal');
    }
  });
});
