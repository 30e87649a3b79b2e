import type { Page } from '@playwright/test';
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

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const width of [1440, 390]) {
  test(`adds a setlist by hand on a show and sees the predicted setlist (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
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
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
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
}
