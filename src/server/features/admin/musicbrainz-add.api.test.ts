import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer } from '#server/auth/auth.test-support.ts';
import { MUSICBRAINZ_UNAVAILABLE_MESSAGE } from '#shared/admin-artists-api.ts';
import { NORTHERN_LANTERNS } from '#tests/fakes/dataset.ts';
import { type FakeMusicBrainz, startFakeMusicBrainz } from '#tests/fakes/musicbrainz.ts';
import { type SignedInFan, signedInAdmin } from '#tests/setup/fans.ts';

/** Issue 28 (7): the admin's "Add from MusicBrainz" answered 500 when MusicBrainz could not be reached. */
describe('admin: add from MusicBrainz when MusicBrainz fails', () => {
  let musicBrainz: FakeMusicBrainz;
  let server: AuthTestServer;
  let admin: SignedInFan;

  const add = () =>
    admin.browser.request('/api/admin/catalog/artists', { method: 'POST', json: { mbid: NORTHERN_LANTERNS } });
  const search = () => admin.browser.request('/api/admin/catalog/musicbrainz?q=northern');
  const expectUnavailable = async (response: Response) => {
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: 'UNAVAILABLE', message: MUSICBRAINZ_UNAVAILABLE_MESSAGE } });
  };

  beforeAll(async () => {
    musicBrainz = await startFakeMusicBrainz();
    server = await startAuthTestServer({ MUSICBRAINZ_URL: musicBrainz.url, PROVIDER_TIMEOUT_MS: '1000' });
    admin = await signedInAdmin(server);
  });
  afterAll(async () => {
    await server?.close();
    await musicBrainz?.close();
  });
  beforeEach(async () => {
    musicBrainz.setMode('normal');
    await server.database.query('delete from provider_rate_slots');
  });

  it('answers 503 with a clear message when MusicBrainz answers errors, and adds nothing', async () => {
    musicBrainz.setMode('unavailable', { retryAfterSeconds: 1 });
    await expectUnavailable(await add());
    await expectUnavailable(await search());
    const { rows } = await server.database.query('select 1 from artists where mbid = $1', [NORTHERN_LANTERNS]);
    expect(rows).toHaveLength(0);
  });

  it('answers 503 when MusicBrainz answers nonsense', async () => {
    musicBrainz.setMode('malformed');
    await expectUnavailable(await add());
  });

  it('adds the artist once MusicBrainz answers again', async () => {
    const response = await add();
    expect(response.status).toBe(201);
    expect((await response.json()).added).toBe(true);
  });
});

describe('admin: add from MusicBrainz when MusicBrainz is unreachable', () => {
  let server: AuthTestServer;

  beforeAll(async () => {
    // Nothing listens on the discard port: the connection is refused at once.
    server = await startAuthTestServer({ MUSICBRAINZ_URL: 'http://127.0.0.1:9', PROVIDER_TIMEOUT_MS: '1000' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 with a clear message', async () => {
    const admin = await signedInAdmin(server);
    const response = await admin.browser.request('/api/admin/catalog/artists', {
      method: 'POST',
      json: { mbid: NORTHERN_LANTERNS },
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: 'UNAVAILABLE', message: MUSICBRAINZ_UNAVAILABLE_MESSAGE } });
  });
});
