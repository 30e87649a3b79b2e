import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test, toast } from './helpers/auth.ts';
import { FEATURED } from './support/fixture-catalog.ts';

/** A new account per test, signed in through the API: tests never share favourites. */
const signUpFan = (page: Page) => signUpViaApi(page, { prefix: 'fav', fullName: 'Fave Fan' });

async function follow(page: Page, slug: string): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.put(`/api/favorites/${slug}`, { headers: { origin } });
  expect(response.status()).toBe(200);
}

const featuredCard = (page: Page) => page.locator('#artists article').filter({ hasText: FEATURED.name });
const heartOf = (page: Page) => featuredCard(page).getByRole('button', { name: /favorites$/ });

test.describe('favourite heart', () => {
  test('asks a visitor to sign in', async ({ page }) => {
    await page.goto('/');
    await heartOf(page).click({ timeout: 15_000 });
    await expect(toast(page)).toContainText('Sign in required');
    await expect(toast(page)).toContainText('Please sign in to save favorite artists');
  });

  test('stays hidden until the user check finishes', async ({ page }) => {
    await signUpFan(page);
    let releaseStatus = () => {};
    const statusHeld = new Promise<void>((resolve) => {
      releaseStatus = resolve;
    });
    await page.route('**/api/favorites/status?*', async (route) => {
      await statusHeld;
      await route.continue();
    });
    await page.goto('/');
    await expect(featuredCard(page).getByRole('link', { name: 'View Tour Dates' })).toBeVisible({ timeout: 15_000 });
    await expect(heartOf(page)).toHaveCount(0);
    releaseStatus();
    await expect(heartOf(page)).toBeVisible();
  });

  test('adds and removes a favourite with the spec toasts, and remembers it after a reload', async ({ page }) => {
    await signUpFan(page);
    const statusRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/favorites/status')) statusRequests.push(request.url());
    });
    await page.goto('/');
    const heart = heartOf(page);
    await expect(heart).toHaveAttribute('aria-pressed', 'false', { timeout: 15_000 });
    // A page of cards asks about all its hearts at once.
    expect(statusRequests).toHaveLength(1);

    await heart.click();
    await expect(toast(page)).toContainText('Added to favorites');
    await expect(toast(page)).toContainText(`${FEATURED.name} has been added to your artists`);
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(heartOf(page)).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
    await heartOf(page).click();
    await expect(toast(page)).toContainText('Removed from favorites');
    await expect(toast(page)).toContainText(`${FEATURED.name} has been removed from your artists`);
    await expect(heartOf(page)).toHaveAttribute('aria-pressed', 'false');
  });

  test("the artist page's follower count follows the heart at once", async ({ page }) => {
    await signUpFan(page);
    // An artist no other spec follows: a follow by another worker's fan would move the count too.
    await page.goto('/artist/faded-echo-3');
    const followers = page.getByText(/^\d+ followers?$/);
    await expect(followers).toBeVisible({ timeout: 15_000 });
    const before = Number.parseInt((await followers.textContent()) ?? '', 10);
    const heart = page.getByRole('button', { name: /favorites$/ });

    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(followers).toHaveText(before + 1 === 1 ? '1 follower' : `${before + 1} followers`);
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(followers).toHaveText(before === 1 ? '1 follower' : `${before} followers`);
  });

  test('ignores taps while the request runs', async ({ page }) => {
    await signUpFan(page);
    let puts = 0;
    let releasePut = () => {};
    const putHeld = new Promise<void>((resolve) => {
      releasePut = resolve;
    });
    await page.route('**/api/favorites/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      puts += 1;
      await putHeld;
      await route.continue();
    });
    await page.goto('/');
    const heart = heartOf(page);
    await heart.click({ timeout: 15_000 });
    await expect(heart).toBeDisabled();
    await heart.click({ force: true });
    releasePut();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(puts).toBe(1);
  });

  test('says so when the change fails', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 500/);
    await signUpFan(page);
    await page.route('**/api/favorites/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } })
        : route.continue(),
    );
    await page.goto('/');
    await heartOf(page).click({ timeout: 15_000 });
    await expect(toast(page)).toContainText('Error');
    await expect(toast(page)).toContainText('Failed to update favorites. Please try again.');
    await expect(heartOf(page)).toHaveAttribute('aria-pressed', 'false');
  });
});

test.describe('My Artists', () => {
  test('lists followed artists with their next show, sorts them, and unfollows with undo', async ({ page }) => {
    await signUpFan(page);
    await follow(page, FEATURED.slug);
    await follow(page, 'faded-echo-1');
    await page.goto('/my-artists');
    const rows = page.getByRole('list', { name: 'Followed artists' }).getByRole('listitem');
    await expect(rows).toHaveCount(2, { timeout: 15_000 });
    // By name, a leading 'The' ignored: 'Faded Echo 1', then 'The Midnight Lanterns' (as 'Midnight').
    await expect(rows.nth(0)).toContainText('Faded Echo 1');
    await expect(rows.nth(0)).toContainText('No upcoming shows');
    await expect(rows.nth(1)).toContainText(FEATURED.name);
    await expect(rows.nth(1)).toContainText('Red Rocks Amphitheatre');

    await page.getByRole('button', { name: 'Next show' }).click();
    await expect(rows.nth(0)).toContainText(FEATURED.name);

    await page.getByRole('button', { name: `Unfollow ${FEATURED.name}` }).click();
    await expect(toast(page)).toContainText('Removed from favorites');
    await expect(toast(page)).toContainText(`${FEATURED.name} has been removed from your artists`);
    await expect(rows).toHaveCount(1);
    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await expect(rows).toHaveCount(2);
    await expect(toast(page)).toContainText('Added to favorites');

    await page.reload();
    await expect(rows).toHaveCount(2, { timeout: 15_000 });
  });

  test('sends visitors to sign in', async ({ page }) => {
    await page.goto('/my-artists');
    await expect(page).toHaveURL(/\/auth$/);
  });
});
