import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { type FakeS3, startFakeS3 } from '#tests/fakes/s3.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';

async function waitForImageUrl(server: TestServer, artistName: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await server.database.query<{ image_url: string }>(
      'select image_url from artist_images where lower(artist_name) = lower($1)',
      [artistName],
    );
    if (rows[0]) return rows[0].image_url;
    await sleep(100);
  }
  throw new Error(`no image for ${artistName}`);
}

describe('artist images in an S3-compatible bucket', () => {
  let fake: FakeS3;
  let server: TestServer;
  const dataDir = '.tmp/test-data-s3';
  beforeAll(async () => {
    fake = await startFakeS3();
    // No photo lookups: MusicBrainz refuses at once, so the job draws an artwork.
    server = await startTestServer(
      { ...fake.env(), DATA_DIR: dataDir, MUSICBRAINZ_URL: 'http://127.0.0.1:9' },
      { jobs: true },
    );
    await seedCatalog(server.database, [{ name: 'Copper Satellites', tours: [] }]);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('stores the generated artwork in the bucket and serves it at /files/<key>', async () => {
    const queued = await server.fetch('/api/images/queue', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ artistName: 'Copper Satellites' }),
    });
    expect(queued.status).toBe(202);

    const imageUrl = await waitForImageUrl(server, 'Copper Satellites');
    expect(imageUrl).toMatch(/^\/files\/artist-images\/[0-9a-f]{24}\.webp$/);
    const key = imageUrl.slice('/files/'.length);
    const stored = fake.objects.get(key);
    expect(stored).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    expect(fake.requests).toContainEqual({
      method: 'PUT',
      path: `/${fake.bucket}/${key}`,
      status: 200,
      code: undefined,
    });
    // Nothing went to the local directory.
    expect(existsSync(path.join(dataDir, 'files', key))).toBe(false);

    const file = await server.fetch(imageUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await file.arrayBuffer());
    expect(body.equals(stored!.body)).toBe(true);
    expect(await sharp(body).metadata()).toMatchObject({ format: 'webp', width: 600, height: 600 });
  });

  it('answers 404 for a key the bucket does not have, without asking it for unsafe keys', async () => {
    expect((await server.fetch('/files/artist-images/missing.webp')).status).toBe(404);
    const asked = fake.requests.length;
    expect((await server.fetch('/files/..%2f..%2fpackage.json')).status).toBe(404);
    expect(fake.requests.length).toBe(asked);
  });

  it('answers 503 UNAVAILABLE, not a missing file, when the bucket fails', async () => {
    fake.failNext(1);
    const response = await server.fetch('/files/artist-images/any.webp');
    expect(response.status).toBe(503);
    expect((await response.json()).error).toMatchObject({ code: 'UNAVAILABLE' });
  });
});
