import { expectedHttpErrors } from './helpers/auth.ts';
import { expect, test } from './support/fixtures.ts';

const SIGNED_OUT_LINKS: [string, string][] = [
  ['Home', '/'],
  ['Browse Artists', '/#artists'],
  ['Add Show', '/add-show'],
  ['Donate', '/donate'],
  ['Sign Up', '/auth?mode=signup'],
  ['Sign In', '/auth'],
];

test.describe('shell', () => {
  test('the desktop header has the signed-out links', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'TourGuides home' })).toBeVisible();
    for (const [name, href] of SIGNED_OUT_LINKS) {
      await expect(header.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(header.getByRole('button', { name: 'Go back' })).toHaveCount(0);
  });

  test('the header never hides: while the session check is slow it shows the signed-out links (1440 px)', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/donate');
    await expect(page.getByRole('heading', { name: 'Donate' })).toBeVisible();
    const header = page.getByRole('banner');
    for (const [name] of SIGNED_OUT_LINKS) {
      // toBeVisible counts visibility:hidden as hidden: the old header kept its links invisible here.
      await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
    }
    release();
    await expect(header.getByRole('navigation', { name: 'Main' })).not.toHaveAttribute('aria-busy', 'true');
  });

  test('unknown paths show the 404 page and log the 404', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/^404 Error: User attempted to access non-existent route:/);
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('404 - Page Not Found | TourGuides');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    expect(consoleGuard.errors).toContain('404 Error: User attempted to access non-existent route: /no/such/page');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('pages load on demand behind a Loading... spinner', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/donate-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/donate');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Donate' })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
  });

  test('a page whose code fails to load shows the fallback error screen', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/.*/);
    await page.route('**/assets/add-show-*.js', (route) => route.abort());
    await page.goto('/add-show');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  });
});

test.describe('small screens (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the side menu holds the links, traps focus and closes with Esc', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.locator('#artists article').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go back' })).toHaveCount(0);
    // Nothing may stick out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('home-390.png'), fullPage: true });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const [name, href] of SIGNED_OUT_LINKS) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await page.screenshot({ path: testInfo.outputPath('menu-390.png') });

    for (let i = 0; i < 10; i += 1) await page.keyboard.press('Tab');
    expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('a menu link navigates and closes the menu; other pages have a back button', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Donate' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Donate' })).toBeVisible();

    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Go back' })).toHaveCount(0);
  });
});

test.describe('signed-in shell', () => {
  // The shell only reads who is signed in; the accounts specs cover signing in for real.
  const user = {
    id: 'user-1',
    email: 'fan@example.com',
    name: 'Fan',
    fullName: 'Fan',
    homeCity: null,
    emailVerified: true,
    twoFactorEnabled: false,
    isAdmin: true,
  };
  test.beforeEach(async ({ page }) => {
    await page.route('**/api/me', (route) => route.fulfill({ json: { user } }));
  });

  test('the desktop header has the signed-in links, Admin for admins', async ({ page, consoleGuard }) => {
    // The session is faked here, so the server rightly refuses the bell's notifications and event stream.
    consoleGuard.allow(expectedHttpErrors([401]));
    await page.goto('/donate');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    const expected = ['Home', 'Shows', 'My Artists', 'History', 'Stats', 'Vacation', 'Settings', 'Donate', 'Admin'];
    await expect(nav.getByRole('link')).toHaveText(expected);
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin/artists');
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the tab bar shows except on home, and the menu names the account', async ({ page, consoleGuard }) => {
      // The session is faked here, so the server rightly refuses the signed-in calls the pages make.
      consoleGuard.allow(expectedHttpErrors([401]));
      await page.goto('/donate');
      const tabs = page.getByRole('navigation', { name: 'Tabs' });
      await expect(tabs.getByRole('link')).toHaveText(['Shows', 'Artists', 'Stats', 'Vacation']);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toContainText('Signed in as');
      await expect(menu).toContainText(user.email);
      await expect(menu.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
      await menu.getByRole('link', { name: 'Home' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Local guides');
      await expect(tabs).toHaveCount(0);
    });
  });
});
