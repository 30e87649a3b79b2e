import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistImages, artists } from '#server/db/schema/index.ts';
import { importCatalog } from '#server/features/catalog/catalog.service.ts';
import { expectRevalidatedRead } from '#server/lib/public-cache.test-support.ts';
import type { ArtistListPage } from '#shared/artists.ts';
import { type FactoryArtist, seedCatalog } from '#tests/factories/catalog.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';

/** The list answers kept in memory (artist-list-cache.ts) must never hide a catalog change. */

const TODAY = '2027-03-01';
const LIST = `/api/artists?today=${TODAY}`;

const bandPlaying = (name: string, date = '2027-06-01'): FactoryArtist => ({
  name,
  tours: [
    { name: 'Tour', stops: [{ date, venue: 'The Fillmore', city: 'San Francisco', region: 'CA', country: 'US' }] },
  ],
});

/** Past the cache's settle time after the last write, so the next page read is kept. */
const waitForSettle = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe('artist list cache', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await seedCatalog(server.database, [bandPlaying('Alpha Band'), bandPlaying('Beta Band')]);
  });
  afterAll(() => server?.close());

  const names = async (response: Response) =>
    ((await response.json()) as ArtistListPage).artists.map((artist) => artist.name);

  it('answers 304 when the browser already has the page, and sends its ETag and cache policy', async () => {
    await expectRevalidatedRead(server, LIST, 60);
  });

  it('sends the kept gzip to clients that accept it and plain JSON to the others', async () => {
    // fetch undoes the gzip itself: the header says what travelled.
    const gzipped = await server.fetch(LIST, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toMatch(/accept-encoding/i);
    const unzipped = await gzipped.json();
    const plain = await server.fetch(LIST, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(unzipped);
  });

  it('shows an import at once, although the page before it was kept, even to a browser revalidating', async () => {
    await waitForSettle();
    const before = await server.fetch(LIST);
    expect(await names(before)).toEqual(['Alpha Band', 'Beta Band']);
    await importCatalog(server.background, { artists: [bandPlaying('Gamma Band')] });
    const after = await server.fetch(LIST, { headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(await names(after)).toEqual(['Alpha Band', 'Beta Band', 'Gamma Band']);
  });

  it('rebuilds the kept list when another process announces a catalog change on the event bus', async () => {
    await waitForSettle();
    const before = (await (await server.fetch(LIST)).json()) as ArtistListPage;
    const beta = before.artists.find((artist) => artist.slug === 'beta-band')!;
    expect(beta.imageUrl).toBeNull();
    // Written the way another server process writes: this process notes nothing itself.
    const [row] = await server.database.db.select().from(artists).where(eq(artists.slug, 'beta-band'));
    const imageUrl = 'https://images.example/beta.jpg';
    await server.database.db.insert(artistImages).values({ artistId: row!.id, artistName: row!.name, imageUrl });
    const kept = (await (await server.fetch(LIST)).json()) as ArtistListPage;
    expect(kept.artists.find((artist) => artist.slug === 'beta-band')?.imageUrl).toBeNull();
    // …until that process's announcement comes through the database.
    await server.background.events.publish({ type: 'catalog-changed' });
    await expect
      .poll(async () => {
        const page = (await (await server.fetch(LIST)).json()) as ArtistListPage;
        return page.artists.find((artist) => artist.slug === 'beta-band')?.imageUrl;
      })
      .toBe(imageUrl);
  });

  it('shows a new artist image once the image is announced', async () => {
    await waitForSettle();
    const before = (await (await server.fetch(LIST)).json()) as ArtistListPage;
    expect(before.artists[0]?.imageUrl).toBeNull();
    const [alpha] = await server.database.db.select().from(artists).where(eq(artists.slug, 'alpha-band'));
    const imageUrl = 'https://images.example/alpha.jpg';
    await server.database.db.insert(artistImages).values({ artistId: alpha!.id, artistName: alpha!.name, imageUrl });
    await server.background.events.publish({ type: 'artist-image-ready', artistSlug: 'alpha-band', imageUrl });
    await expect
      .poll(async () => ((await (await server.fetch(LIST)).json()) as ArtistListPage).artists[0]?.imageUrl)
      .toBe(imageUrl);
  });
});
