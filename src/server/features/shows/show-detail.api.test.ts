import { crc32 } from 'node:zlib';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { PHOTO_QUOTA_MESSAGE, PHOTO_STORAGE_QUOTA_BYTES } from '#shared/write-limits.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { FAN_PASSWORD, signedInFan } from '#tests/setup/fans.ts';
import { ORPHAN_GRACE_MS, sweepDeletedPhotoFiles, sweepOrphanedPhotoFiles } from './show-photos.jobs.ts';

const TODAY = '2027-03-01';

/** A signed-in fan's browser. */
const signedInBrowser = async (server: AuthTestServer) => (await signedInFan(server)).browser;

/** A 3000×2000 JPEG shot "sideways" (EXIF orientation 6) with a camera make and a GPS position. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '39/1 39/1 55/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '105/1 12/1 20/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const smallPng = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c3' } })
    .png()
    .toBuffer();

/** The PNG with its header (IHDR) claiming another size: what a decompression bomb looks like up front. */
async function declaredSize(png: Buffer, width: number, height: number): Promise<Buffer> {
  const bomb = Buffer.from(png);
  bomb.writeUInt32BE(width, 16);
  bomb.writeUInt32BE(height, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

function upload(server: AuthTestServer, browser: TestBrowser, stopId: string, body: Uint8Array, name = 'photo.jpg') {
  const form = new FormData();
  form.append('photo', new Blob([body as Uint8Array<ArrayBuffer>]), name);
  return server.fetch(`/api/shows/${stopId}/photos`, {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', cookie: browser.cookieHeader(), 'x-forwarded-for': browser.ip },
    body: form,
  });
}

const patch = (browser: TestBrowser, stopId: string, json: unknown) =>
  browser.request(`/api/shows/${stopId}/details`, { method: 'PATCH', json });

describe('show detail API', () => {
  let server: AuthTestServer;
  const stopIds: Record<string, string> = {};

  /** Marks a stop for the fan the way Add Show does (a past stop: attended). */
  async function markAttended(fan: TestBrowser, artistSlug: string, venueSlug: string, date: string) {
    const response = await fan.request('/api/add-show', {
      json: {
        artist: { kind: 'catalog', slug: artistSlug },
        venue: { kind: 'catalog', slug: venueSlug },
        date,
        today: TODAY,
      },
    });
    expect(response.status).toBe(201);
    return (await response.json()).stopId as string;
  }

  beforeAll(async () => {
    server = await startAuthTestServer();
    const anthem = { venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' };
    await seedCatalog(server.database, [
      {
        name: 'Northern Lanterns',
        tours: [{ name: 'Harbour Lights Tour', stops: [{ date: '2026-11-01', time: '21:00', ...anthem }] }],
      },
      {
        name: 'Amber Skies',
        tours: [
          {
            name: 'Dawn Tour',
            stops: [
              { date: '2026-11-01', time: '19:30', ...anthem },
              { date: '2027-05-01', ...anthem },
            ],
          },
        ],
      },
      // A late show at the same venue that night: another show, not on the 19:30 and 21:00 bill.
      {
        name: 'Midnight Set',
        tours: [{ name: 'Late Tour', stops: [{ date: '2026-11-01', time: '23:30', ...anthem }] }],
      },
    ]);
    await server.database.query("update venues set time_zone = 'America/New_York'");
    const { rows } = await server.database.query<{ id: string; key: string }>(
      "select s.id, a.slug || '@' || s.event_date::text as key from tour_stops s join artists a on a.id = s.artist_id",
    );
    for (const row of rows) stopIds[row.key] = row.id;
  });
  afterAll(() => server?.close());

  it('answers 401 to visitors and 404 for unknown stops', async () => {
    const visitor = new TestBrowser(server);
    const stopId = stopIds['northern-lanterns@2026-11-01']!;
    expect((await visitor.request(`/api/shows/${stopId}`)).status).toBe(401);
    expect((await patch(visitor, stopId, { notes: 'x' })).status).toBe(401);
    const fan = await signedInBrowser(server);
    const unknown = await fan.request('/api/shows/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe('Show not found');
  });

  it('shows the bill: every artist at the venue that date, this stop first', async () => {
    const fan = await signedInBrowser(server);
    const stopId = await markAttended(fan, 'amber-skies', 'the-anthem-washington-dc', '2026-11-01');
    expect(stopId).toBe(stopIds['amber-skies@2026-11-01']);
    const response = await fan.request(`/api/shows/${stopId}`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const show = await response.json();
    expect(show).toMatchObject({
      stopId,
      date: '2026-11-01',
      time: '19:30',
      status: 'scheduled',
      reviewState: 'approved',
      venue: { name: 'The Anthem', slug: 'the-anthem-washington-dc', timeZone: 'America/New_York' },
      guidePath: '/guide/amber-skies/2026-11-01-washington-dc',
      mine: { state: 'attended', notes: null, rating: null, companions: null, photos: [] },
    });
    expect(show.bill.map((entry: { artistName: string }) => entry.artistName)).toEqual([
      'Amber Skies',
      'Northern Lanterns',
    ]);
    // An unmarked stop reads without the fan's layer.
    const other = await (await fan.request(`/api/shows/${stopIds['northern-lanterns@2026-11-01']}`)).json();
    expect(other.mine).toBeNull();
    expect(other.bill.map((entry: { artistSlug: string }) => entry.artistSlug)).toEqual([
      'northern-lanterns',
      'amber-skies',
    ]);
    const late = await (await fan.request(`/api/shows/${stopIds['midnight-set@2026-11-01']}`)).json();
    expect(late.bill.map((entry: { artistSlug: string }) => entry.artistSlug)).toEqual(['midnight-set']);
  });

  it('names the sources listing the show, best first, with their ticket links; a source that dropped it is left out', async () => {
    const stopId = stopIds['amber-skies@2027-05-01']!;
    await server.database.query(
      `insert into stop_sources (stop_id, artist_id, provider, external_id, url, ticket_url, seller, reported_date, missing_since)
       select s.id, s.artist_id, x.provider, x.id, null, x.ticket, x.seller, s.event_date, x.missing
       from tour_stops s, (values
         ('bandsintown', '1037', 'https://bandsintown.example/t/1037', null::text, null::timestamptz),
         ('ticketmaster', 'G5v', 'https://ticketmaster.example/e/G5v', 'Ticketmaster', null),
         ('jambase', 'jambase:9', 'https://jambase.example/9', null, now())
       ) as x(provider, id, ticket, seller, missing)
       where s.id = $1`,
      [stopId],
    );
    const fan = await signedInBrowser(server);
    const show = await (await fan.request(`/api/shows/${stopId}`)).json();
    expect(show.sources).toEqual([
      { provider: 'ticketmaster', url: null, ticketUrl: 'https://ticketmaster.example/e/G5v', seller: 'Ticketmaster' },
      { provider: 'bandsintown', url: null, ticketUrl: 'https://bandsintown.example/t/1037', seller: null },
    ]);
    const unlisted = await (await fan.request(`/api/shows/${stopIds['northern-lanterns@2026-11-01']}`)).json();
    expect(unlisted.sources).toEqual([]);
  });

  it('saves notes, a rating and companions, and refuses bad values changing nothing', async () => {
    const fan = await signedInBrowser(server);
    const stopId = await markAttended(fan, 'northern-lanterns', 'the-anthem-washington-dc', '2026-11-01');
    const saved = await patch(fan, stopId, { notes: 'Encore: three songs.', rating: 5, companions: 'Sam and Alex' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ notes: 'Encore: three songs.', rating: 5, companions: 'Sam and Alex' });
    // Only the fields sent change.
    expect(await (await patch(fan, stopId, { rating: 4 })).json()).toEqual({
      notes: 'Encore: three songs.',
      rating: 4,
      companions: 'Sam and Alex',
    });

    const refused: [unknown, string][] = [
      [{ notes: 'x'.repeat(5001) }, 'Notes can be at most 5,000 characters.'],
      [{ rating: 0 }, 'A rating is 1 to 5 stars.'],
      [{ rating: 6 }, 'A rating is 1 to 5 stars.'],
      [{ rating: 2.5 }, 'A rating is 1 to 5 stars.'],
      [{ companions: 'y'.repeat(501) }, 'Who you went with can be at most 500 characters.'],
      [{ notes: 'ok', rating: 9 }, 'A rating is 1 to 5 stars.'],
    ];
    for (const [body, message] of refused) {
      const response = await patch(fan, stopId, body);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    }
    const after = await (await fan.request(`/api/shows/${stopId}`)).json();
    expect(after.mine).toMatchObject({ notes: 'Encore: three songs.', rating: 4, companions: 'Sam and Alex' });
    // Exactly 5,000 characters is fine; null clears.
    expect((await patch(fan, stopId, { notes: 'n'.repeat(5000) })).status).toBe(200);
    expect(await (await patch(fan, stopId, { rating: null, notes: null })).json()).toMatchObject({
      rating: null,
      notes: null,
    });
  });

  it('keeps ratings and photos for attended shows, and notes for marked ones', async () => {
    const fan = await signedInBrowser(server);
    const future = stopIds['amber-skies@2027-05-01']!;
    const unmarked = await patch(fan, future, { notes: 'Can not wait' });
    expect(unmarked.status).toBe(409);
    const going = await fan.request('/api/add-show', {
      json: {
        artist: { kind: 'catalog', slug: 'amber-skies' },
        venue: { kind: 'catalog', slug: 'the-anthem-washington-dc' },
        date: '2027-05-01',
        today: TODAY,
      },
    });
    expect(await going.json()).toMatchObject({ stopId: future, state: 'going' });
    expect((await patch(fan, future, { notes: 'Can not wait' })).status).toBe(200);
    const rated = await patch(fan, future, { rating: 5 });
    expect(rated.status).toBe(409);
    expect((await upload(server, fan, future, await smallPng())).status).toBe(409);
  });

  it('stores photos resized, upright and without EXIF (location included), for their owner only', async () => {
    const owner = await signedInBrowser(server);
    const stranger = await signedInBrowser(server);
    const stopId = await markAttended(owner, 'northern-lanterns', 'the-anthem-washington-dc', '2026-11-01');
    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    expect(exifReader(before.exif!).GPSInfo?.GPSLatitude).toEqual([39, 39, 55]);

    const response = await upload(server, owner, stopId, original);
    expect(response.status).toBe(201);
    const { photo } = await response.json();
    // Turned upright (orientation 6: portrait) and at most 2048 px on the longer side.
    expect(photo).toMatchObject({ width: 1365, height: 2048, url: `/api/shows/photos/${photo.id}` });

    const served = await owner.request(photo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 1365, height: 2048 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.orientation).toBeUndefined();

    // Never public: not under /files, not for another fan, not for visitors.
    const { rows } = await server.database.query<{ storage_key: string }>(
      'select storage_key from show_photos where id = $1',
      [photo.id],
    );
    expect(rows[0]!.storage_key).toMatch(/^show-photos\//);
    expect((await server.fetch(`/files/${rows[0]!.storage_key}`)).status).toBe(404);
    expect((await stranger.request(photo.url)).status).toBe(404);
    expect((await new TestBrowser(server).request(photo.url)).status).toBe(401);
    expect((await stranger.request(photo.url, { method: 'DELETE' })).status).toBe(404);
    expect((await owner.request(photo.url)).status).toBe(200);

    const detail = await (await owner.request(`/api/shows/${stopId}`)).json();
    expect(detail.mine.photos).toEqual([photo]);

    // The owner deletes it: the row and the stored file go.
    expect((await owner.request(photo.url, { method: 'DELETE' })).status).toBe(204);
    expect((await owner.request(photo.url)).status).toBe(404);
    expect(await server.background.storage.get(rows[0]!.storage_key)).toBeNull();
    expect((await owner.request(photo.url, { method: 'DELETE' })).status).toBe(404);
  });

  it('deletes the files of photos whose show is un-marked or whose account is deleted', async () => {
    const fan = await signedInFan(server, { label: 'photo-files' });
    const stored = async (photoId: string) => {
      const { rows } = await server.database.query<{ storage_key: string }>(
        'select storage_key from show_photos where id = $1',
        [photoId],
      );
      return rows[0]!.storage_key;
    };
    const firstStop = await markAttended(fan.browser, 'northern-lanterns', 'the-anthem-washington-dc', '2026-10-01');
    const first = (await (await upload(server, fan.browser, firstStop, await smallPng())).json()).photo;
    const secondStop = await markAttended(fan.browser, 'amber-skies', 'the-anthem-washington-dc', '2026-10-02');
    const second = (await (await upload(server, fan.browser, secondStop, await smallPng())).json()).photo;
    const firstKey = await stored(first.id);
    const secondKey = await stored(second.id);

    // Un-marked: the row goes with the show, and its file with the sweep.
    expect((await fan.browser.request(`/api/shows/stops/${firstStop}`, { method: 'DELETE' })).status).toBe(204);
    await sweepDeletedPhotoFiles(server.background);
    expect(await server.background.storage.get(firstKey)).toBeNull();
    expect(await server.background.storage.get(secondKey)).not.toBeNull();

    // The account deleted: every file of its photos goes.
    const deleted = await fan.browser.request('/api/account', {
      method: 'DELETE',
      json: { confirm: 'DELETE', password: FAN_PASSWORD },
    });
    expect(deleted.status).toBe(200);
    await sweepDeletedPhotoFiles(server.background);
    expect(await server.background.storage.get(secondKey)).toBeNull();
    const { rows } = await server.database.query('select 1 from deleted_photo_files where storage_key = any($1)', [
      [firstKey, secondKey],
    ]);
    expect(rows).toEqual([]);
  });

  it('sweeps stored photo files that no row names, once they are older than an upload takes', async () => {
    const fan = await signedInFan(server, { label: 'photo-orphans' });
    const stopId = await markAttended(fan.browser, 'northern-lanterns', 'the-anthem-washington-dc', '2026-08-01');
    const photo = (await (await upload(server, fan.browser, stopId, await smallPng())).json()).photo;
    const { rows } = await server.database.query<{ storage_key: string }>(
      'select storage_key from show_photos where id = $1',
      [photo.id],
    );
    const kept = rows[0]!.storage_key;
    const orphan = `show-photos/${fan.id}/left-by-a-dead-process.webp`;
    const other = 'artist-images/not-a-photo.webp';
    await server.background.storage.put(orphan, new Uint8Array([1, 2, 3]), 'image/webp');
    await server.background.storage.put(other, new Uint8Array([4, 5, 6]), 'image/webp');
    const { storage } = server.background;

    // Young: it may be an upload whose row is being written.
    expect(await sweepOrphanedPhotoFiles(server.background)).toBe(0);
    expect(await storage.get(orphan)).not.toBeNull();

    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    expect(await sweepOrphanedPhotoFiles(server.background, later)).toBeGreaterThanOrEqual(1);
    expect(await storage.get(orphan)).toBeNull();
    expect(await storage.get(kept)).not.toBeNull();
    expect(await storage.get(other)).not.toBeNull();
    expect((await fan.browser.request(photo.url)).status).toBe(200);
  });

  it("refuses a photo past the fan's storage quota, changing nothing", async () => {
    const fan = await signedInFan(server, { label: 'photo-quota' });
    const stopId = await markAttended(fan.browser, 'northern-lanterns', 'the-anthem-washington-dc', '2026-09-01');
    const first = await upload(server, fan.browser, stopId, await smallPng());
    expect(first.status).toBe(201);
    // The fan's stored photos already fill the quota (as if after years of uploads).
    await server.database.query('update show_photos set bytes = $1 where user_id = $2', [
      PHOTO_STORAGE_QUOTA_BYTES,
      fan.id,
    ]);
    const refused = await upload(server, fan.browser, stopId, await smallPng());
    expect(refused.status).toBe(413);
    expect((await refused.json()).error.message).toBe(PHOTO_QUOTA_MESSAGE);
    const { rows } = await server.database.query('select 1 from show_photos where user_id = $1', [fan.id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses files that are not images, photos over 15 MB and a 51st photo, changing nothing', async () => {
    const fan = await signedInBrowser(server);
    const stopId = await markAttended(fan, 'amber-skies', 'the-anthem-washington-dc', '2026-11-01');
    const count = async () =>
      (
        await server.database.query<{ n: number }>(
          'select count(*)::int as n from show_photos where user_id = (select user_id from user_shows where stop_id = $1 order by created_at desc limit 1)',
          [stopId],
        )
      ).rows[0]!.n;

    const text = await upload(server, fan, stopId, new TextEncoder().encode('not a photo at all'), 'photo.jpg');
    expect(text.status).toBe(400);
    expect((await text.json()).error.message).toBe(
      'That file is not an image. Choose a JPEG, PNG, WebP, GIF, AVIF or HEIC photo.',
    );
    const truncated = (await phonePhoto()).subarray(0, 2000);
    expect((await upload(server, fan, stopId, truncated)).status).toBe(400);

    // A tiny file declaring a 20,000 × 20,000 canvas (400 megapixels) is refused before decoding.
    const bomb = await declaredSize(await smallPng(), 20_000, 20_000);
    const bombAnswer = await upload(server, fan, stopId, bomb, 'bomb.png');
    expect(bombAnswer.status).toBe(413);
    expect((await bombAnswer.json()).error.message).toBe('That photo is too large to process (over 100 megapixels).');

    const huge = new Uint8Array(15 * 1024 * 1024 + 1);
    huge.set(await smallPng());
    const tooLarge = await upload(server, fan, stopId, huge, 'big.png');
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error.message).toBe('A photo can be at most 15 MB.');
    expect(await count()).toBe(0);

    // Fifty photos (written directly: the limit, not the resizing, is under test here), then one more.
    const { rows } = await server.database.query<{ id: string; user_id: string }>(
      'select id, user_id from user_shows where stop_id = $1 order by created_at desc limit 1',
      [stopId],
    );
    const mine = rows[0]!;
    await server.database.query(
      `insert into show_photos (user_show_id, user_id, storage_key, content_type, width, height, bytes)
       select $1, $2, 'show-photos/x/' || g || '.webp', 'image/webp', 10, 10, 10 from generate_series(1, 50) g`,
      [mine.id, mine.user_id],
    );
    const extra = await upload(server, fan, stopId, await smallPng());
    expect(extra.status).toBe(409);
    expect((await extra.json()).error.message).toBe('A show can have at most 50 photos.');
    expect(await count()).toBe(50);
  });

  it("never lets a fan read, change or delete another fan's show, notes or photos", async () => {
    const alice = await signedInBrowser(server);
    const bob = await signedInBrowser(server);
    const stopId = await markAttended(alice, 'northern-lanterns', 'the-anthem-washington-dc', '2026-11-01');
    await patch(alice, stopId, { notes: "Alice's secret notes", rating: 3 });
    const { photo } = await (await upload(server, alice, stopId, await smallPng())).json();

    // Bob reads the public stop, but none of Alice's layer.
    const seen = await (await bob.request(`/api/shows/${stopId}`)).json();
    expect(seen.mine).toBeNull();
    expect(JSON.stringify(seen)).not.toContain('secret');
    // Bob's changes touch only his own (absent) row: refused, Alice's stay.
    expect((await patch(bob, stopId, { notes: 'overwritten', rating: 1 })).status).toBe(409);
    expect((await upload(server, bob, stopId, await smallPng())).status).toBe(409);
    expect((await bob.request(photo.url)).status).toBe(404);
    expect((await bob.request(photo.url, { method: 'DELETE' })).status).toBe(404);

    const alices = await (await alice.request(`/api/shows/${stopId}`)).json();
    expect(alices.mine).toMatchObject({ notes: "Alice's secret notes", rating: 3 });
    expect(alices.mine.photos.map((p: { id: string }) => p.id)).toEqual([photo.id]);
    expect((await alice.request(photo.url)).status).toBe(200);
  });
});
