import { accounts, expect, expectToast, signInViaApi, test } from './helpers/auth.ts';
import { FEATURED } from './support/fixture-catalog.ts';

const DENVER = 'Denver, Colorado, United States';

// The tests here share one account: one after the other.
test.describe.configure({ mode: 'serial' });

// One width for the journey; every page's layout at 360 and 390 px is checked in layout-phones.spec.ts.
const viewport = { width: 1440, height: 900 };
test.describe(`home place at ${viewport.width} px`, () => {
  test.use({ viewport });

  test('choose a home place by keyboard in settings and see it after reload', async ({ page }, testInfo) => {
    test.slow();
    await signInViaApi(page, accounts.places);
    await page.goto('/settings');
    const home = page.getByRole('combobox', { name: 'Home city' });
    await expect(home).toBeVisible();

    // Escape closes the list, a second Escape gives back what was there.
    const before = await home.inputValue();
    await home.click();
    await home.pressSequentially('zur');
    await expect(page.getByRole('listbox', { name: 'Places' })).toBeVisible();
    await home.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Places' })).toBeHidden();
    await home.press('Escape');
    await expect(home).toHaveValue(before);

    await home.fill('');
    // The answer for the whole word resets the highlight: arrow keys wait for it, not an earlier prefix's.
    const settled = page.waitForResponse((response) => /\/api\/places\?q=denv(&|$)/.test(response.url()));
    await home.pressSequentially('denv');
    await settled;
    const options = page.getByRole('option');
    await expect(options.first()).toContainText('Denver');
    await expect(options.first()).toContainText('Colorado, United States');
    await expect(home).toHaveAttribute('aria-expanded', 'true');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    // Arrow down to the next Denver and back up, then choose with Enter.
    await home.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(home).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? '');
    await home.press('ArrowUp');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.screenshot({ path: testInfo.outputPath(`place-picker-open-${viewport.width}.png`) });
    await home.press('Enter');
    await expect(home).toHaveValue(DENVER);
    await expect(page.getByRole('listbox', { name: 'Places' })).toBeHidden();

    // With the list closed, Enter submits the form.
    await home.press('Enter');
    await expectToast(page, 'Profile saved');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Home city' })).toHaveValue(DENVER);
    await expect(page.getByRole('link', { name: 'Places from GeoNames (CC BY 4.0)' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`settings-home-${viewport.width}.png`), fullPage: true });

    // Nothing matches: said so, nothing chosen; leaving the field keeps Denver.
    await home.fill('qqqxqqq');
    // Shown under the field, and announced by the status region.
    await expect(page.getByText('No places match “qqqxqqq”').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No places match' })).toHaveText(
      'No places match “qqqxqqq”',
    );
    await home.press('Tab');
    await expect(home).toHaveValue(DENVER);
  });
});

test.describe('show times in the venue zone', () => {
  test.use({ timezoneId: 'Europe/Paris', viewport: { width: 390, height: 844 } });

  test("a tour page labels a time with the venue's zone when it differs from the viewer's", async ({
    page,
  }, testInfo) => {
    await page.goto(`/tour/${FEATURED.slug}`);
    const stops = page.getByRole('region', { name: 'Lantern Light Tour' }).getByRole('listitem');
    await expect(stops.nth(0)).toContainText(/7:30 PM M[DS]T/);
    await expect(stops.nth(0).locator('time[title]')).toHaveAttribute(
      'title',
      'Local time at the venue (America/Denver)',
    );
    await page.screenshot({ path: testInfo.outputPath('tour-labelled-time-390.png'), fullPage: true });
  });
});

test.describe('show times where the viewer is', () => {
  test.use({ timezoneId: 'America/Denver' });

  test('a viewer in the venue zone sees the time unlabelled', async ({ page }) => {
    await page.goto(`/tour/${FEATURED.slug}`);
    const stops = page.getByRole('region', { name: 'Lantern Light Tour' }).getByRole('listitem');
    await expect(stops.nth(0)).toContainText('7:30 PM');
    await expect(stops.nth(0)).not.toContainText(/7:30 PM M[DS]T/);
  });
});
