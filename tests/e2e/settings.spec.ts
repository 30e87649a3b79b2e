import fs from 'node:fs';
import {
  accounts,
  expect,
  expectedHttpErrors,
  expectToast,
  logInWithForm,
  signInViaApi,
  test,
  toast,
  totpCode,
} from './helpers/auth.ts';

// Flows marked test.slow() sign in several times: argon2 hashing takes seconds on a loaded 2-core box.

/** A code from a later 30-second step than `after`, so the server never sees the same code twice. */
async function nextTotpCode(secret: string, after?: string): Promise<string> {
  let code = await totpCode(secret);
  while (code === after) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    code = await totpCode(secret);
  }
  return code;
}

test.describe('settings', () => {
  test('visitors are sent to /auth', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('profile, password, sessions and the data download', async ({ page, consoleGuard, request }, testInfo) => {
    test.slow();
    consoleGuard.allow(expectedHttpErrors([400]));
    const account = accounts.settings;
    await signInViaApi(page, account);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveValue(account.fullName);

    await page.getByLabel('Full Name').fill('S');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expectToast(page, 'Validation Error', 'Name must be at least 2 characters');
    await page.getByLabel('Full Name').fill('Sam Setlist');
    await page.getByLabel('Home city').fill('Austin, TX');
    await expect(page.getByRole('option').first()).toContainText('Texas, United States');
    await page.getByLabel('Home city').press('Enter');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expectToast(page, 'Profile saved');
    await page.reload();
    await expect(page.getByLabel('Full Name')).toHaveValue('Sam Setlist');
    await expect(page.getByLabel('Home city')).toHaveValue('Austin, Texas, United States');

    // Two sessions: the one the account's seeding sign-up opened, and this test's.
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await expect(sessions.getByText('This device')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await page.screenshot({ path: testInfo.outputPath('settings-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('settings-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    const downloadStarted = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe('tourguides-my-data.json');
    const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    expect(exported.profile).toMatchObject({ email: account.email, fullName: 'Sam Setlist', homeCity: 'Austin' });

    await sessions.getByRole('button', { name: 'Sign out other sessions' }).click();
    await expectToast(page, 'Signed out elsewhere');
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    // Another device signs in; changing the password (with the box ticked) signs it out.
    const origin = new URL(test.info().project.use.baseURL ?? '').origin;
    const otherDevice = await request.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
      headers: { origin },
    });
    expect(otherDevice.status()).toBe(200);
    await page.reload();
    await expect(sessions.getByRole('listitem')).toHaveCount(2);

    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill('not-my-password');
    await password.getByLabel('New password').fill('Backstage-Pass-77');
    await password.getByRole('button', { name: 'Change Password' }).click();
    // Closed before the next try: an error toast stays longer than the check for the next one waits.
    await expectToast(page, 'Password Not Changed');
    await expect(password.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await password.getByLabel('Current password').fill(account.password);
    await password.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Password changed', 'Your other devices were signed out.');
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(sessions.getByText('This device')).toBeVisible();
    await expect(sessions.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();
  });

  test('two-factor: enrol with the key, log in with a code, turn it off', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const account = accounts.twoFactor;
    await signInViaApi(page, account);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await section.getByLabel('Your password').fill(account.password);
    await section.getByRole('button', { name: 'Set Up Two-Factor' }).click();
    await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = ((await section.locator('code').textContent()) ?? '').replace(/\s/g, '');
    const backupCodes = await section
      .getByRole('list', { name: 'Backup codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(backupCodes.length).toBeGreaterThanOrEqual(10);
    await section.screenshot({ path: testInfo.outputPath('two-factor-enrol.png') });

    const enrolCode = await nextTotpCode(secret);
    await section.getByLabel('Authentication code').fill(enrolCode);
    await section.getByRole('button', { name: 'Turn On' }).click();
    await expectToast(page, 'Two-factor is on');
    await expect(section.getByText('Two-factor is on.')).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/auth');
    await logInWithForm(page, account);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-Factor Verification');
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/settings');
    const loginCode = await nextTotpCode(secret, enrolCode);
    await section.getByLabel('Your password').fill(account.password);
    await section.getByLabel('Authentication code').fill(loginCode);
    await section.getByRole('button', { name: 'Turn Off Two-Factor' }).click();
    await expectToast(page, 'Two-factor is off');
    await expect(section.getByRole('button', { name: 'Set Up Two-Factor' })).toBeVisible();
  });

  test('deleting the account needs the typed DELETE, then signs out for good', async ({ page, consoleGuard }) => {
    test.slow();
    consoleGuard.allow(expectedHttpErrors([401]));
    const account = accounts.doomed;
    await signInViaApi(page, account);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Account deleted');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();

    await page.goto('/auth');
    await logInWithForm(page, account);
    await expect(toast(page).filter({ hasText: 'Login Failed' })).toContainText('Invalid email or password');
  });
});
