import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRenderer } from '#server/lib/static-files.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';

const ORIGIN = 'https://tours.example';

/** What `#root` holds as sent: what a visitor without JavaScript, or a crawler, sees. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root"');
  const end = html.indexOf('<script type="application/json" id="page-data">');
  return html.slice(start, end === -1 ? undefined : end);
}

/** The answers embedded for hydration. */
function pageDataOf(html: string): { queryKey: unknown[]; data: unknown }[] | null {
  const match = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

/**
 * Issue 25 item 1 (ADR 0043): the public pages rendered on the server from the app's own routes, by
 * the renderer the built server loads (dist/server/render-page.js): the page components run on
 * Preact there, through the build's alias (ADR 0050), which the source does not carry.
 */
describe('server-rendered public pages', () => {
  let server: TestServer;
  let venueSlug: string;
  let stopSlug: string;

  beforeAll(async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'pipe' });
    const built = pathToFileURL(path.join(root, 'dist/server/render-page.js')).href;
    const { renderPublicPage } = (await import(built)) as { renderPublicPage: PageRenderer };
    server = await startTestServer({ PUBLIC_URL: ORIGIN }, { pageRenderer: renderPublicPage });
    await seedCatalog(server.database, [
      {
        name: 'Northern Lanterns',
        tours: [
          {
            name: 'Harbour Lights Tour',
            stops: [
              { date: '2099-04-02', venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' },
              { date: '2099-05-10', venue: 'Paradise Rock Club', city: 'Boston', region: 'MA', country: 'US' },
            ],
          },
        ],
      },
      {
        name: 'Amber </script><script>alert(1)</script> Skies',
        tours: [
          {
            name: 'Dawn Tour',
            stops: [{ date: '2099-04-02', venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' }],
          },
        ],
      },
    ]);
    server.background.catalogChanges.noted();
    const tour = (await (await server.fetch('/api/artists/northern-lanterns?today=2026-01-01')).json()) as {
      tours: { stops: { slug: string; venueSlug: string; venueName: string }[] }[];
    };
    const anthem = tour.tours[0]!.stops.find((stop) => stop.venueName === 'The Anthem')!;
    venueSlug = anthem.venueSlug;
    stopSlug = anthem.slug;
  }, 300_000);
  afterAll(() => server?.close());

  it("puts the tour's name, dates and venues in the HTML, with the answers for hydration under the client's key", async () => {
    const response = await server.fetch('/tour/northern-lanterns');
    expect(response.status).toBe(200);
    const html = await response.text();
    const root = rootOf(html);
    expect(root).toContain('data-prerendered');
    expect(root).toContain('Northern Lanterns');
    expect(root).toContain('Harbour Lights Tour');
    expect(root).toContain('The Anthem');
    expect(root).toContain('Paradise Rock Club');
    expect(root).toContain('Thu, Apr 2, 2099');
    const data = pageDataOf(html);
    expect(data?.[0]?.queryKey).toEqual(['artists', 'tour', 'northern-lanterns']);
    expect(JSON.stringify(data?.[0]?.data)).toContain('Paradise Rock Club');
  });

  it('renders the artist, venue, guide and home pages with their content', async () => {
    const pages: [string, string[], unknown[]][] = [
      ['/artist/northern-lanterns', ['Northern Lanterns', 'The Anthem'], ['artist-profile', 'northern-lanterns']],
      [`/venue/${venueSlug}`, ['The Anthem', 'Washington, DC', 'Northern Lanterns'], ['venues', venueSlug]],
      [
        `/guide/northern-lanterns/${stopSlug}`,
        ['Northern Lanterns in Washington', 'The Anthem', 'Getting there'],
        ['guides', 'northern-lanterns', stopSlug],
      ],
      ['/', ['Northern Lanterns', 'View Tour Dates'], ['artists', 'list', { page: 1, includeAll: false }]],
    ];
    for (const [path, texts, key] of pages) {
      const response = await server.fetch(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const root = rootOf(html).replace(/<!-- -->/g, '');
      for (const text of texts) expect(root, `${path}: ${text}`).toContain(text);
      expect(pageDataOf(html)?.[0]?.queryKey, path).toEqual(key);
    }
  });

  it('keeps text from the catalog from closing the embedded data block', async () => {
    const [row] = (await server.database.query<{ slug: string }>("select slug from artists where name like 'Amber%'"))
      .rows;
    const html = await (await server.fetch(`/tour/${row!.slug}`)).text();
    const block = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).not.toContain('<');
    expect(JSON.stringify(pageDataOf(html)).toLowerCase()).toContain('</script><script>alert(1)</script>');
    expect(html.toLowerCase()).not.toContain('<script>alert(1)');
  });

  it('answers an unknown page 404 with noindex and nothing rendered', async () => {
    for (const path of ['/tour/no-such-band', '/venue/no-such-hall', '/guide/northern-lanterns/no-such-stop']) {
      const response = await server.fetch(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain('<meta name="robots" content="noindex" />');
      expect(html, path).toContain('<div id="root"></div>');
      expect(pageDataOf(html), path).toBeNull();
    }
  });

  it('keeps the rendered page per catalog change: a 304 for the same ETag, a new page after a change', async () => {
    const first = await server.fetch('/tour/northern-lanterns');
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();
    const again = await server.fetch('/tour/northern-lanterns', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    await server.database.query("update tours set name = 'Harbour Lights Tour II' where name = 'Harbour Lights Tour'");
    server.background.catalogChanges.noted();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const changed = await server.fetch('/tour/northern-lanterns', { headers: { 'If-None-Match': etag! } });
    expect(changed.status).toBe(200);
    expect(rootOf(await changed.text())).toContain('Harbour Lights Tour II');
  });
});
