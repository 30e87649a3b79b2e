import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeAdminRole } from '#server/auth/admin-role.ts';
import { type AuthTestServer, startAuthTestServer, type TestBrowser } from '#server/auth/auth.test-support.ts';
import { isCatalogChanged } from '#server/features/catalog/catalog-changes.ts';
import type { AppEvent } from '#server/lib/event-bus.ts';
import type { FavoritesList } from '#shared/favorites.ts';
import {
  LISTENING_IMPORT_LIMITS,
  type ListeningImportArtistPage,
  type ListeningImportView,
  NOT_MATCHED_REASONS,
} from '#shared/listening-import.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { exportStream, exportText, generateExport } from '#tests/factories/spotify-export.ts';
import { buildZip } from '#tests/factories/zip.ts';
import { GLASS_MERIDIAN, VELVET_HARBOR } from '#tests/fakes/dataset.ts';
import { type FakeMusicBrainz, startFakeMusicBrainz } from '#tests/fakes/musicbrainz.ts';
import { type SignedInFan, signedInFan, signedInPair } from '#tests/setup/fans.ts';

type Answer = ListeningImportView & { error: { code: string; message: string } };
const FAN_BASE = '/api/music-services/export';
const ADMIN_BASE = '/api/admin/spotify-import';

describe('listening import API (Spotify export, admin seeding)', () => {
  let server: AuthTestServer;
  let musicBrainz: FakeMusicBrainz;

  const call = async (browser: TestBrowser, path: string, options: { method?: string; json?: unknown } = {}) => {
    const response = await browser.request(path, { method: options.method ?? 'POST', json: options.json });
    return { status: response.status, body: (await response.json()) as Answer };
  };
  /** A file's body streamed to the server, as the page's fetch sends it. */
  const upload = async (browser: TestBrowser, base: string, id: string, name: string, body: BodyInit) => {
    const response = await server.fetch(`${base}/${id}/files?name=${encodeURIComponent(name)}`, {
      method: 'PUT',
      headers: {
        origin: 'http://localhost:3000',
        'x-forwarded-for': browser.ip,
        cookie: browser.cookieHeader(),
        'content-type': 'application/json',
      },
      body,
      // Node's fetch needs this for a stream body.
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    return { status: response.status, body: (await response.json()) as Answer };
  };
  const create = async (browser: TestBrowser, base = FAN_BASE) => (await call(browser, base)).body;
  const waitFor = async (browser: TestBrowser, base: string, id: string, states: string[]) => {
    for (let i = 0; i < 240; i++) {
      const view = (await (await browser.request(`${base}/${id}`)).json()) as ListeningImportView;
      if (states.includes(view.state)) return view;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`import ${id} never reached ${states.join('/')}`);
  };
  const page = async (browser: TestBrowser, base: string, id: string) =>
    (await (await browser.request(`${base}/${id}/artists?limit=200`)).json()) as ListeningImportArtistPage;
  const favorites = async (browser: TestBrowser) =>
    ((await (await browser.request('/api/favorites?today=2026-11-20')).json()) as FavoritesList).favorites;
  const mbCalls = (text: string) =>
    musicBrainz.requests.filter((r) => (r.query.get('query') ?? r.query.get('resource') ?? r.path).includes(text))
      .length;

  /** A small export over the fixture artists, counted by hand. */
  const smallExport = JSON.stringify([
    { endTime: '2026-03-14 21:07', artistName: 'Amber Foxes', trackName: 'One', msPlayed: 200_000 },
    { endTime: '2026-03-14 21:10', artistName: 'amber foxes', trackName: 'Two', msPlayed: 100_000 },
    { endTime: '2026-03-14 21:13', artistName: 'Coper Foxes', trackName: 'Three', msPlayed: 60_000 },
    { endTime: '2026-03-14 21:16', artistName: 'Velvet Harbor', trackName: 'Four', msPlayed: 60_000 },
    { endTime: '2026-03-14 21:19', artistName: 'Nobody Heard Of Us', trackName: 'Five', msPlayed: 60_000 },
    { endTime: '2026-03-14 21:22', artistName: 'Neon Foxes', trackName: 'Six', msPlayed: 60_000 },
  ]);

  beforeAll(async () => {
    musicBrainz = await startFakeMusicBrainz();
    server = await startAuthTestServer(
      { MUSICBRAINZ_URL: musicBrainz.url, PROVIDER_TIMEOUT_MS: '2000' },
      { jobs: true },
    );
    await seedCatalog(server.database, [
      { name: 'Amber Foxes', tours: [] },
      { name: 'Copper Foxes', tours: [] },
      { name: 'Neon Foxes', tours: [] },
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await musicBrainz?.close();
  });

  it('counts a generated 50 MB extended history per artist while it streams in', async () => {
    const { browser } = await signedInFan(server);
    const generated = generateExport({ targetBytes: 50 * 1024 * 1024, artistCount: 2000 });
    const view = await create(browser);
    expect(view.state).toBe('uploading');
    const answer = await upload(
      browser,
      FAN_BASE,
      view.id,
      'Streaming_History_Audio_2023-2025_0.json',
      exportStream(generated),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.bytes).toBeGreaterThan(45 * 1024 * 1024);
    const expectedPlays = [...generated.expected.values()].reduce((sum, count) => sum + count.plays, 0);
    expect(answer.body.plays).toBe(expectedPlays);
    expect(answer.body.artists).toBe(generated.expected.size);
    const rows = await server.database.query<{ key: string; plays: number; ms: string }>(
      `select key, plays, ms_played::text as ms from listening_import_artists where import_id = $1`,
      [view.id],
    );
    expect(rows.rows).toHaveLength(2000);
    for (const row of rows.rows) {
      expect(row.plays).toBe(generated.expected.get(row.key)!.plays);
      expect(Number(row.ms)).toBe(generated.expected.get(row.key)!.msPlayed);
    }
  }, 120_000);

  it('refuses a file that is not a Spotify export by name, and changes nothing', async () => {
    const { browser } = await signedInFan(server);
    const view = await create(browser);
    const notJson = await upload(browser, FAN_BASE, view.id, 'holiday.png', '\u0089PNG\r\n binary');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.message).toContain('“holiday.png” is not a Spotify streaming history file');
    const library = await upload(browser, FAN_BASE, view.id, 'YourLibrary.json', JSON.stringify({ tracks: [] }));
    expect(library.status).toBe(400);
    expect(library.body.error.message).toContain('“YourLibrary.json”');
    const other = await upload(
      browser,
      FAN_BASE,
      view.id,
      'Playlist1.json',
      JSON.stringify([{ name: 'x', items: [] }]),
    );
    expect(other.body.error.message).toContain('its entries are not Spotify plays');
    // A valid start cut short is refused too: nothing of it is counted.
    const cut = await upload(browser, FAN_BASE, view.id, 'StreamingHistory_music_0.json', smallExport.slice(0, 150));
    expect(cut.body.error.message).toContain('cut short');
    const after = (await (await browser.request(`${FAN_BASE}/${view.id}`)).json()) as ListeningImportView;
    expect(after).toMatchObject({ files: [], plays: 0, artists: 0, state: 'uploading' });
    expect((await call(browser, `${FAN_BASE}/${view.id}/match`)).status).toBe(400);
  });

  it("counts Spotify's zip as it streams: the same preview as its files uploaded unzipped", async () => {
    const { browser } = await signedInFan(server);
    const extended = exportText(generateExport({ targetBytes: 2 * 1024 * 1024, artistCount: 300 }));
    const account = exportText(generateExport({ targetBytes: 512 * 1024, artistCount: 120, shape: 'account' }));
    const zip = buildZip([
      { name: 'Spotify Account Data/', data: '', method: 'stored' },
      { name: 'Spotify Account Data/StreamingHistory_music_0.json', data: account, method: 'stored' },
      { name: 'Spotify Account Data/StreamingHistory_podcast_0.json', data: '[{"podcastName":"x"}]' },
      { name: 'Spotify Account Data/YourLibrary.json', data: '{"tracks":[]}' },
      {
        name: 'Spotify Extended Streaming History/Streaming_History_Audio_2023-2025_0.json',
        data: extended,
        descriptor: true,
      },
      { name: 'Spotify Extended Streaming History/Streaming_History_Video_2023.json', data: '[{"ts":"x"}]' },
    ]);
    const zipped = await create(browser);
    const answer = await upload(browser, FAN_BASE, zipped.id, 'my_spotify_data.zip', new Uint8Array(zip));
    expect(answer.status).toBe(200);
    expect(answer.body.files).toEqual([{ name: 'my_spotify_data.zip', bytes: zip.length, plays: expect.any(Number) }]);
    const unzipped = await create(browser);
    await upload(browser, FAN_BASE, unzipped.id, 'StreamingHistory_music_0.json', account);
    const last = await upload(browser, FAN_BASE, unzipped.id, 'Streaming_History_Audio_2023-2025_0.json', extended);
    expect(answer.body.plays).toBe(last.body.plays);
    expect(answer.body.artists).toBe(last.body.artists);
    expect(answer.body.artists).toBe(300);
    for (const id of [zipped.id, unzipped.id]) await call(browser, `${FAN_BASE}/${id}/match`);
    await waitFor(browser, FAN_BASE, zipped.id, ['preview']);
    await waitFor(browser, FAN_BASE, unzipped.id, ['preview']);
    const fromZip = await page(browser, FAN_BASE, zipped.id);
    const fromFiles = await page(browser, FAN_BASE, unzipped.id);
    expect(fromZip.total).toBe(fromFiles.total);
    expect(fromZip.artists).toEqual(fromFiles.artists);
  }, 60_000);

  it('refuses a zip without streaming history, or with a broken one, by name and changes nothing', async () => {
    const { browser } = await signedInFan(server);
    const view = await create(browser);
    const library = buildZip([
      { name: 'Spotify Account Data/YourLibrary.json', data: '{"tracks":[]}' },
      { name: 'Spotify Account Data/StreamingHistory_podcast_0.json', data: '[]' },
    ]);
    const none = await upload(browser, FAN_BASE, view.id, 'my_spotify_data.zip', new Uint8Array(library));
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain('“my_spotify_data.zip” has no Spotify streaming history in it');
    const broken = buildZip([
      { name: 'Spotify Account Data/StreamingHistory_music_0.json', data: smallExport },
      { name: 'Spotify Account Data/StreamingHistory_music_1.json', data: '[{"tracks": []}]' },
    ]);
    const bad = await upload(browser, FAN_BASE, view.id, 'my_spotify_data.zip', new Uint8Array(broken));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain(
      '“my_spotify_data.zip › StreamingHistory_music_1.json” is not a Spotify streaming history file',
    );
    const cut = await upload(
      browser,
      FAN_BASE,
      view.id,
      'my_spotify_data.zip',
      new Uint8Array(broken.subarray(0, 100)),
    );
    expect(cut.status).toBe(400);
    expect(cut.body.error.message).toContain('“my_spotify_data.zip” could not be read as a zip');
    const after = (await (await browser.request(`${FAN_BASE}/${view.id}`)).json()) as ListeningImportView;
    expect(after).toMatchObject({ files: [], plays: 0, artists: 0, state: 'uploading' });
  });

  it('refuses a zip that unpacks far beyond its size, and a history naming too many artists, changing nothing', async () => {
    const { browser } = await signedInFan(server);
    const view = await create(browser);
    // ~20 MB of one play repeated packs to a few KB: a bomb, whatever its rows.
    const play = '{"endTime":"2026-03-14 21:07","artistName":"Amber Foxes","trackName":"One","msPlayed":200000}';
    const bombJson = `[${Array.from({ length: 220_000 }, () => play).join(',')}]`;
    const bomb = buildZip([{ name: 'Spotify Account Data/StreamingHistory_music_0.json', data: bombJson }]);
    expect(bomb.byteLength).toBeLessThan(300_000);
    const refused = await upload(browser, FAN_BASE, view.id, 'my_spotify_data.zip', new Uint8Array(bomb));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('unpacks to more than 50 times its size');

    // One play each of 25,001 different artists: more than a real history names.
    const many = JSON.stringify(
      Array.from({ length: LISTENING_IMPORT_LIMITS.maxArtists + 1 }, (_, i) => ({
        endTime: '2026-03-14 21:07',
        artistName: `Band ${i}`,
        trackName: 'One',
        msPlayed: 60_000,
      })),
    );
    const tooMany = await upload(browser, FAN_BASE, view.id, 'StreamingHistory_music_0.json', many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toContain('names more than 25,000 different artists');
    // Across a zip's files: artists are counted once however many yearly files name them.
    const history = (from: number, count: number) =>
      JSON.stringify(
        Array.from({ length: count }, (_, i) => ({
          endTime: '2026-03-14 21:07',
          artistName: `Band ${from + i}`,
          trackName: 'One',
          msPlayed: 60_000,
        })),
      );
    const half = Math.ceil(LISTENING_IMPORT_LIMITS.maxArtists / 2) + 1;
    const entry = (n: number, data: string) => ({
      name: `Spotify Account Data/StreamingHistory_music_${n}.json`,
      data,
      method: 'stored' as const,
    });
    const spread = buildZip([entry(0, history(0, half)), entry(1, history(half, half))]);
    const spreadRefused = await upload(browser, FAN_BASE, view.id, 'my_spotify_data.zip', new Uint8Array(spread));
    expect(spreadRefused.status).toBe(400);
    expect(spreadRefused.body.error.message).toContain('names more than 25,000 different artists');
    const after = (await (await browser.request(`${FAN_BASE}/${view.id}`)).json()) as ListeningImportView;
    expect(after).toMatchObject({ files: [], plays: 0, artists: 0, state: 'uploading' });

    const sameTwice = buildZip([entry(0, history(0, half)), entry(1, history(0, half))]);
    const counted = await upload(browser, FAN_BASE, view.id, 'my_spotify_data.zip', new Uint8Array(sameTwice));
    expect(counted.status).toBe(200);
    expect(counted.body).toMatchObject({ plays: 2 * half, artists: half });
  });

  it('refuses more than 200 MB before reading it', async () => {
    const { browser } = await signedInFan(server);
    const view = await create(browser);
    const url = new URL(`${server.url}${FAN_BASE}/${view.id}/files?name=big.json`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(url, {
        method: 'PUT',
        headers: {
          origin: 'http://localhost:3000',
          'x-forwarded-for': browser.ip,
          cookie: browser.cookieHeader(),
          'content-type': 'application/json',
          'content-length': String(LISTENING_IMPORT_LIMITS.maxBytes + 1),
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body });
          request.destroy();
        });
      });
      request.on('error', reject);
      request.write('[');
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('larger than 200 MB');
  });

  it('previews the matches, follows with source spotify-export, adds new artists from MusicBrainz, and sums up', async () => {
    const { browser, id: userId } = await signedInFan(server);
    const view = await create(browser);
    expect((await upload(browser, FAN_BASE, view.id, 'StreamingHistory_music_0.json', smallExport)).status).toBe(200);
    // The same name twice is refused (it would count twice).
    expect((await upload(browser, FAN_BASE, view.id, 'StreamingHistory_music_0.json', smallExport)).status).toBe(409);
    expect((await call(browser, `${FAN_BASE}/${view.id}/match`)).status).toBe(202);
    const matched = await waitFor(browser, FAN_BASE, view.id, ['preview']);
    expect(matched).toMatchObject({ processed: 5, total: 5, artists: 5 });
    const preview = await page(browser, FAN_BASE, view.id);
    const byName = new Map(preview.artists.map((artist) => [artist.name, artist]));
    expect(byName.get('Amber Foxes')).toMatchObject({ rank: 1, plays: 2, minutes: 5, match: { confidence: 'name' } });
    expect(byName.get('Coper Foxes')?.match).toMatchObject({ confidence: 'fuzzy', artistName: 'Copper Foxes' });
    expect(byName.get('Velvet Harbor')?.match).toBeNull();

    // Neon Foxes is already followed by hand: skipped as such.
    const neonSlug = byName.get('Neon Foxes')!.match!.artistSlug;
    expect((await browser.request(`/api/favorites/${neonSlug}`, { method: 'PUT' })).status).toBeLessThan(300);

    const announced: AppEvent[] = [];
    const unsubscribe = server.background.events.subscribe(isCatalogChanged, (event) => announced.push(event));
    expect((await call(browser, `${FAN_BASE}/${view.id}/follow`, { json: { all: true } })).status).toBe(202);
    const done = await waitFor(browser, FAN_BASE, view.id, ['done', 'failed']);
    expect(done.state).toBe('done');
    expect(done.summary).toMatchObject({ followed: 3, added: 1, skipped: 1, notMatched: 1 });
    // Velvet Harbor joined the public catalog: every server process hears of it once, to drop its kept answers.
    await expect.poll(() => announced.length).toBe(1);
    unsubscribe();
    expect(announced).toEqual([{ type: 'catalog-changed' }]);
    expect(done.summary!.reasons).toEqual(
      expect.arrayContaining([
        { reason: 'Already followed', count: 1 },
        { reason: NOT_MATCHED_REASONS.noMusicBrainz, count: 1 },
      ]),
    );
    const followed = await favorites(browser);
    expect(followed.map((f) => f.artistName).sort()).toEqual(
      ['Amber Foxes', 'Copper Foxes', 'Neon Foxes', 'Velvet Harbor'].sort(),
    );
    const sources = await server.database.query<{ name: string; source: string }>(
      `select artist_name as name, source from favorite_artists where user_id = $1 order by artist_name`,
      [userId],
    );
    expect(sources.rows.find((row) => row.name.toLowerCase() === 'velvet harbor')?.source).toBe('spotify-export');
    expect(sources.rows.find((row) => row.name.toLowerCase() === 'neon foxes')?.source).toBe('manual');
    const added = await server.database.query<{ mbid: string }>(
      `select mbid from artists where lower(name) = 'velvet harbor'`,
    );
    expect(added.rows[0]?.mbid).toBe(VELVET_HARBOR);
    // The live progress went to the fan's event stream.
    const events = await server.database.query<{ n: number }>(
      `select count(*)::int as n from user_events where user_id = $1 and type = 'listening-import-progress'`,
      [userId],
    );
    expect(events.rows[0]!.n).toBeGreaterThanOrEqual(3);
    const outcomes = await page(browser, FAN_BASE, view.id);
    expect(outcomes.artists.find((a) => a.name === 'Nobody Heard Of Us')).toMatchObject({
      outcome: 'not-matched',
      reason: NOT_MATCHED_REASONS.noMusicBrainz,
    });
    // The latest import survives a reload.
    const latest = (await (await browser.request(`${FAN_BASE}/latest`)).json()) as { import: ListeningImportView };
    expect(latest.import.id).toBe(view.id);
  }, 60_000);

  it('cancels a running follow with nothing followed, then resumes after a failure without asking MusicBrainz again', async () => {
    const { browser } = await signedInFan(server);
    const names = ['Lost Band Alpha', 'Lost Band Beta', 'Lost Band Gamma', 'Lost Band Delta'];
    const generated = generateExport({ targetBytes: 2000, artistCount: names.length, names, shape: 'account' });
    const view = await create(browser);
    expect((await upload(browser, FAN_BASE, view.id, 'StreamingHistory0.json', exportText(generated))).status).toBe(
      200,
    );
    await call(browser, `${FAN_BASE}/${view.id}/match`);
    await waitFor(browser, FAN_BASE, view.id, ['preview']);
    // MusicBrainz answers slowly: the cancel comes while the job is between lookups.
    musicBrainz.setMode('slow', { delayMs: 1200 });
    expect((await call(browser, `${FAN_BASE}/${view.id}/follow`, { json: { top: 3 } })).status).toBe(202);
    for (let i = 0; i < 100; i++) {
      const view2 = (await (await browser.request(`${FAN_BASE}/${view.id}`)).json()) as ListeningImportView;
      if (view2.processed >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const cancelled = await call(browser, `${FAN_BASE}/${view.id}/cancel`);
    expect(cancelled.body.state).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    musicBrainz.setMode('normal');
    expect((await waitFor(browser, FAN_BASE, view.id, ['cancelled'])).state).toBe('cancelled');
    expect(await favorites(browser)).toHaveLength(0);
    const lookedBefore = await server.database.query<{ name: string }>(
      `select name from listening_import_artists where import_id = $1 and looked_up`,
      [view.id],
    );
    expect(lookedBefore.rows.length).toBeGreaterThanOrEqual(1);
    expect(lookedBefore.rows.length).toBeLessThan(3);
    const asked = names.map((name) => mbCalls(name.split(' ').at(-1)!));

    // MusicBrainz goes down on resume: the job fails with a clear state, still nothing followed.
    musicBrainz.setMode('unavailable');
    expect((await call(browser, `${FAN_BASE}/${view.id}/resume`)).status).toBe(202);
    const failed = await waitFor(browser, FAN_BASE, view.id, ['failed', 'done']);
    expect(failed.state).toBe('failed');
    expect(failed.error).toContain('resume');
    musicBrainz.setMode('normal');
    const before = names.map((name) => mbCalls(name.split(' ').at(-1)!));
    expect((await call(browser, `${FAN_BASE}/${view.id}/resume`)).status).toBe(202);
    const done = await waitFor(browser, FAN_BASE, view.id, ['done', 'failed']);
    expect(done.state).toBe('done');
    expect(done.summary).toMatchObject({ followed: 0, notMatched: 3 });
    const after = names.map((name) => mbCalls(name.split(' ').at(-1)!));
    // Each chosen artist was looked up once in all (the ones asked before the cancel are not asked again).
    const looked = await server.database.query<{ n: number }>(
      `select count(*)::int as n from listening_import_artists where import_id = $1 and looked_up`,
      [view.id],
    );
    expect(looked.rows[0]!.n).toBe(3);
    // The ones looked up before the cancel were not asked again.
    for (const row of lookedBefore.rows) {
      const i = names.indexOf(row.name);
      expect(after[i]).toBe(asked[i]);
      expect(before[i]).toBe(asked[i]);
    }
    const left = await server.database.query<{ name: string }>(
      `select name from listening_import_artists where import_id = $1 and not chosen`,
      [view.id],
    );
    expect(left.rows).toHaveLength(1);
    expect(mbCalls(left.rows[0]!.name.split(' ').at(-1)!)).toBe(0); // not in the top 3: never asked
    expect((await call(browser, `${FAN_BASE}/${view.id}/resume`)).status).toBe(409);
  }, 90_000);

  it("keeps each fan's imports to themselves", async () => {
    const [a, b] = await signedInPair(server);
    const view = await create(b.browser);
    expect((await a.browser.request(`${FAN_BASE}/${view.id}`)).status).toBe(404);
    expect((await a.browser.request(`${FAN_BASE}/${view.id}/artists`)).status).toBe(404);
    expect((await call(a.browser, `${FAN_BASE}/${view.id}/cancel`)).status).toBe(404);
    expect((await upload(a.browser, FAN_BASE, view.id, 'StreamingHistory0.json', smallExport)).status).toBe(404);
    const latest = (await (await a.browser.request(`${FAN_BASE}/latest`)).json()) as { import: unknown };
    expect(latest.import).toBeNull();
    // B's import is still B's, untouched.
    expect(((await (await b.browser.request(`${FAN_BASE}/${view.id}`)).json()) as ListeningImportView).state).toBe(
      'uploading',
    );
    // Nor is a fan's import reachable through the admin routes, or an admin's through the fan's.
    expect((await b.browser.request(`${ADMIN_BASE}/${view.id}`)).status).toBe(403);
  });

  describe('admin seeding', () => {
    let admin: SignedInFan;
    let fan: SignedInFan;
    beforeAll(async () => {
      admin = await signedInFan(server, { label: 'admin' });
      expect((await changeAdminRole(server.database, 'grant', admin.email)).ok).toBe(true);
      fan = await signedInFan(server);
      // In the catalog with its MBID (whether or not a fan's import above added it already).
      await seedCatalog(server.database, [{ name: 'Velvet Harbor', mbid: VELVET_HARBOR, tours: [] }]);
    });

    it('answers 401 signed out and 403 to a fan on every admin route', async () => {
      const id = '00000000-0000-4000-8000-000000000000';
      const anonymous = await server.fetch(ADMIN_BASE);
      expect(anonymous.status).toBe(401);
      for (const [method, path] of [
        ['GET', ADMIN_BASE],
        ['POST', ADMIN_BASE],
        ['POST', `${ADMIN_BASE}/list`],
        ['GET', `${ADMIN_BASE}/${id}`],
        ['POST', `${ADMIN_BASE}/${id}/run`],
        ['POST', `${ADMIN_BASE}/${id}/cancel`],
      ] as const) {
        const response = await fan.browser.request(path, { method, json: method === 'POST' ? {} : undefined });
        expect(response.status, `${method} ${path}`).toBe(403);
      }
      expect((await upload(fan.browser, ADMIN_BASE, id, 'x.json', '[]')).status).toBe(403);
    });

    it('seeds the catalog from a list of names, MusicBrainz ids and Spotify links, as an audited job with a report', async () => {
      const text = [
        'Amber Foxes',
        VELVET_HARBOR,
        'https://open.spotify.com/artist/4GlassMeridianSpotify0?si=abc',
        'https://open.spotify.com/artist/0000000000000000000000',
        'Quartz Parade',
        '',
        'Amber Foxes',
      ].join('\n');
      const started = await call(admin.browser, `${ADMIN_BASE}/list`, { json: { text } });
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ kind: 'admin', state: 'matching', artists: 5 });
      await waitFor(admin.browser, ADMIN_BASE, started.body.id, ['preview']);
      const preview = await page(admin.browser, ADMIN_BASE, started.body.id);
      expect(preview.artists.map((a) => a.name)).toEqual([
        'Amber Foxes',
        VELVET_HARBOR,
        'open.spotify.com/artist/4GlassMeridianSpotify0',
        'open.spotify.com/artist/0000000000000000000000',
        'Quartz Parade',
      ]);
      expect(preview.artists[0]!.match?.confidence).toBe('name');
      expect(preview.artists[1]!.match?.confidence).toBe('mbid');
      const run = await call(admin.browser, `${ADMIN_BASE}/${started.body.id}/run`, { json: { all: true } });
      expect(run.status).toBe(202);
      const done = await waitFor(admin.browser, ADMIN_BASE, started.body.id, ['done', 'failed']);
      expect(done.state).toBe('done');
      // Velvet Harbor is matched by its MBID: in the catalog already.
      expect(done.summary).toMatchObject({ added: 2, skipped: 2, notMatched: 1 });
      expect(done.summary!.reasons).toEqual(
        expect.arrayContaining([
          { reason: 'Already in the catalog', count: 2 },
          { reason: NOT_MATCHED_REASONS.unknownSpotify, count: 1 },
        ]),
      );
      const catalog = await server.database.query<{ mbid: string }>(
        `select mbid from artists where mbid = any($1::text[])`,
        [[VELVET_HARBOR, GLASS_MERIDIAN]],
      );
      expect(catalog.rows).toHaveLength(2);
      // Kept: the report lists it, with who started it.
      const list = (await (await admin.browser.request(ADMIN_BASE)).json()) as { imports: ListeningImportView[] };
      expect(list.imports[0]).toMatchObject({ id: started.body.id, state: 'done', startedBy: admin.email });
      const audit = await server.database.query<{ action: string }>(
        `select action from admin_audit_log where target_id = $1 order by created_at`,
        [started.body.id],
      );
      expect(audit.rows.map((row) => row.action)).toEqual(['spotify-import.list', 'spotify-import.run']);
      // An admin import is not a fan's: the fan routes do not find it.
      expect((await admin.browser.request(`${FAN_BASE}/${started.body.id}`)).status).toBe(404);
    }, 60_000);

    it('takes an export file too', async () => {
      const view = await create(admin.browser, ADMIN_BASE);
      const answer = await upload(admin.browser, ADMIN_BASE, view.id, 'StreamingHistory_music_0.json', smallExport);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ plays: 6, artists: 5 });
      expect((await call(admin.browser, `${ADMIN_BASE}/${view.id}/match`)).status).toBe(202);
      await waitFor(admin.browser, ADMIN_BASE, view.id, ['preview']);
      const audit = await server.database.query<{ action: string }>(
        `select action from admin_audit_log where target_id = $1 order by created_at`,
        [view.id],
      );
      expect(audit.rows.map((row) => row.action)).toEqual([
        'spotify-import.create',
        'spotify-import.upload',
        'spotify-import.match',
      ]);
    });
  });
});
