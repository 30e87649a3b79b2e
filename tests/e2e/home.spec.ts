import { PAST_ONLY_ARTIST_COUNT, UPCOMING_ARTIST_COUNT } from './support/fixture-catalog.ts';
import { expect, test } from './support/fixtures.ts';

const ALL_ARTIST_COUNT = UPCOMING_ARTIST_COUNT + PAST_ONLY_ARTIST_COUNT;

test.describe('home page', () => {
  test('shows the hero, the artists with their total, and the footer', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page).toHaveTitle('TourGuides – Local Concert Venue Guides for Every Tour Stop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Local guides for every stop on your favorite band's tour – already built and ready to use.",
    );
    await expect(page.getByText('Never miss your favorite bands on tour')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Artists', exact: true })).toBeVisible();
    await expect(page.getByText(`Browse tours by artist • ${UPCOMING_ARTIST_COUNT} total artists`)).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Show artists without upcoming tour dates' })).not.toBeChecked();

    const cards = page.locator('#artists article');
    await expect(cards).toHaveCount(20);
    // Sorted by name ignoring a leading 'The ': 'The Midnight Lanterns' files under M.
    await expect(cards.first().getByRole('heading')).toHaveText('Amber Foxes');
    const names = await cards.getByRole('heading').allTextContents();
    expect(names.indexOf('The Midnight Lanterns')).toBeGreaterThan(names.indexOf('Hollow Tides'));
    expect(names.indexOf('The Midnight Lanterns')).toBeLessThan(names.indexOf('Neon Foxes'));

    const featured = cards.filter({ hasText: 'The Midnight Lanterns' });
    await expect(featured).toContainText('2 tours');
    await expect(featured.getByRole('link', { name: 'View Tour Dates' })).toHaveAttribute(
      'href',
      '/tour/the-midnight-lanterns',
    );
    await expect(cards.filter({ hasText: 'Amber Foxes' })).toContainText('1 tour');

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} TourGuides`);
    await expect(footer).toContainText('Your concert companion.');
    await page.screenshot({ path: testInfo.outputPath('home-1440.png'), fullPage: true });
  });

  test('pages through the artists with Previous and Next, kept in the URL', async ({ page }) => {
    await page.goto('/');
    const status = page.getByText(/^Page \d+ of \d+$/);
    await expect(status).toHaveText('Page 1 of 2');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(status).toHaveText('Page 2 of 2');
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.locator('#artists article')).toHaveCount(UPCOMING_ARTIST_COUNT - 20);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    await page.reload();
    await expect(status).toHaveText('Page 2 of 2');

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(status).toHaveText('Page 1 of 2');
    await page.goBack();
    await expect(status).toHaveText('Page 2 of 2');
  });

  test('the switch adds artists without upcoming dates and starts again from page 1', async ({ page }) => {
    await page.goto('/?page=2');
    const toggle = page.getByRole('switch', { name: 'Show artists without upcoming tour dates' });
    const total = page.getByText(/^Browse tours by artist • \d+ total artists$/);
    await expect(total).toHaveText(`Browse tours by artist • ${UPCOMING_ARTIST_COUNT} total artists`);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();

    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(total).toHaveText(`Browse tours by artist • ${ALL_ARTIST_COUNT} total artists`);
    await expect(page).toHaveURL(/\?all=1$/);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    const pastOnly = page.locator('#artists article').filter({ hasText: 'Faded Echo 1' });
    await expect(pastOnly).toContainText('no upcoming dates');

    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(total).toHaveText(`Browse tours by artist • ${UPCOMING_ARTIST_COUNT} total artists`);
    await expect(page.getByRole('heading', { name: 'Faded Echo 1' })).toHaveCount(0);
  });

  test('band search validates in the spec order with destructive toasts', async ({ page }) => {
    await page.goto('/');
    const input = page.getByLabel('Band name');
    const search = page.getByRole('button', { name: 'Search', exact: true });
    // The toast leaving may still be in the page for a moment: look for the one with the text.
    const toast = (title: string) => page.getByRole('alert').filter({ hasText: title });

    await input.fill('   ');
    await search.click();
    await expect(toast('Enter a band name')).toContainText('Please enter a band name to search');

    // Too long wins over invalid characters: the length rule comes first.
    await input.fill(`<${'a'.repeat(100)}`);
    await search.click();
    await expect(toast('Band name too long')).toContainText('Please enter a band name with less than 100 characters');

    await input.fill('AC{DC}');
    await input.press('Enter');
    await expect(toast('Invalid characters')).toContainText('Band name contains invalid characters');
    // At most one toast at a time.
    await expect(page.getByRole('alert')).toHaveCount(1);

    await input.fill('  The Midnight Lanterns ');
    await search.click();
    await expect(page).toHaveURL(/\/tour\/the-midnight-lanterns$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Midnight Lanterns');
  });

  test('Browse Artists scrolls to the list, and /#artists opens there', async ({ page }) => {
    const sectionTop = () =>
      page.evaluate(() => document.getElementById('artists')?.getBoundingClientRect().top ?? Number.NaN);
    await page.goto('/');
    await expect(page.locator('#artists article').first()).toBeVisible();
    expect(await sectionTop()).toBeGreaterThan(300);

    await page.getByRole('button', { name: 'Browse Artists' }).click();
    // The section lands just under the sticky header (its scroll margin), not under it.
    await expect.poll(sectionTop).toBeLessThan(120);
    expect(await sectionTop()).toBeGreaterThanOrEqual(0);

    await page.goto('/donate');
    await page.goto('/#artists');
    await expect(page.locator('#artists article').first()).toBeVisible();
    await expect.poll(sectionTop).toBeLessThan(120);
  });
});
