import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { formatLongDate } from '#shared/dates.ts';
import { NORTHERN_LANTERNS, SAFFRON_TIDES } from '#tests/fakes/dataset.ts';
import { accounts, expect, expectToast, signInViaApi, signUpViaApi, test } from './helpers/auth.ts';

// Flows sign in (argon2 takes seconds on a loaded 2-core box) and wait for jobs: marked slow.

const RED_ROCKS = 'red-rocks-amphitheatre-morrison-co';
const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

/** A fresh fan (own account) submits shows the catalog lacks, through the real Add Show API. */
async function fanSubmits(page: Page, artistSlug: string, dates: string[]): Promise<string> {
  const { email } = await signUpViaApi(page, { prefix: 'e2e-submitter', fullName: 'Sub Mitter' });
  for (const date of dates) {
    const added = await page.request.post('/api/add-show', {
      data: {
        today: '2026-01-01',
        artist: { kind: 'catalog', slug: artistSlug },
        venue: { kind: 'catalog', slug: RED_ROCKS },
        date,
      },
      headers: { origin: origin() },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  await page.context().clearCookies();
  return email;
}

/** Catalog rows through the admin's historical import API (the page itself is tested below). */
async function importArtists(page: Page, content: object): Promise<void> {
  const body = { fileName: `seed-${Date.now()}.json`, format: 'json', content: JSON.stringify(content) };
  const started = await page.request.post('/api/admin/historical-import/run', {
    data: body,
    headers: { origin: origin() },
  });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = await started.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/admin/historical-import/jobs/${id}`)).json()).status)
    .toBe('done');
}

/** Other specs count the fixture catalog's artists: the ones made here go again (through the admin delete). */
async function deleteArtists(page: Page, slugs: string[]): Promise<void> {
  for (const slug of slugs) {
    const response = await page.request.delete(`/api/admin/catalog/artists/${slug}`, { headers: { origin: origin() } });
    expect([200, 404]).toContain(response.status());
  }
}

const stop = (date: string) => ({
  date,
  venue: 'Red Rocks Amphitheatre',
  city: 'Morrison',
  region: 'CO',
  country: 'US',
});

test.describe('admin catalog requests', () => {
  // One width for the journey; every page's layout at 360 and 390 px is checked in layout-phones.spec.ts.
  const viewport = { width: 1440, height: 900 };
  test(`an admin reviews fans' submitted shows at ${viewport.width} px`, async ({ page }, testInfo) => {
    test.slow();
    await page.setViewportSize(viewport);
    const year = 2031;
    const [day1, day2] = [`${year}-09-01`, `${year}-09-02`];
    // An artist of this test's own: other specs count the fixture artists' tours and stops.
    const artist = `Queue Band ${viewport.width}`;
    const slug = `queue-band-${viewport.width}`;
    await signInViaApi(page, accounts.admin);
    await importArtists(page, { artists: [{ name: artist, tours: [{ name: 'Old', stops: [stop('2001-01-01')] }] }] });
    await page.context().clearCookies();
    const email = await fanSubmits(page, slug, [day1, day2]);
    await signInViaApi(page, accounts.admin);
    await page.goto('/admin/catalog-requests');
    await expect(page.getByRole('heading', { name: 'Catalog requests', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Filter requests' }).fill(email);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByText('2 requests waiting')).toBeVisible();
    // Dates as the app shows them ('Mon, Sep 1, 2031'), the place with the one place label.
    const first = page.getByRole('listitem').filter({ hasText: formatLongDate(day1) });
    await expect(first.getByRole('heading', { name: artist })).toBeVisible();
    await expect(first).toContainText('Red Rocks Amphitheatre · Morrison, CO');
    await expect(first).toContainText(email);
    await page.screenshot({ path: testInfo.outputPath(`catalog-requests-${viewport.width}.png`), fullPage: true });
    // No horizontal scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    await first.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(page, `${artist}: Approved: the stop is public.`);
    await expect(page.getByText('1 request waiting')).toBeVisible();

    const second = page.getByRole('listitem').filter({ hasText: formatLongDate(day2) });
    await second.getByRole('button', { name: 'Reject' }).click();
    await second.getByLabel('Reason (the submitter reads it)').fill('No such show that night.');
    await second.getByRole('button', { name: 'Reject and tell them' }).click();
    await expectToast(page, `${artist}: rejected; the submitter is told why.`);
    await expect(page.getByText(`No waiting request matches “${email}”.`)).toBeVisible();
    await expect(page.getByText('catalog-request.reject').first()).toBeVisible();
    await deleteArtists(page, [slug]);
  });
});

test.describe('admin change requests (1440 px)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a fan's import that disagrees with a public show is a diff with its source page; the admin applies it", async ({
    page,
  }, testInfo) => {
    test.slow();
    const date = '2031-10-04';
    // An artist of this test's own, with one public stop (an admin's import).
    const artist = 'Change Band 1440';
    const slug = 'change-band-1440';
    const sourceUrl = 'https://change-band.example/tour?from=e2e';
    await signInViaApi(page, accounts.admin);
    await importArtists(page, {
      artists: [{ name: artist, tours: [{ name: 'Autumn', stops: [{ ...stop(date), time: '20:00' }] }] }],
    });
    await page.context().clearCookies();

    // A fan's tour-page import says that show is later and cancelled: a change request, nothing changed.
    await signUpViaApi(page, { prefix: 'e2e-claimant', fullName: 'Claim Ant' });
    const imported = await page.request.post('/api/tour-scraper/import', {
      data: {
        rows: [
          {
            externalId: null,
            artistName: artist,
            date,
            localTime: '21:30',
            venueName: 'Red Rocks Amphitheatre',
            city: 'Morrison',
            region: 'CO',
            countryCode: 'US',
            timeZone: 'America/Denver',
            lat: null,
            lon: null,
            status: 'cancelled',
            ticketUrl: null,
            pageUrl: sourceUrl,
            ambiguities: [],
            confirmed: false,
          },
        ],
      },
      headers: { origin: origin() },
    });
    expect(imported.status(), await imported.text()).toBe(201);
    expect(await imported.json()).toMatchObject({ added: 0, changeRequests: 1 });
    await page.context().clearCookies();

    await signInViaApi(page, accounts.admin);
    await page.goto('/admin/catalog-requests');
    await expect(page.getByRole('heading', { name: /Changes to public shows/, level: 2 })).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: artist, level: 3 }) });
    // The app's date and time format ('Sat, Oct 4, 2031', '8:00 PM'), never ISO or 24 h.
    await expect(card).toContainText(`${formatLongDate(date)} · Red Rocks Amphitheatre · Morrison`);
    await expect(card).toContainText('Claim Ant');
    // Only the fields that differ, each as the catalog now → the fan's page.
    const rows = card.getByRole('table', { name: /What changes/ }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ has: page.getByRole('rowheader', { name: 'Time' }) })).toContainText(
      /8:00 PM\s*9:30 PM/,
    );
    await expect(rows.filter({ has: page.getByRole('rowheader', { name: 'Status' }) })).toContainText(
      /scheduled\s*cancelled/,
    );
    await expect(card.locator('del')).toHaveText(['8:00 PM', 'scheduled']);
    await expect(card.locator('ins')).toHaveText(['9:30 PM', 'cancelled']);
    const source = card.getByRole('link', { name: sourceUrl });
    await expect(source).toHaveAttribute('href', sourceUrl);
    await expect(source).toHaveAttribute('target', '_blank');
    await expect(source).toHaveAttribute('rel', /noopener/);
    await page.screenshot({ path: testInfo.outputPath('change-request-1440.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);

    // The public stop is still as it was until the admin applies the change.
    const stopOf = async () => {
      const tour = await (await page.request.get(`/api/artists/${slug}?today=2031-01-01`)).json();
      return JSON.stringify(tour);
    };
    expect(await stopOf()).not.toContain('cancelled');
    await card.getByRole('button', { name: 'Apply change' }).click();
    await expectToast(page, `${artist}: Applied to the public stop.`);
    await expect(card).toHaveCount(0);
    await expect(page.getByText('catalog-change.apply').first()).toBeVisible();
    expect(await stopOf()).toContain('cancelled');
    await deleteArtists(page, [slug]);
  });
});

test.describe('admin catalog tools (1440 px)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('artists: merge one into another from the table, then undo', async ({ page }, testInfo) => {
    test.slow();
    await signInViaApi(page, accounts.admin);
    await importArtists(page, {
      artists: [
        { name: 'Merge Keeper', tours: [{ name: 'One', stops: [stop('2026-10-01')] }] },
        { name: 'Merge Leaver', tours: [{ name: 'One', stops: [stop('2026-10-02')] }] },
      ],
    });
    await page.goto('/admin/artists?q=merge');
    await page.getByRole('button', { name: 'Manage Merge Leaver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge Leaver' });
    await dialog.getByLabel('Merge into (slug of the artist that stays)').fill('merge-keeper');
    await dialog.getByRole('button', { name: 'Merge…' }).click();
    await expect(dialog.getByRole('alertdialog')).toContainText('Moving: 1 tour, 1 tour stop');
    await page.screenshot({ path: testInfo.outputPath('artists-merge-1440.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect(page.getByText('Merge Leaver was merged into Merge Keeper.')).toBeVisible();
    await expect(
      page
        .getByRole('row', { name: /Merge Keeper/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('2');
    await expect(page.getByRole('row', { name: /Merge Leaver/ })).toHaveCount(0);
    // The old address answers with the survivor.
    const old = await page.request.get('/api/artists/merge-leaver?today=2026-01-01');
    expect((await old.json()).artist?.slug ?? JSON.stringify(await old.json())).toContain('merge-keeper');
    // Opening the old address shows the survivor's slug in the address bar, replacing the entry.
    const visitor = await page.context().newPage();
    for (const kind of ['tour', 'artist']) {
      await visitor.goto(`/${kind}/merge-leaver`);
      await expect(visitor).toHaveURL(new RegExp(`/${kind}/merge-keeper$`));
      await expect(visitor.getByRole('heading', { level: 1, name: /Merge Keeper/ })).toBeVisible();
    }
    await visitor.goBack();
    await expect(visitor).toHaveURL(/\/tour\/merge-keeper$/);
    await visitor.close();

    const undo = page.getByRole('region', { name: 'Undo a merge or delete' });
    await undo.getByRole('button', { name: 'Undo' }).first().click();
    await expect(page.getByRole('row', { name: /Merge Leaver/ })).toBeVisible();
    await expect(page.getByText('artist.unmerge').first()).toBeVisible();
    await deleteArtists(page, ['merge-keeper', 'merge-leaver']);
  });

  test('historical import: a CSV mapped, dry run row by row, run for the valid rows only', async ({
    page,
  }, testInfo) => {
    test.slow();
    await signInViaApi(page, accounts.admin);
    await page.goto('/admin/historical-import');
    const csv = [
      'Artist,Date,Venue,City,State,Country',
      'Csv Oldies,2004-06-01,Red Rocks Amphitheatre,Morrison,CO,US',
      'Csv Oldies,2004-06-02,Red Rocks Amphitheatre,Morrison,CO,US',
      'Csv Oldies,June 3rd,Red Rocks Amphitheatre,Morrison,CO,US',
    ].join('\n');
    await page.getByLabel('File (JSON or CSV, up to 10 MB)').setInputFiles({
      name: 'oldies.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(page.getByRole('group', { name: 'Which column holds what' })).toBeVisible();
    await expect(page.getByLabel('Region / state')).toHaveValue('State');
    await page.getByRole('button', { name: 'Dry run' }).click();
    await expect(page.getByRole('heading', { name: 'Dry run: 3 rows' })).toBeVisible();
    await expect(page.getByText('2 to add')).toBeVisible();
    await expect(page.getByRole('row', { name: /June 3rd/ })).toContainText('date: expected YYYY-MM-DD');
    await expect(page.getByRole('button', { name: 'Run the import' })).toBeDisabled();
    await page.getByLabel('Import the 2 valid rows only and skip the 1 rejected ones.').check();
    await page.getByRole('button', { name: 'Run the import' }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Imported:' })).toContainText(
      'Imported: 2 stops, 1 artists',
    );
    await page.screenshot({ path: testInfo.outputPath('historical-import-1440.png'), fullPage: true });
    await deleteArtists(page, ['csv-oldies']);
  });

  test("historical import: an artist's setlist.fm history, dry run row by row, run as a job", async ({
    page,
  }, testInfo) => {
    test.slow();
    await signInViaApi(page, accounts.admin);
    // The search spec may have added Northern Lanterns (with its MBID) already; else it is made here.
    const existing = await (await page.request.get('/api/admin/artists?q=Northern%20Lanterns')).json();
    const made = existing.total === 0;
    if (made) {
      await importArtists(page, {
        artists: [
          { name: 'Northern Lanterns', mbid: NORTHERN_LANTERNS, tours: [{ name: 'Old', stops: [stop('2001-01-01')] }] },
        ],
      });
    }
    await page.goto('/admin/historical-import');
    await page.getByRole('radio', { name: 'An artist’s setlist.fm history' }).check();
    await page.getByRole('searchbox', { name: 'Artist' }).fill('Northern Lan');
    await page.getByRole('button', { name: 'Fetch the setlist.fm history of Northern Lanterns' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'setlists fetched' })).toContainText(
      '21 setlists fetched for Northern Lanterns',
      { timeout: 30_000 },
    );
    await page.getByRole('button', { name: 'Dry run' }).click();
    await expect(page.getByRole('heading', { name: 'Dry run: 21 rows' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Paradise Rock Club, Boston/ }).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('historical-import-setlistfm-1440.png'), fullPage: true });
    await page.getByRole('button', { name: 'Run the import' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported:' })).toContainText('Imported:', {
      timeout: 30_000,
    });
    // Run again: everything is already there.
    await page.getByRole('button', { name: 'Dry run' }).click();
    await expect(page.getByText('0 to add')).toBeVisible();
    await expect(page.getByText('21 already there')).toBeVisible();
    // On a phone the row table scrolls inside its box; the page itself does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('historical-import-setlistfm-390.png'), fullPage: true });
    if (made) await deleteArtists(page, ['northern-lanterns']);
  });

  test('historical import: without a setlist.fm key the option says what is missing', async ({ page }) => {
    await signInViaApi(page, accounts.admin);
    await page.route('**/api/admin/historical-import/setlistfm', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            json: { configured: false, message: 'setlist.fm is not configured: set SETLISTFM_API_KEY (test).' },
          })
        : route.continue(),
    );
    await page.goto('/admin/historical-import');
    await page.getByRole('radio', { name: 'An artist’s setlist.fm history' }).check();
    await expect(page.getByRole('note')).toHaveText('setlist.fm is not configured: set SETLISTFM_API_KEY (test).');
    await expect(page.getByRole('searchbox', { name: 'Artist' })).toHaveCount(0);
  });

  test('genre backfill: preview with votes, apply the selected artist', async ({ page }, testInfo) => {
    test.slow();
    await signInViaApi(page, accounts.admin);
    await importArtists(page, {
      artists: [{ name: 'Saffron Tides', mbid: SAFFRON_TIDES, tours: [{ name: 'Past', stops: [stop('2005-01-01')] }] }],
    });
    await page.goto('/admin/genre-backfill');
    await page.getByLabel('Artists to look up').fill('5');
    await page.getByRole('button', { name: 'Preview genres' }).click();
    const row = page.getByRole('row', { name: /Saffron Tides/ });
    await expect(row).toContainText('psychedelic rock (9)', { timeout: 30_000 });
    await expect(row).toContainText('australian (5)');
    await page.screenshot({ path: testInfo.outputPath('genre-backfill-1440.png'), fullPage: true });
    await page.getByRole('button', { name: /Apply selected/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Genres written' })).toContainText(
      'Genres written for 1 artist',
      {
        timeout: 30_000,
      },
    );
    const answer = await page.request.get('/api/admin/catalog/artists/saffron-tides');
    expect((await answer.json()).genres).toEqual(['psychedelic rock', 'shoegaze', 'dream pop']);
    await deleteArtists(page, ['saffron-tides']);
  });

  test('image testing: run the generated artwork and use it; an open artist page follows live', async ({
    page,
  }, testInfo) => {
    test.slow();
    await signInViaApi(page, accounts.admin);
    // A fan's tab on the artist page stays open the whole time: it must never be reloaded.
    const fanTab = await page.context().newPage();
    await fanTab.goto('/artist/the-midnight-lanterns');
    const heroImage = fanTab.locator('header.stage-lights img');
    await expect(fanTab.getByRole('heading', { level: 1, name: 'The Midnight Lanterns' })).toBeVisible();
    let reloaded = false;
    // A document load is a reload; the app's own history updates (same document) are not.
    fanTab.on('load', () => {
      reloaded = true;
    });
    const currentUrl = async () =>
      (await (await page.request.get('/api/admin/image-testing/the-midnight-lanterns')).json()).current.imageUrl;
    await page.goto('/admin/image-testing');
    await page.getByRole('searchbox', { name: 'Search an artist' }).fill('Midnight Lanterns');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: 'The Midnight Lanterns' }).click();
    await expect(page).toHaveURL(/artist=the-midnight-lanterns/);
    await page.getByRole('button', { name: 'Run every source' }).click();
    const generated = page.getByRole('figure').filter({ hasText: /Generated artwork · \d+ ms/ });
    await expect(generated).toContainText('600×600 · webp');
    await expect(generated).toContainText('Variants: original');
    await page.screenshot({ path: testInfo.outputPath('image-testing-1440.png'), fullPage: true });
    // A real picture uploaded replaces it (re-encoded to WebP), and the audit log shows the change.
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ff7f50' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Upload a replacement')
      .setInputFiles({ name: 'band.png', mimeType: 'image/png', buffer: png });
    await expectToast(page, 'Image replaced with the upload');
    const uploaded = await currentUrl();
    await expect(heroImage).toHaveAttribute('src', uploaded);
    const current = page.getByRole('figure').filter({ hasText: 'Current image' });
    await expect(current).toContainText('From Upload');
    await expect(current).toContainText('800×600 · webp');
    await expect(page.getByText('artist-image.replace').first()).toBeVisible();
    // Back to the generated artwork: one click on the source's result.
    await generated.getByRole('button', { name: 'Use this image' }).click();
    await expectToast(page, 'Image replaced with the generated artwork');
    await expect(current).toContainText('From Generated artwork');
    const generatedUrl = await currentUrl();
    expect(generatedUrl).not.toBe(uploaded);
    await expect(heroImage).toHaveAttribute('src', generatedUrl);
    await expect(heroImage).toHaveCSS('opacity', '1');
    await fanTab.screenshot({ path: testInfo.outputPath('artist-page-live-image-1440.png') });
    expect(reloaded).toBe(false);
    await fanTab.close();
  });
});
