import type { APIRequestContext } from '@playwright/test';
import { FEATURED } from './support/fixture-catalog.ts';
import { expect, test } from './support/fixtures.ts';

/** Paths of one page of each public kind in the seeded catalog: tour, artist, the first upcoming stop's venue and guide. */
async function publicPaths(request: APIRequestContext) {
  const today = new Date().toISOString().slice(0, 10);
  const tour = await (await request.get(`/api/artists/${FEATURED.slug}?today=${today}`)).json();
  const stop = tour.tours
    .flatMap((t: { stops: { isUpcoming: boolean }[] }) => t.stops)
    .find((s: { isUpcoming: boolean }) => s.isUpcoming) as {
    slug: string;
    venueSlug: string;
    venueName: string;
    city: string;
  };
  return {
    stop,
    pages: {
      home: '/',
      tour: `/tour/${FEATURED.slug}`,
      artist: `/artist/${FEATURED.slug}`,
      venue: `/venue/${stop.venueSlug}`,
      guide: `/guide/${FEATURED.slug}/${stop.slug}`,
    },
  };
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

test.describe('public pages for search engines', () => {
  test("each public page's title, description, canonical URL and JSON-LD are in its HTML before any script runs", async ({
    request,
    baseURL,
  }) => {
    const { stop, pages } = await publicPaths(request);
    const expected = {
      home: 'TourGuides – Local Concert Venue Guides for Every Tour Stop',
      tour: `${FEATURED.name} Tour Dates | TourGuides`,
      artist: `${FEATURED.name} | TourGuides`,
      venue: `${stop.venueName} | TourGuides`,
      guide: `${FEATURED.name} in ${stop.city} | TourGuides`,
    };
    for (const [kind, path] of Object.entries(pages) as [keyof typeof pages, string][]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(titleOf(html), path).toBe(expected[kind]);
      expect(descriptionOf(html), path).toBeTruthy();
      expect(html, path).toContain(`<link rel="canonical" href="${new URL(path, baseURL).href}" />`);
      expect(html, path).toContain('<meta property="og:title"');
      expect(html, path).toContain('<meta name="twitter:card"');
      const types = jsonLdOf(html).map((data) => data['@type']);
      expect(types.length, path).toBeGreaterThan(0);
      if (kind === 'tour' || kind === 'venue' || kind === 'guide') expect(types, path).toContain('MusicEvent');
    }
    // The share card of a tour names the artist and the dates.
    const tourHtml = await (await request.get(pages.tour)).text();
    expect(descriptionOf(tourHtml)).toMatch(new RegExp(`^${FEATURED.name} tour dates: 2 upcoming shows, \\w{3} \\d`));
  });

  test('robots.txt and the sitemap are real files', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
    const index = await (await request.get('/sitemap.xml')).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(files).toContain('/sitemaps/pages-1.xml');
    const pages = await (await request.get('/sitemaps/pages-1.xml')).text();
    expect(pages).toContain(`/tour/${FEATURED.slug}</loc>`);
  });

  test('without JavaScript, the page still carries its title, description and structured data', async ({
    browser,
    request,
  }) => {
    const { pages } = await publicPaths(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(pages.tour);
      await expect(page).toHaveTitle(`${FEATURED.name} Tour Dates | TourGuides`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /tour dates/);
      await expect(page.locator('script[type="application/ld+json"]')).not.toHaveCount(0);
      // The home page is prerendered: its content reads without any script.
      await page.goto(pages.home);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Artists', exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('an unknown artist answers 404 with the app’s not-found page', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/404/);
    const response = await page.goto('/tour/no-such-band-at-all');
    expect(response?.status()).toBe(404);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { name: /couldn.t find/i })).toBeVisible();
  });
});
