import type { Page } from '@playwright/test';
import { SETLIST_MESSAGES } from '#shared/setlists.ts';
import { fakeProviderPorts } from '../fakes/ports.ts';
import { expect, expectToast, signUpViaApi, test } from './helpers/auth.ts';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';

const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

const signUpFan = (page: Page) => signUpViaApi(page, { prefix: 'setlists', fullName: 'Setlist Fan' });

/** The featured artist's past stop `days` ago (After Dark Tour), marked attended by the fan. */
async function attendedStop(page: Page, days: number): Promise<string> {
  const today = isoDateFromToday(0);
  const tour = await (await page.request.get(`/api/artists/${FEATURED.slug}?today=${today}`)).json();
  const date = isoDateFromToday(days);
  const stops = (tour.tours as { stops: { id: string; date: string }[] }[]).flatMap((item) => item.stops);
  const stopId = stops.find((stop) => stop.date === date)!.id;
  const marked = await page.request.put(`/api/shows/stops/${stopId}`, {
    data: { state: 'attended', today },
    headers: { origin: origin() },
  });
  expect(marked.status()).toBe(200);
  return stopId;
}

/** A catalog artist's stop `days` from today (the fake setlist.fm knows the artist's MBID). */
async function stopOf(page: Page, slug: string, days: number): Promise<string> {
  const artist = await (await page.request.get(`/api/artists/${slug}?today=${isoDateFromToday(0)}`)).json();
  const stops = (artist.tours as { stops: { id: string; date: string }[] }[]).flatMap((tour) => tour.stops);
  const stop = stops.find((item) => item.date === isoDateFromToday(days));
  expect(stop, `${slug} has a stop ${days} days from today`).toBeTruthy();
  return stop!.id;
}

/** Tells the fake setlist.fm (a control route) to fail the next requests. */
async function failSetlistFm(page: Page, answer: 429 | 503, times: number): Promise<void> {
  const port = fakeProviderPorts(Number(new URL(origin()).port)).setlistFmPort;
  const response =
    answer === 429
      ? await page.request.post(`http://127.0.0.1:${port}/__fake/throttle`, { data: { times } })
      : await page.request.post(`http://127.0.0.1:${port}/__fake/mode`, { data: { kind: 'unavailable', times } });
  expect(response.status()).toBe(200);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

// One width for the journey; every page's layout at 360 and 390 px is checked in layout-phones.spec.ts.
const width = 1440;
test(`adds a setlist by hand on a show and sees the predicted setlist (${width} px)`, async ({ page }) => {
  await page.setViewportSize({ width, height: 900 });
  await signUpFan(page);
  const stopId = await attendedStop(page, FEATURED.pastDays[0]!);

  await page.goto(`/shows/${stopId}`);
  const section = page.getByTestId('show-setlists');
  await expect(section.getByRole('heading', { name: `Setlist: ${FEATURED.name}` })).toBeVisible({ timeout: 15_000 });
  await expect(section).toContainText('No setlist yet.');
  await section.getByRole('button', { name: 'Add setlist by hand' }).click();

  const add = section.getByRole('combobox', { name: 'Add a song' });
  for (const name of ['Opening Night', 'Lantern Light', 'Borrowed Tune']) {
    await add.fill(name);
    await add.press('Enter');
  }
  await section.getByRole('textbox', { name: 'Original artist of Borrowed Tune (a cover)' }).fill('Other Band');
  await section.getByRole('button', { name: 'Add encore' }).click();
  await add.fill('Last Dance');
  await add.press('Enter');
  await section.getByRole('textbox', { name: 'Note on Last Dance' }).fill('acoustic');
  // Keyboard reorder: Alt+↑ in a row moves it up.
  await section.getByRole('combobox', { name: 'Song 2' }).press('Alt+ArrowUp');
  await expect(section.getByRole('combobox', { name: 'Song 1', exact: true })).toHaveValue('Lantern Light');
  // Drag reorder: Borrowed Tune onto the first row.
  const rows = section.getByTestId('setlist-song');
  await rows.nth(2).dragTo(rows.nth(0));
  await expect(section.getByRole('combobox', { name: 'Song 1', exact: true })).toHaveValue('Borrowed Tune');
  await shoot(page, `setlist-editor-${width}`);
  await section.getByRole('button', { name: 'Save setlist' }).click();
  await expectToast(page, 'Setlist saved.');

  const mine = section.getByTestId('my-setlist');
  await expect(mine.getByRole('listitem')).toHaveText([
    /^1\.\s*Borrowed Tune\s*\(Other Band cover\)$/,
    /^2\.\s*Lantern Light$/,
    /^3\.\s*Opening Night$/,
    /^1\.\s*Last Dance.*acoustic$/,
  ]);
  await expect(mine.getByRole('heading', { name: 'Encore' })).toBeVisible();
  await shoot(page, `setlist-saved-${width}`);

  await section.getByRole('link', { name: /tour setlists and predicted setlist/ }).click();
  await expect(page).toHaveURL(new RegExp(`/setlist\\?artist=${FEATURED.slug}$`));
  const predicted = page.getByTestId('predicted');
  await expect(predicted.getByRole('listitem')).toHaveCount(4, { timeout: 15_000 });
  await expect(predicted.getByRole('listitem').first()).toContainText('Borrowed Tune');
  await expect(predicted.getByRole('listitem').first()).toContainText('played at 1 of 1 show');
  await expect(predicted.getByRole('listitem').last()).toContainText(/Last Dance\s*encore/i);
  await expect(page.getByTestId('tour-setlist')).toHaveCount(1);
  await shoot(page, `setlist-page-${width}`);

  await page.goto(`/setlist?show=${stopId}`);
  await expect(page.getByTestId('show-setlist')).toContainText('Opening Night');
});

test(`imports a CSV history with a column mapping, a preview and a progress bar, then undoes it (${width} px)`, async ({
  page,
}) => {
  await page.setViewportSize({ width, height: 900 });
  await signUpFan(page);
  const fillmore = isoDateFromToday(FEATURED.pastDays[1]!);
  const csv = [
    'When,Band,Place,Town,Nation',
    `${fillmore},${FEATURED.name},The Fillmore,San Francisco,United States`,
    '2019-08-03,Garage Heroes,The Chapel,San Francisco,US',
    'not a date,Garage Heroes,The Chapel,San Francisco,US',
  ].join('\n');

  await page.goto('/my-shows/import');
  await page.getByLabel(/A spreadsheet saved as CSV/).setInputFiles({
    name: 'my-concerts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  // "Band" and "Nation" are not guessed: map every column by hand.
  await page.getByRole('combobox', { name: 'Date (required)' }).selectOption('When');
  await page.getByRole('combobox', { name: 'Artist (required)' }).selectOption('Band');
  await page.getByRole('combobox', { name: 'Venue' }).selectOption('Place');
  await page.getByRole('combobox', { name: 'City' }).selectOption('Town');
  await page.getByRole('combobox', { name: 'Country' }).selectOption('Nation');
  await shoot(page, `import-mapping-${width}`);
  await page.getByRole('button', { name: 'Preview the import' }).click();

  const view = page.getByTestId('import-view');
  await expect(view.getByRole('heading', { name: 'Preview: my-concerts.csv' })).toBeVisible({ timeout: 15_000 });
  const rows = page.getByTestId('preview-rows').getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('Matched');
  await expect(rows.nth(1)).toContainText('High · 100%');
  await expect(rows.nth(2)).toContainText('New show');
  await expect(rows.nth(3)).toContainText('Unparseable');
  await expect(rows.nth(3)).toContainText('The date could not be read.');
  await shoot(page, `import-preview-${width}`);

  await view.getByRole('button', { name: 'Import 2 shows' }).click();
  const bar = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '3', { timeout: 20_000 });
  await expect(view.getByRole('status')).toContainText('Added 2 shows to your history, 1 of them new to the catalog');
  await shoot(page, `import-done-${width}`);

  page.once('dialog', (dialog) => void dialog.accept());
  await view.getByRole('button', { name: 'Undo the import' }).click();
  await expect(view).toContainText('This import was undone', { timeout: 15_000 });
});

test(`shows a tour's setlists from setlist.fm, the predicted setlist and rarities, and a show's setlist (${width} px)`, async ({
  page,
}) => {
  await page.setViewportSize({ width, height: 900 });
  await signUpFan(page);
  // Faded Echo 2's show 31 days ago: setlist.fm has its setlist (tests/fakes/setlistfm.ts).
  const stopId = await stopOf(page, 'faded-echo-2', -31);
  await page.goto(`/shows/${stopId}`);
  const section = page.getByTestId('show-setlists');
  const fromSetlistFm = section.getByTestId('setlistfm-setlist');
  await expect(fromSetlistFm.getByRole('heading', { name: 'From setlist.fm' })).toBeVisible({ timeout: 20_000 });
  await expect(fromSetlistFm.getByRole('listitem').filter({ hasText: 'Harbour Lights' })).toHaveCount(1);
  await expect(fromSetlistFm).toContainText('Old Song');
  await expect(fromSetlistFm).toContainText('Some Other Band cover');
  await expect(fromSetlistFm.getByRole('link', { name: SETLIST_MESSAGES.attribution })).toHaveAttribute(
    'href',
    /^https:\/\/www\.setlist\.fm\/setlist\/faded-echo-2\//,
  );
  await shoot(page, `setlistfm-show-${width}`);

  await section.getByRole('link', { name: /tour setlists and predicted setlist/ }).click();
  await expect(page).toHaveURL(/\/setlist\?artist=faded-echo-2$/);
  // The tour's 20 setlists, newest first, each with its link to setlist.fm.
  const cards = page.getByTestId('tour-setlist');
  await expect(cards).toHaveCount(20, { timeout: 20_000 });
  await expect(page.getByText('Autumn Tour', { exact: true })).toBeVisible();
  await expect(cards.first().getByRole('link', { name: SETLIST_MESSAGES.attribution })).toHaveAttribute(
    'href',
    /^https:\/\/www\.setlist\.fm\/setlist\/faded-echo-2\//,
  );
  const predicted = page.getByTestId('predicted').getByRole('listitem');
  await expect(predicted.first()).toContainText('Harbour Lights');
  await expect(predicted.first()).toContainText('played at 20 of 20 shows');
  await expect(predicted.filter({ hasText: 'Driftwood' })).toContainText('played at 10 of 20 shows');
  // Fog Horn (5 of 20) and Northern Sky (7 of 20) are under half: not predicted.
  await expect(predicted.filter({ hasText: 'Northern Sky' })).toHaveCount(0);
  await expect(predicted.last()).toContainText(/Lantern\s*encore/i);
  const rarities = page.getByTestId('rarities').getByRole('listitem');
  await expect(rarities.filter({ hasText: 'Winter Pier' })).toContainText('played at 1 of 20 shows');
  await expect(rarities.filter({ hasText: 'First Light' })).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'setlist.fm is unavailable' })).toHaveCount(0);
  await shoot(page, `setlistfm-tour-${width}`);
});

// Each failure on an artist of its own: after a failed fetch the artist's next one waits for its retry.
for (const [width, answer, slug, days] of [
  [1440, 429, 'faded-echo-3', -32],
  [390, 503, 'faded-echo-1', -30],
] as const) {
  test(`setlist.fm answering ${answer}: the stored setlists still show and the page says it will try again (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await signUpFan(page);
    // A show's setlist is fetched while setlist.fm answers…
    const stopId = await stopOf(page, slug, days);
    await page.goto(`/shows/${stopId}`);
    const fromSetlistFm = page.getByTestId('setlistfm-setlist');
    await expect(fromSetlistFm.getByRole('listitem').filter({ hasText: 'Harbour Lights' })).toHaveCount(1, {
      timeout: 20_000,
    });
    // …then the artist's tour is asked for while it fails (the first try and the one retry).
    await failSetlistFm(page, answer, 2);
    await page.goto(`/setlist?artist=${slug}`);
    const notice = page.getByRole('status').filter({ hasText: SETLIST_MESSAGES.providerUnavailable });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    const cards = page.getByTestId('tour-setlist');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Harbour Lights');
    await expect(page.getByTestId('predicted').getByRole('listitem').first()).toContainText('played at 1 of 1 show');
    await shoot(page, `setlistfm-down-${width}`);
    // Until the retry is due nothing is asked again; the page still says why.
    await page.reload();
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(cards).toHaveCount(1);
  });
}

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a Going show’s setlist and its artist’s predicted setlist open offline (390 px)', async ({
    page,
    context,
    consoleGuard,
  }) => {
    // Offline, the browser reports the requests the worker could not answer.
    consoleGuard.allow(/net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpFan(page);
    // Paper Tides plays in 21 days; the fan is going. setlist.fm knows their tour.
    const stopId = await stopOf(page, 'paper-tides', 21);
    const going = await page.request.put(`/api/shows/stops/${stopId}`, {
      data: { state: 'going', today: isoDateFromToday(0) },
      headers: { origin: origin() },
    });
    expect(going.status(), await going.text()).toBe(200);

    // Any page: once the service worker keeps the fan's reads, the Going shows' setlists are read.
    await page.goto('/my-shows');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const saved = () =>
      page.evaluate(async () => {
        const names = (await caches.keys()).filter((name) => name.startsWith('tourguides-user-'));
        const keys = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
        return keys.flat().map((request) => new URL(request.url).pathname);
      });
    await expect
      .poll(saved, { timeout: 30_000 })
      .toEqual(expect.arrayContaining([`/api/setlists/stops/${stopId}`, '/api/setlists/artists/paper-tides']));

    await context.setOffline(true);
    await page.goto(`/setlist?show=${stopId}`);
    const show = page.getByTestId('show-setlist');
    await expect(show.getByRole('heading', { name: 'Paper Tides' })).toBeVisible();
    // Still ahead: no setlist yet, but what they will probably play.
    await expect(show).toContainText('The show is still ahead: no setlist yet.');
    const atShow = show.getByTestId('predicted').getByRole('listitem');
    await expect(atShow.first()).toContainText('Harbour Lights');
    await expect(atShow.first()).toContainText('played at 20 of 20 shows');
    await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
    await shoot(page, 'offline-show-390');
    await show.getByRole('link', { name: 'Tour setlists and predicted setlist' }).click();
    await expect(page).toHaveURL(/\/setlist\?artist=paper-tides$/);
    const predicted = page.getByTestId('predicted').getByRole('listitem');
    await expect(predicted.first()).toContainText('Harbour Lights');
    await expect(predicted.first()).toContainText('played at 20 of 20 shows');
    await expect(page.getByTestId('tour-setlist')).toHaveCount(20);
    await shoot(page, 'offline-predicted-390');
    // Really from the worker's cache: the network is gone.
    const reachable = await page.evaluate(() =>
      fetch('/healthz', { cache: 'no-store' }).then(
        () => true,
        () => false,
      ),
    );
    expect(reachable).toBe(false);
    await context.setOffline(false);
  });
});
