import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '#server/lib/event-bus.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';

const post = (server: TestServer, artistName: unknown) =>
  server.fetch('/api/images/queue', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ artistName }),
  });

async function imageRows(server: TestServer, artistName: string) {
  const { rows } = await server.database.query<{ image_url: string; source: string }>(
    'select image_url, source from artist_images where lower(artist_name) = lower($1)',
    [artistName],
  );
  return rows;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error('timed out waiting');
}

/** Reads an SSE response until an event named `name` arrives; returns its JSON data. */
async function nextSseEvent(response: Response, name: string, timeoutMs = 15_000): Promise<unknown> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const timer = setTimeout(() => void reader.cancel(), timeoutMs);
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before a '${name}' event`);
      buffer += value;
      for (const block of buffer.split('\n\n').slice(0, -1)) {
        const lines = block.split('\n');
        if (lines.includes(`event: ${name}`)) {
          const data = lines.find((line) => line.startsWith('data: '))!.slice('data: '.length);
          return JSON.parse(data);
        }
      }
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
}

describe('artist images', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { jobs: true });
    await seedCatalog(server.database, [
      { name: 'Northern Lanterns', tours: [] },
      { name: 'Velvet Harbour', tours: [] },
      { name: 'Already Pictured', imageUrl: 'https://example.org/pictured.jpg', tours: [] },
    ]);
  });
  afterAll(() => server?.close());

  it('queues a job that stores a generated artwork, announces it and serves it with long cache headers', async () => {
    const stream = await server.fetch('/api/events/public?artist=northern-lanterns');
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const busEvents: AppEvent[] = [];
    server.background.events.subscribe(
      () => true,
      (event) => busEvents.push(event),
    );
    const eventArrived = nextSseEvent(stream, 'artist-image-ready');

    const queued = await post(server, 'northern LANTERNS');
    expect(queued.status).toBe(202);
    expect(await queued.json()).toEqual({ status: 'queued', artistSlug: 'northern-lanterns', imageUrl: null });

    const event = (await eventArrived) as { artistSlug: string; imageUrl: string };
    expect(event.artistSlug).toBe('northern-lanterns');
    expect(event.imageUrl).toMatch(/^\/files\/artist-images\/[0-9a-f]{24}\.webp$/);
    expect(busEvents).toContainEqual({
      type: 'artist-image-ready',
      artistSlug: 'northern-lanterns',
      imageUrl: event.imageUrl,
    });
    expect(await imageRows(server, 'Northern Lanterns')).toEqual([{ image_url: event.imageUrl, source: 'generated' }]);

    const file = await server.fetch(event.imageUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 600, height: 600 });

    const again = await post(server, 'Northern Lanterns');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'ready', artistSlug: 'northern-lanterns', imageUrl: event.imageUrl });
  });

  it('runs at most one job per artist, however often the image is asked for', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await post(server, 'Velvet Harbour'));
    // The first ask queues the job; later asks either join it (202) or, when the fast artwork
    // job has already finished, get the image (200). Either way only one job may exist.
    expect(answers[0]!.status).toBe(202);
    for (const answer of answers.slice(1)) expect([200, 202]).toContain(answer.status);

    const rows = await waitFor(async () => {
      const found = await imageRows(server, 'Velvet Harbour');
      return found.length > 0 ? found : undefined;
    });
    expect(rows).toHaveLength(1);
    const { rows: jobs } = await server.database.query<{ count: number }>(
      `select count(*)::int as count from pgboss.job j join artists a on a.id::text = j.singleton_key
       where j.name = 'artist-image' and a.slug = 'velvet-harbour'`,
    );
    expect(jobs[0]!.count).toBe(1);
  });

  it('answers at once, with no job, for an artist that already has an image', async () => {
    const answer = await post(server, 'already pictured');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'ready', imageUrl: 'https://example.org/pictured.jpg' });
  });

  it('sends images that already exist first on a new event stream', async () => {
    const stream = await server.fetch('/api/events/public?artist=already-pictured,unknown-band');
    expect(await nextSseEvent(stream, 'artist-image-ready')).toEqual({
      type: 'artist-image-ready',
      artistSlug: 'already-pictured',
      imageUrl: 'https://example.org/pictured.jpg',
    });
  });

  it('refuses unknown artists, bad bodies and bad stream filters', async () => {
    const unknown = await post(server, 'Nobody By This Name');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('NOT_FOUND');
    const empty = await post(server, '   ');
    expect(empty.status).toBe(400);
    expect((await server.fetch('/api/events/public')).status).toBe(400);
    expect((await server.fetch('/api/events/public?artist=Bad%20Slug')).status).toBe(400);
  });

  it('serves narrower copies of an artist image for the widths the cards ask for', async () => {
    const original = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer();
    await server.background.storage.put('artist-images/variant-test.webp', original, 'image/webp');

    for (const width of [240, 400]) {
      const file = await server.fetch(`/files/artist-images/variant-test.webp?w=${width}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width, height: width });
    }
    // Made once, then kept beside the original.
    expect(await server.background.storage.get('artist-images/variant-test.w240.webp')).not.toBeNull();

    expect((await server.fetch('/files/artist-images/variant-test.webp?w=333')).status).toBe(400);
    expect((await server.fetch('/files/artist-images/missing.webp?w=240')).status).toBe(404);
  });

  it('serves only stored files', async () => {
    expect((await server.fetch('/files/artist-images/missing.webp')).status).toBe(404);
    expect((await server.fetch('/files/..%2f..%2fpackage.json')).status).toBe(404);
  });
});
