import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectToast, signUpViaApi, test } from './helpers/auth.ts';
import { FEATURED } from './support/fixture-catalog.ts';

/** A new fan per test, signed up through the API (the page's context gets the session cookie). */
const signUpFan = (page: Page) => signUpViaApi(page, { prefix: 'show', fullName: 'Show Fan' });

/** A past date no fixture stop uses: Add Show submits a new (pending) stop for it. */
const PAST_DATE = '2019-06-15';

async function addPastShow(page: Page, screenshot?: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Artist' }).fill('Midnight Lant');
  await page.getByRole('option', { name: new RegExp(FEATURED.name) }).click();
  await page.getByLabel('Date').fill(PAST_DATE);
  await page.getByRole('combobox', { name: 'Venue' }).fill('Paradiso');
  await expect(page.getByRole('option', { name: /Paradiso/ })).toBeVisible();
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  await page.getByRole('option', { name: /Paradiso/ }).click();
  await page.getByLabel(/^Time/).fill('20:30');
  await page.getByLabel(/^Notes/).fill('Opened with the new single.');
  await page.getByRole('button', { name: 'Add Show' }).click();
}

// One width for the journey; every page's layout at 360 and 390 px is checked in layout-phones.spec.ts.
const viewport = { width: 1440, height: 900 };
test.describe(`Add Show and show detail at ${viewport.width} px`, () => {
  test.use({ viewport });

  test('a visitor signs in from Add Show, adds a past show, then rates it and keeps notes', async ({
    page,
  }, testInfo) => {
    await page.goto('/add-show');
    await expect(page.getByRole('heading', { name: 'Add Show', level: 1 })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`add-show-visitor-${viewport.width}.png`) });
    await page.getByRole('link', { name: 'Sign in to add a show' }).click();
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fadd-show$/);
    await signUpFan(page);
    await page.reload();
    // Signed in, /auth sends the fan back to the page that asked.
    await expect(page).toHaveURL(/\/add-show$/);

    await addPastShow(page, testInfo.outputPath(`add-show-form-${viewport.width}.png`));
    await expect(page).toHaveURL(/\/shows\/[0-9a-f-]{36}$/);
    await expectToast(page, 'Added to your shows: I was there');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FEATURED.name);
    await expect(page.getByText('Pending review')).toBeVisible();
    await expect(page.getByText('Sat, Jun 15, 2019', { exact: true })).toBeVisible();
    await expect(page.getByText(/8:30 PM/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Paradiso' })).toHaveAttribute('href', /^\/venue\/paradiso/);
    await expect(page.locator('[data-slot="show-state"]')).toContainText('I was there');
    await expect(page.getByLabel('Notes', { exact: true })).toHaveValue('Opened with the new single.');

    await page.getByRole('radio', { name: '4 stars' }).check();
    await page.getByLabel('Notes', { exact: true }).fill('Opened with the new single. Encore: three songs.');
    await page.getByLabel('Who you went with').fill('Sam');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved');
    await page.screenshot({ path: testInfo.outputPath(`show-detail-${viewport.width}.png`), fullPage: true });

    await page.reload();
    await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(page.getByLabel('Notes', { exact: true })).toHaveValue(
      'Opened with the new single. Encore: three songs.',
    );
    await expect(page.getByLabel('Who you went with')).toHaveValue('Sam');
  });
});

test.describe('show photos', () => {
  test('uploads photos, shows them to their owner, and deletes one after a confirmation', async ({
    page,
  }, testInfo) => {
    await signUpFan(page);
    await page.goto('/add-show');
    await addPastShow(page);
    await expect(page).toHaveURL(/\/shows\/[0-9a-f-]{36}$/);
    // Closed first: a toast under the pointer keeps its timer paused and would outlive the photo's.
    await expectToast(page, 'Added to your shows: I was there');
    await expect(page.getByText('No photos yet.')).toBeVisible();

    const photo = (color: string) =>
      sharp({ create: { width: 1200, height: 800, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
    await page.getByLabel('Add photos').setInputFiles([
      { name: 'stage.jpg', mimeType: 'image/jpeg', buffer: await photo('#c33') },
      { name: 'crowd.jpg', mimeType: 'image/jpeg', buffer: await photo('#33c') },
    ]);
    const images = page.getByRole('img', { name: /Taken at this show/ });
    await expect(images).toHaveCount(2);
    await expect(page.getByRole('heading', { name: /Photos/ })).toContainText('(2 / 50)');
    // The photos load (owner-only URL with the session cookie).
    await expect.poll(() => images.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);
    await page.screenshot({ path: testInfo.outputPath('show-photos-1440.png'), fullPage: true });

    await page.getByRole('button', { name: 'Delete photo 1' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this photo?' })).toBeVisible();
    await page.getByRole('button', { name: 'Keep it' }).click();
    await expect(images).toHaveCount(2);
    await page.getByRole('button', { name: 'Delete photo 1' }).click();
    await page.getByRole('button', { name: 'Delete photo', exact: true }).click();
    await expectToast(page, 'Photo deleted');
    await expect(images).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('img', { name: /Taken at this show/ })).toHaveCount(1);
  });
});
