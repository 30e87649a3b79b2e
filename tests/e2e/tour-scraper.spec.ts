import { randomUUID } from 'node:crypto';
import { fakeProviderPorts } from '../fakes/ports.ts';
import { SITE_ARTISTS } from '../fakes/tour-sites.ts';
import { accounts, expect, signInViaApi, test } from './helpers/auth.ts';

/**
 * The tour scraper and the web tour finder (issue 17) against the local fake sites: an admin
 * reads a page of microdata events, corrects a row, imports, and finds the show on the artist's
 * tour page; the finder goes from MusicBrainz to an artist's site and its tour page.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const fakes = fakeProviderPorts(port);

const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

// One width for the journey; every page's layout at 360 and 390 px is checked in layout-phones.spec.ts.
const viewport = { width: 1440, height: 900 };
test.describe(`tour scraper at ${viewport.width} px`, () => {
  test.use({ viewport });

  test('an admin reads a page, corrects a row, imports it and finds it on the tour page', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, accounts.admin);
    await page.goto('/tour-scraper');
    await expect(page.getByRole('heading', { name: 'Tour scraper', level: 1 })).toBeVisible();
    await page.getByLabel(/Page addresses/).fill(`${fakes.tourSitesUrl}/microdata\n${fakes.tourSitesUrl}/plain`);
    await page.getByRole('button', { name: 'Read tour dates' }).click();

    const pages = page.getByRole('list', { name: 'Pages read' });
    await expect(pages.getByRole('listitem').nth(0)).toContainText('2 events found');
    await expect(pages.getByRole('listitem').nth(1)).toContainText('No events found on that page');
    const rows = page.getByRole('list', { name: 'Events found' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);

    // A name of this run's own, so both viewports import a new artist.
    const artist = `${SITE_ARTISTS.microdata} ${viewport.width}`;
    const fillmore = rows.nth(0);
    await fillmore.getByLabel('Artist').fill(artist);
    await fillmore.getByLabel('Local time').fill('20:00');
    await expect(fillmore.getByLabel('Venue')).toHaveValue('The Fillmore');
    // Only this row: the second stays for another day.
    await rows.nth(1).getByRole('checkbox').uncheck();
    await page.screenshot({
      path: testInfo.outputPath(`tour-scraper-preview-${viewport.width}.png`),
      fullPage: true,
    });

    await page.getByRole('button', { name: 'Import 1 show' }).click();
    const done = page.getByRole('status').filter({ hasText: 'added to the catalog' });
    await expect(done).toContainText('1 show added to the catalog');
    await expect(fillmore.getByText('In catalog')).toBeVisible();
    await page.screenshot({
      path: testInfo.outputPath(`tour-scraper-imported-${viewport.width}.png`),
      fullPage: true,
    });

    await done.getByRole('link', { name: `${artist}’s tour` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(artist);
    const stop = page.getByRole('region', { name: `${artist} Live` }).getByRole('listitem');
    await expect(stop).toHaveCount(1);
    await expect(stop).toContainText('The Fillmore');
    await expect(stop).toContainText('San Francisco, CA');
    await expect(stop).toContainText('8:00 PM');
    await page.screenshot({
      path: testInfo.outputPath(`tour-scraper-tour-page-${viewport.width}.png`),
      fullPage: true,
    });
  });

  test('a page redirecting to a private address is refused with a message', async ({ page }) => {
    await signInViaApi(page, accounts.fan);
    await page.goto('/tour-scraper');
    await page.getByLabel(/Page addresses/).fill(`${fakes.tourSitesUrl}/redirect-private`);
    await page.getByRole('button', { name: 'Read tour dates' }).click();
    await expect(page.getByRole('list', { name: 'Pages read' })).toContainText(
      'That page redirects to a private network',
    );
    const internal = (await (await page.request.get(`${fakes.internalUrl}/__fake/requests`)).json()) as unknown[];
    expect(internal).toEqual([]);
  });

  test('the web tour finder shows its trail from MusicBrainz to the tour page', async ({ page }, testInfo) => {
    // Digits only after the words: the fake site spells the name from the slug, capitalising words.
    const name = `Cobalt Finder ${viewport.width} ${String(Date.now()).slice(-5)}`;
    const slug = name.toLowerCase().replace(/\s+/g, '-');
    const mbid = randomUUID();
    // MusicBrainz knows the artist and names its site; the catalog has it from an earlier import.
    const setUrl = await page.request.post(`${fakes.musicBrainzUrl}/__fake/official-url`, {
      data: { mbid, name, url: `${fakes.tourSitesUrl}/artists/${slug}/` },
    });
    expect(setUrl.status()).toBe(200);
    await signInViaApi(page, accounts.admin);
    const headers = { origin: origin() };
    const preview = await page.request.post('/api/tour-scraper/preview', {
      data: { urls: [`${fakes.tourSitesUrl}/artists/${slug}/tour`] },
      headers,
    });
    const [found] = (await preview.json()).pages;
    const row = found.rows[0];
    const imported = await page.request.post('/api/tour-scraper/import', {
      data: { rows: [{ ...row, confirmed: false }] },
      headers,
    });
    expect(imported.status(), await imported.text()).toBe(201);

    await page.goto('/tour-web');
    await expect(page.getByRole('heading', { name: 'Web tour finder', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Artist' }).fill(name.slice(0, 18));
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await page.getByRole('button', { name: 'Find tour dates' }).click();

    const trail = page.getByRole('list', { name: 'Trail' }).getByRole('listitem');
    await expect(trail).toHaveCount(3);
    await expect(trail.nth(0)).toContainText('MusicBrainz names the official site');
    await expect(trail.nth(1)).toContainText('Official site: No events found on that page');
    await expect(trail.nth(1)).toContainText(`${fakes.tourSitesUrl}/artists/${slug}/`);
    await expect(trail.nth(2)).toContainText('Tour page: 1 event');
    const rows = page.getByRole('list', { name: 'Events found' }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByLabel('Venue')).toHaveValue('Paradiso');
    await expect(rows.first().getByText('In catalog')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`tour-web-trail-${viewport.width}.png`), fullPage: true });
  });
});
