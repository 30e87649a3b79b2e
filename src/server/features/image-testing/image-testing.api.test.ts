import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, PUBLIC_URL, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import type { AppEvent } from '#server/lib/event-bus.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { signedInAdmin, signedInFan } from '#tests/setup/fans.ts';

/**
 * Reads a public event stream (as an open page holds it) until an image event follows a clear;
 * returns every event it heard, in order.
 */
async function imageEventsUntilRemade(response: Response, timeoutMs = 15_000): Promise<unknown[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const timer = setTimeout(() => void reader.cancel(), timeoutMs);
  const heard: { type: string }[] = [];
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended after ${JSON.stringify(heard)}`);
      buffer += value;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop()!;
      for (const block of blocks) {
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) heard.push(JSON.parse(data.slice('data: '.length)));
      }
      const clearedAt = heard.findIndex((event) => event.type === 'artist-image-cleared');
      if (clearedAt >= 0 && heard.slice(clearedAt).some((event) => event.type === 'artist-image-ready')) return heard;
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
}

describe('admin: image testing', () => {
  let server: AuthTestServer;
  let admin: TestBrowser;
  let fan: TestBrowser;
  const events: AppEvent[] = [];

  const upload = (browser: TestBrowser, body: Blob, name: string) => {
    const form = new FormData();
    form.append('image', body, name);
    return server.fetch('/api/admin/image-testing/quiet-band/upload', {
      method: 'POST',
      headers: { origin: PUBLIC_URL, cookie: browser.cookieHeader(), 'x-forwarded-for': browser.ip },
      body: form,
    });
  };
  const imageRow = async () =>
    (
      await server.database.query<{ image_url: string; source: string }>(
        `select i.image_url, i.source from artist_images i join artists a on a.id = i.artist_id where a.slug = 'quiet-band'`,
      )
    ).rows[0];

  beforeAll(async () => {
    server = await startAuthTestServer({}, { jobs: true });
    await seedCatalog(server.database, [{ name: 'Quiet Band', tours: [] }]);
    admin = (await signedInAdmin(server)).browser;
    fan = (await signedInFan(server)).browser;
    server.background.events.subscribe(
      (event) => event.type === 'artist-image-ready' || event.type === 'artist-image-cleared',
      (event) => events.push(event),
    );
  });
  afterAll(() => server?.close());

  it('answers 401/403 to visitors and fans', async () => {
    for (const [method, route] of [
      ['GET', '/api/admin/image-testing/quiet-band'],
      ['POST', '/api/admin/image-testing/quiet-band/sources/generated'],
      ['POST', '/api/admin/image-testing/quiet-band/replace'],
      ['DELETE', '/api/admin/image-testing/quiet-band/image'],
    ] as const) {
      const json = method === 'POST' ? {} : undefined;
      expect((await new TestBrowser(server).request(route, { method, json })).status).toBe(401);
      expect((await fan.request(route, { method, json })).status).toBe(403);
    }
    expect((await upload(fan, new Blob(['x']), 'x.png')).status).toBe(403);
  });

  it('runs each source side by side, replaces with one (live event, audited), then clears', async () => {
    expect(await (await admin.request('/api/admin/image-testing/quiet-band')).json()).toMatchObject({ current: null });
    const wikidata = await (
      await admin.request('/api/admin/image-testing/quiet-band/sources/wikidata', { json: {} })
    ).json();
    expect(wikidata).toMatchObject({
      candidate: null,
      message: 'The artist has no MusicBrainz ID: Wikidata cannot be asked.',
    });
    const generated = await (
      await admin.request('/api/admin/image-testing/quiet-band/sources/generated', { json: {} })
    ).json();
    expect(generated.candidate).toMatchObject({ source: 'generated', width: 600, height: 600, format: 'webp' });
    expect(generated.candidate.variants.map((v: { width: number | null }) => v.width)).toEqual([null, 240, 400]);
    expect(generated.candidate.variants[1].bytes).toBeLessThan(generated.candidate.bytes);
    // Running a source changes nothing.
    expect(await imageRow()).toBeUndefined();

    const forged = await admin.request('/api/admin/image-testing/quiet-band/replace', {
      json: { source: 'generated', imageUrl: 'https://evil.example/x.png', attribution: null },
    });
    expect(forged.status).toBe(400);
    const replaced = await admin.request('/api/admin/image-testing/quiet-band/replace', {
      json: { source: 'generated', imageUrl: generated.candidate.imageUrl, attribution: null },
    });
    expect(replaced.status).toBe(200);
    expect((await replaced.json()).current).toMatchObject({
      source: 'generated',
      imageUrl: generated.candidate.imageUrl,
    });
    await expect
      .poll(() => events.at(-1))
      .toEqual({
        type: 'artist-image-ready',
        artistSlug: 'quiet-band',
        imageUrl: generated.candidate.imageUrl,
      });
    const audit = await (await admin.request('/api/admin/audit?targetType=artist-image')).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'artist-image.replace',
      before: null,
      after: { source: 'generated' },
    });

    // A visitor's open page listens on the public stream: it hears the clear, then the new image.
    const stream = await new TestBrowser(server).request('/api/events/public?artist=quiet-band');
    expect(stream.status).toBe(200);
    const heard = imageEventsUntilRemade(stream);
    const cleared = await admin.request('/api/admin/image-testing/quiet-band/image', { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    // The image job makes the automatic image again (no MBID: the artwork).
    await expect.poll(imageRow, { timeout: 10_000 }).toMatchObject({ source: 'generated' });
    const remade = (await imageRow())!.image_url;
    expect(await heard).toEqual([
      // The image shown when the page connected, replayed first.
      { type: 'artist-image-ready', artistSlug: 'quiet-band', imageUrl: generated.candidate.imageUrl },
      { type: 'artist-image-cleared', artistSlug: 'quiet-band' },
      { type: 'artist-image-ready', artistSlug: 'quiet-band', imageUrl: remade },
    ]);
    expect(events.slice(-2)).toEqual([
      { type: 'artist-image-cleared', artistSlug: 'quiet-band' },
      { type: 'artist-image-ready', artistSlug: 'quiet-band', imageUrl: remade },
    ]);
  });

  it('takes an upload only when it is a real image, re-encoded to WebP', async () => {
    const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    const response = await upload(admin, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'band.png');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.current).toMatchObject({ source: 'upload', format: 'webp', width: 900, height: 500 });
    expect(body.current.imageUrl).toMatch(/^\/files\/artist-images\/[0-9a-f]+\.webp$/);
    expect(await imageRow()).toMatchObject({ source: 'upload' });
    const file = await server.fetch(body.current.imageUrl);
    expect(file.headers.get('content-type')).toBe('image/webp');

    const fake = await upload(admin, new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'evil.png');
    expect(fake.status).toBe(400);
    expect((await fake.json()).error.message).toBe(
      'That file is not an image we can read (JPEG, PNG, WebP, GIF, AVIF).',
    );
    const audit = await (await admin.request('/api/admin/audit?targetType=artist-image')).json();
    expect(audit.entries[0]).toMatchObject({ action: 'artist-image.replace', after: { source: 'upload' } });
  });
});
