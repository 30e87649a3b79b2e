import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';

const ORIGIN = 'https://tours.example';
const FUTURE = '2099-04-02';
const LATER = '2099-05-10';
const MOVED_TO = '2099-06-20';
const PAST = '2001-03-01';

/** The head tags a crawler reads, from the HTML as sent (no script runs). */
function headOf(html: string) {
  const meta = (attribute: 'name' | 'property', key: string) =>
    new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;
  return {
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]),
    descriptions: [...html.matchAll(/<meta name="description" content="([^"]*)"/g)].map((match) => match[1]),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
    robots: meta('name', 'robots'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    ogImage: meta('property', 'og:image'),
    ogUrl: meta('property', 'og:url'),
    twitterCard: meta('name', 'twitter:card'),
    twitterTitle: meta('name', 'twitter:title'),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    ),
    rawJsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!),
  };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe('public pages for search engines and link previews', () => {
  let server: TestServer;
  let venueSlug: string;
  let stopSlugs: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: ORIGIN });
    await seedCatalog(server.database, [
      {
        name: 'Northern Lanterns',
        imageUrl: '/files/artist-images/lanterns.webp',
        genres: ['indie rock'],
        tours: [
          {
            name: 'Harbour Lights Tour',
            stops: [
              { date: PAST, venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' },
              {
                date: FUTURE,
                time: '20:00',
                venue: 'The Anthem',
                city: 'Washington',
                region: 'DC',
                country: 'US',
                address: '901 Wharf St SW',
                timeZone: 'America/New_York',
                ticketUrl: 'https://tickets.example/1?a=1&b=2',
              },
              { date: LATER, venue: 'Paradise', city: 'Boston', region: 'MA', country: 'US' },
              {
                date: MOVED_TO,
                venue: 'Roundhouse',
                city: 'London',
                country: 'GB',
                timeZone: 'Europe/London',
                time: '19:30',
              },
            ],
          },
        ],
      },
      {
        // A name that would end a script element if it were written into JSON-LD as it is.
        name: 'Amber </script><script>alert(1)</script> Skies',
        tours: [
          {
            name: 'Dawn Tour',
            stops: [{ date: FUTURE, venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' }],
          },
        ],
      },
      {
        name: 'Secret Pending Band',
        tours: [
          {
            name: 'Hidden Tour',
            stops: [{ date: FUTURE, venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' }],
          },
        ],
      },
    ]);
    const db = server.database;
    await db.query("update artists set pending = true where slug = 'secret-pending-band'");
    // The venue was made by the first (past) stop, which named no address or zone.
    await db.query(
      "update venues set address = '901 Wharf St SW', time_zone = 'America/New_York' where name = 'The Anthem'",
    );
    // Boston is cancelled; London moved there from an earlier date.
    await db.query("update tour_stops set status = 'cancelled' where city = 'Boston'");
    await db.query("update tour_stops set status = 'rescheduled' where city = 'London'");
    const { rows: london } = await db.query<{ id: string; artist_id: string }>(
      "select id, artist_id from tour_stops where city = 'London'",
    );
    await db.query(
      `insert into tour_stop_changes (stop_id, artist_id, kind, details) values ($1, $2, 'moved', $3::jsonb)`,
      [london[0]!.id, london[0]!.artist_id, JSON.stringify({ from: { date: '2099-06-13' }, to: { date: MOVED_TO } })],
    );
    server.background.catalogChanges.noted();
    const { rows: venues } = await db.query<{ slug: string }>("select slug from venues where name = 'The Anthem'");
    venueSlug = venues[0]!.slug;
    const { rows: stops } = await db.query<{ city: string; date: string; slug: string }>(
      `select s.city, to_char(s.event_date, 'YYYY-MM-DD') as date, s.slug from tour_stops s
         join artists a on a.id = s.artist_id where a.slug = 'northern-lanterns'`,
    );
    stopSlugs = Object.fromEntries(stops.map((stop) => [`${stop.city} ${stop.date}`, stop.slug]));
  });
  afterAll(() => server?.close());

  it('gives the tour page its own title, description, canonical URL, cards and one MusicEvent per upcoming stop', async () => {
    const response = await server.fetch('/tour/northern-lanterns');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const head = headOf(await response.text());
    expect(head.titles).toEqual(['Northern Lanterns Tour Dates | TourGuides']);
    expect(head.descriptions).toHaveLength(1);
    // A share shows the artist and the dates.
    expect(head.descriptions[0]).toContain(
      'Northern Lanterns tour dates: 2 upcoming shows, Apr 2, 2099 – Jun 20, 2099',
    );
    expect(head.ogDescription).toBe(head.descriptions[0]);
    expect(head.canonical).toBe(`${ORIGIN}/tour/northern-lanterns`);
    expect(head.ogUrl).toBe(head.canonical);
    expect(head.ogTitle).toBe('Northern Lanterns Tour Dates | TourGuides');
    expect(head.ogImage).toBe(`${ORIGIN}/files/artist-images/lanterns.webp`);
    expect(head.twitterCard).toBe('summary_large_image');
    expect(head.robots).toBeNull();

    const events = head.jsonLd;
    expect(events.map((event) => event['@type'])).toEqual(['MusicEvent', 'MusicEvent', 'MusicEvent']);
    const [anthem, boston, london] = events;
    expect(anthem).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Northern Lanterns at The Anthem',
      startDate: `${FUTURE}T20:00:00-04:00`,
      eventStatus: 'https://schema.org/EventScheduled',
      url: `${ORIGIN}/guide/northern-lanterns/${stopSlugs[`Washington ${FUTURE}`]}`,
      location: {
        '@type': 'Place',
        name: 'The Anthem',
        address: { '@type': 'PostalAddress', addressLocality: 'Washington', addressRegion: 'DC', addressCountry: 'US' },
      },
      performer: { '@type': 'MusicGroup', name: 'Northern Lanterns' },
      offers: { '@type': 'Offer', url: 'https://tickets.example/1?a=1&b=2' },
    });
    expect(boston).toMatchObject({ startDate: LATER, eventStatus: 'https://schema.org/EventCancelled' });
    expect(london).toMatchObject({
      startDate: `${MOVED_TO}T19:30:00+01:00`,
      eventStatus: 'https://schema.org/EventRescheduled',
      previousStartDate: '2099-06-13',
    });
    // The past stop is not an event to list.
    expect(JSON.stringify(events)).not.toContain(PAST);
  });

  it('escapes < in JSON-LD, so a name cannot end the script element', async () => {
    const { rows } = await server.database.query<{ slug: string }>("select slug from artists where name like 'Amber%'");
    const html = await (await server.fetch(`/tour/${rows[0]!.slug}`)).text();
    const head = headOf(html);
    // Names are shown title-cased ('</Script>'): compared without case.
    expect(head.rawJsonLd[0]!.toLowerCase()).toContain('\\u003c/script>');
    expect(head.rawJsonLd[0]!.toLowerCase()).not.toContain('</script>');
    expect(head.rawJsonLd[0]!.toLowerCase()).not.toContain('<script');
    expect(String((head.jsonLd[0]!.performer as { name: string }).name).toLowerCase()).toBe(
      'amber </script><script>alert(1)</script> skies',
    );
    expect(html.toLowerCase()).not.toContain('<script>alert(1)');
  });

  it('gives the artist page its title, description with the next show, and a MusicGroup', async () => {
    const head = headOf(await (await server.fetch('/artist/northern-lanterns')).text());
    expect(head.titles).toEqual(['Northern Lanterns | TourGuides']);
    expect(head.descriptions[0]).toMatch(
      /^Northern Lanterns: 2 upcoming shows, next on Apr 2, 2099 at The Anthem, Washington, DC\./,
    );
    expect(head.canonical).toBe(`${ORIGIN}/artist/northern-lanterns`);
    expect(head.jsonLd).toEqual([
      expect.objectContaining({ '@type': 'MusicGroup', name: 'Northern Lanterns', genre: ['indie rock'] }),
    ]);
  });

  it('gives the venue page its title and a MusicEvent per upcoming show there, of public artists only', async () => {
    const head = headOf(await (await server.fetch(`/venue/${venueSlug}`)).text());
    expect(head.titles).toEqual(['The Anthem | TourGuides']);
    expect(head.canonical).toBe(`${ORIGIN}/venue/${venueSlug}`);
    expect(head.descriptions[0]).toContain('The Anthem, Washington, DC: 2 upcoming concerts (Apr 2, 2099)');
    const names = head.jsonLd.map((event) => String(event.name).toLowerCase());
    expect(names).toEqual([
      'amber </script><script>alert(1)</script> skies at the anthem',
      'northern lanterns at the anthem',
    ]);
    expect(head.jsonLd[1]).toMatchObject({ startDate: `${FUTURE}T20:00:00-04:00` });
    expect(JSON.stringify(head.jsonLd)).not.toContain('Secret Pending');
  });

  it('gives a guide its title, and a description naming the artist, venue and date', async () => {
    const slug = stopSlugs[`Washington ${FUTURE}`]!;
    const head = headOf(await (await server.fetch(`/guide/northern-lanterns/${slug}`)).text());
    expect(head.titles).toEqual(['Northern Lanterns in Washington | TourGuides']);
    expect(head.descriptions[0]).toMatch(/^Northern Lanterns at The Anthem, Washington, DC on Apr 2, 2099: /);
    expect(head.canonical).toBe(`${ORIGIN}/guide/northern-lanterns/${slug}`);
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'MusicEvent',
        location: expect.objectContaining({
          address: expect.objectContaining({ streetAddress: '901 Wharf St SW' }),
        }),
      }),
    ]);
  });

  it('gives the home page the site title, its canonical URL and a WebSite', async () => {
    const head = headOf(await (await server.fetch('/')).text());
    expect(head.titles).toEqual(['TourGuides – Local Concert Venue Guides for Every Tour Stop']);
    expect(head.canonical).toBe(`${ORIGIN}/`);
    expect(head.jsonLd).toEqual([expect.objectContaining({ '@type': 'WebSite', url: `${ORIGIN}/` })]);
  });

  it('answers an unknown or pending artist, venue or guide with 404 and a not-found page kept out of the index', async () => {
    for (const [path, title] of [
      ['/tour/no-such-band', 'Artist not found | TourGuides'],
      ['/artist/secret-pending-band', 'Artist not found | TourGuides'],
      ['/tour/secret-pending-band', 'Artist not found | TourGuides'],
      ['/venue/no-such-venue', 'Venue not found | TourGuides'],
      ['/guide/northern-lanterns/no-such-stop', 'Guide not found | TourGuides'],
      ['/tour/NOT%20A%20SLUG', 'Artist not found | TourGuides'],
    ] as const) {
      const response = await server.fetch(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain('<div id="root">');
      const head = headOf(html);
      expect(head.titles, path).toEqual([title]);
      expect(head.robots, path).toBe('noindex');
      expect(head.canonical, path).toBeNull();
    }
  });

  it('revalidates pages with an ETag: an unchanged page is a bodiless 304', async () => {
    const first = await server.fetch('/tour/northern-lanterns');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await server.fetch('/tour/northern-lanterns', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves a real robots.txt naming the sitemap', async () => {
    const response = await server.fetch('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(text).not.toContain('<html');
  });

  it('lists every public page in the sitemaps, never a pending artist, and revalidates them', async () => {
    const index = await server.fetch('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^application\/xml/);
    const indexXml = await index.text();
    expect(indexXml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(indexXml);
    expect(files).toEqual([
      `${ORIGIN}/sitemaps/pages-1.xml`,
      `${ORIGIN}/sitemaps/venues-1.xml`,
      `${ORIGIN}/sitemaps/guides-1.xml`,
    ]);
    const urls: string[] = [];
    for (const file of files) {
      const response = await server.fetch(new URL(file!).pathname);
      expect(response.status).toBe(200);
      const xml = await response.text();
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      urls.push(...(locs(xml) as string[]));
    }
    expect(urls).toContain(`${ORIGIN}/`);
    expect(urls).toContain(`${ORIGIN}/tour/northern-lanterns`);
    expect(urls).toContain(`${ORIGIN}/artist/northern-lanterns`);
    expect(urls).toContain(`${ORIGIN}/venue/${venueSlug}`);
    expect(urls).toContain(`${ORIGIN}/guide/northern-lanterns/${stopSlugs[`Boston ${LATER}`]}`);
    expect(urls.filter((url) => url.includes('/guide/northern-lanterns/'))).toHaveLength(4);
    expect(urls.join('\n')).not.toContain('secret-pending-band');
    // Every URL once, each with its lastmod date.
    expect(new Set(urls).size).toBe(urls.length);

    const etag = index.headers.get('etag')!;
    expect((await server.fetch('/sitemap.xml', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await server.fetch('/sitemaps/guides-2.xml')).status).toBe(404);
    expect((await server.fetch('/sitemaps/nothing.xml')).status).toBe(404);
  });

  it('rebuilds the sitemaps and pages when the catalog changes', async () => {
    const before = await (await server.fetch('/sitemaps/pages-1.xml')).text();
    expect(before).not.toContain('/tour/velvet-comets');
    await seedCatalog(server.database, [
      {
        name: 'Velvet Comets',
        tours: [
          { name: 'Orbit', stops: [{ date: FUTURE, venue: 'Paradise', city: 'Boston', region: 'MA', country: 'US' }] },
        ],
      },
    ]);
    const after = await (await server.fetch('/sitemaps/pages-1.xml')).text();
    expect(after).toContain(`${ORIGIN}/tour/velvet-comets`);
    const page = await server.fetch('/tour/velvet-comets');
    expect(page.status).toBe(200);
  });
});
