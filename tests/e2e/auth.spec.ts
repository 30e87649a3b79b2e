import { randomUUID } from 'node:crypto';
import {
  accounts,
  expect,
  expectedHttpErrors,
  expectToast,
  logInWithForm,
  signInViaApi,
  test,
  toast,
  waitForMail,
} from './helpers/auth.ts';

// Flows marked test.slow() sign in several times: argon2 hashing takes seconds on a loaded 2-core box.

test.describe('auth screen', () => {
  // The page's texts, mode links, validation toasts, busy states and the 429 toast are component tests
  // (src/client/features/auth/components/auth-page.test.tsx); here what needs the real server.
  test('a wrong password fails with the spec toast', async ({ page, consoleGuard }) => {
    consoleGuard.allow(expectedHttpErrors([401]));
    await page.goto('/auth');
    await logInWithForm(page, { email: accounts.fan.email, password: 'not-the-password' });
    await expectToast(page, 'Login Failed', 'Invalid email or password. Please try again.');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('signing up with a registered email says so', async ({ page, consoleGuard }) => {
    consoleGuard.allow(expectedHttpErrors([422]));
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Full Name').fill('Alex Again');
    await page.getByLabel('Email').fill(accounts.fan.email);
    await page.getByLabel('Password', { exact: true }).fill('Stagedive-88');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectToast(page, 'Sign Up Failed', 'This email is already registered. Please log in instead.');
  });

  test('sign-up lands on /dashboard signed in; the session survives a reload; sign-out ends it', async ({ page }) => {
    test.slow();
    const email = `e2e-new-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Full Name').fill('Nova Newcomer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Stagedive-88');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Account created!', "Welcome to TourGuides. Let's find your favorite bands!");
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Shows', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0);

    await page.reload();
    await expect(header.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Shows' })).toBeVisible();

    // A signed-in visitor of /auth goes on to /dashboard, replacing the history entry.
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/settings');
    await expect(page.getByLabel('Full Name')).toHaveValue('Nova Newcomer');
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await page.reload();
    await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    expect((await page.request.get('/api/me').then((r) => r.json())).user).toBeNull();
  });

  test('logging in greets the user and goes to /dashboard; other tabs follow sign-in and sign-out', async ({
    page,
  }) => {
    test.slow();
    const otherTab = await page.context().newPage();
    await otherTab.goto('/donate');
    await expect(otherTab.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();

    await page.goto('/auth');
    await logInWithForm(page, accounts.fan);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Welcome back!', "You've successfully logged in.");
    await expect(otherTab.getByRole('banner').getByRole('link', { name: 'Shows', exact: true })).toBeVisible();

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(otherTab.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  });

  test('sign-out clears this browser even when the server answers 404', async ({ page, consoleGuard }) => {
    consoleGuard.allow(expectedHttpErrors([404]));
    await signInViaApi(page, accounts.fan);
    await page.route('**/api/auth/sign-out', (route) => route.fulfill({ status: 404, json: { message: 'Not found' } }));
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  });

  test('on desktop the header’s account menu names the user, opens Settings and signs out by keyboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInViaApi(page, accounts.fan);
    await page.goto('/dashboard');
    const header = page.getByRole('banner');
    const menuButton = header.getByRole('button', { name: 'Account menu' });
    await expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(accounts.fan.fullName);
    await expect(menu).toContainText(accounts.fan.email);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(menu).toBeHidden();

    // The keyboard: Enter opens it on its first item, Esc closes it back onto the button.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    await page.keyboard.press('Enter');
    // Radix moves the focus into the menu in an effect, which Preact runs after the next frame
    // (React ran it before the key event ended): an arrow pressed within that frame reached the button.
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(menuButton).toHaveCount(0);
    expect((await page.request.get('/api/me').then((r) => r.json())).user).toBeNull();
  });

  test('a one-time code from the mail signs in', async ({ page, consoleGuard }) => {
    test.slow();
    consoleGuard.allow(expectedHttpErrors([400]));
    await page.goto('/auth');
    await page.getByLabel('Email').fill(accounts.code.email);
    await page.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log In With a Code');
    await expect(page.getByLabel('Email')).toHaveValue(accounts.code.email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Email Me a Code' }).click();
    await expectToast(page, 'Check your email', accounts.code.email);
    const mail = await waitForMail(accounts.code.email, since);
    const code = mail.match(/\b(\d{6})\b/)?.[1];
    expect(code, 'a 6-digit code in the mail').toBeTruthy();

    await page.getByLabel('Sign-in code').fill('000000' === code ? '111111' : '000000');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(toast(page).filter({ hasText: 'Login Failed' })).toBeVisible();
    await page.getByLabel('Sign-in code').fill(code!);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('password reset by email', () => {
  test('the mailed link sets a new password and signs in; the link works once', async ({ page, consoleGuard }) => {
    test.slow();
    consoleGuard.allow(expectedHttpErrors([400]));
    const account = accounts.reset;
    await page.goto('/auth?mode=reset');
    await page.getByLabel('Email').fill(account.email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Password Reset Email Sent', 'Check your email for a link to reset your password.');

    const mail = await waitForMail(account.email, since);
    const link = mail.match(/https?:\/\/[^\s"<>]+\/auth\/reset-password\?token=[\w.%-]+/)?.[0];
    expect(link, 'the reset link in the mail').toBeTruthy();
    const { pathname, search } = new URL(link!);

    await page.goto(pathname + search);
    await expect(page.getByRole('heading', { name: 'Set a New Password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Soundcheck-2027');
    await page.getByLabel('Confirm new password').fill('Soundcheck-2028');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expectToast(page, 'Validation Error', 'Passwords do not match');

    await page.getByLabel('Confirm new password').fill('Soundcheck-2027');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Password updated', "You're logged in with your new password.");
    await expect(page.getByRole('banner').getByRole('link', { name: 'Settings', exact: true })).toBeVisible();

    await page.goto(pathname + search);
    await page.getByLabel('New password', { exact: true }).fill('Soundcheck-2029');
    await page.getByLabel('Confirm new password').fill('Soundcheck-2029');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('heading', { name: 'Link expired' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth?mode=reset');
  });

  test('a link without a token offers a new one', async ({ page }) => {
    await page.goto('/auth/reset-password');
    await expect(page.getByRole('heading', { name: 'Link expired' })).toBeVisible();
  });
});

test.describe('signed-in shell on small screens (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the side menu says who is signed in and the tab bar shows on signed-in pages', async ({ page }, testInfo) => {
    test.slow();
    await page.goto('/');
    await signInViaApi(page, accounts.fan);
    await page.goto('/dashboard');
    await expect(page.getByRole('banner').getByRole('heading', { name: 'My Shows' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    const tabLinks: [string, string][] = [
      ['Shows', '/dashboard'],
      ['Artists', '/my-artists'],
      ['Stats', '/stats'],
      ['Vacation', '/vacation'],
    ];
    for (const [name, href] of tabLinks) {
      await expect(tabs.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(tabs.getByRole('link', { name: 'Shows' })).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: testInfo.outputPath('dashboard-390.png') });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByText('Signed in as')).toBeVisible();
    await expect(menu.getByText(accounts.fan.email)).toBeVisible();
    for (const name of ['Home', 'Shows', 'My Artists', 'History', 'Stats', 'Vacation', 'Settings', 'Donate']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('menu-signed-in-390.png') });
    await menu.getByRole('link', { name: 'Stats', exact: true }).click();
    await expect(page.getByRole('banner').getByRole('heading', { name: 'Stats' })).toBeVisible();

    await page.goto('/');
    await expect(tabs).toHaveCount(0);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
