import type { Page } from '@playwright/test';
import { accounts, expect, expectToast, signInViaApi, test } from './helpers/auth.ts';
import { openInApp } from './support/in-app.ts';

// Issue 16: the admin guard over the ten admin pages, API status, backups and Donate, at 1440 px.

const ADMIN_ROUTES = [
  '/admin/tips',
  '/admin/api-status',
  '/admin/artists',
  '/admin/spotify-import',
  '/admin/historical-import',
  '/admin/genre-backfill',
  '/admin/catalog-requests',
  '/admin/image-testing',
  '/admin/backups',
  '/admin/loading-messages',
];

test.describe('admin guard over the ten admin routes', () => {
  test('a signed-in fan opening any admin route lands on /, replacing history', async ({ page }) => {
    await signInViaApi(page, accounts.fan);
    await page.goto('/donate');
    await expect(page.getByRole('heading', { name: 'Donate' })).toBeVisible();
    // The first route as a page load, the others inside the app (one guard over all of them).
    for (const [index, route] of ADMIN_ROUTES.entries()) {
      if (index === 0) await page.goto(route);
      else await openInApp(page, route);
      await expect(page, route).toHaveURL(/\/$/);
      // The admin entry was replaced: back leaves for the page before it.
      await page.goBack();
      await expect(page, route).toHaveURL(/\/donate$/);
      await expect(page.getByRole('heading', { name: 'Donate' })).toBeVisible();
    }
  });

  test('an admin reaches every admin page through the admin navigation', async ({ page }) => {
    test.slow();
    await signInViaApi(page, accounts.admin);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/api-status$/);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link')).toHaveCount(10);
    for (const route of ADMIN_ROUTES) {
      await nav.locator(`a[href="${route}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${route}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(nav.locator(`a[href="${route}"]`)).toHaveAttribute('aria-current', 'page');
    }
    // Streaming import (issue 15) is built: no page is "coming soon" any more.
    await page.goto('/admin/spotify-import');
    await expect(page.getByRole('heading', { name: 'Spotify import', level: 1 })).toBeVisible();
    await expect(page.getByText('Coming soon')).toHaveCount(0);
  });
});

test.describe('admin API status', () => {
  test('shows each provider and the job queues, checks a provider now and refreshes itself', async ({
    page,
  }, testInfo) => {
    test.slow();
    await signInViaApi(page, accounts.admin);
    await page.goto('/admin/api-status');
    await expect(page.getByRole('heading', { name: 'API status', level: 1 })).toBeVisible();
    const musicBrainz = page.getByTestId('provider-musicbrainz');
    await expect(musicBrainz.getByRole('heading', { name: 'MusicBrainz' })).toBeVisible();
    await expect(musicBrainz.getByText('Success rate')).toBeVisible();
    await expect(musicBrainz.getByText('MusicBrainz allows 1 request per second per IP.')).toBeVisible();
    await expect(page.getByTestId('provider-jambase').getByRole('heading', { name: 'JamBase' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Oldest waiting' })).toBeVisible();

    // Issue 24.4: today's sync plan per tour-date source, with each source's calls of its quota.
    await expect(page.getByRole('heading', { name: 'Tour-date sync plan' })).toBeVisible();
    for (const [provider, label, quota] of [
      ['ticketmaster', 'Ticketmaster', '5,000'],
      ['bandsintown', 'Bandsintown', '10,000'],
      ['jambase', 'JamBase', '1,500'],
    ]) {
      const card = page.getByTestId(`sync-plan-${provider}`);
      await expect(card.getByRole('heading', { name: `${label} · On` })).toBeVisible();
      await expect(card.getByText(new RegExp(`^[\\d,]+ / ${quota}$`))).toBeVisible();
      await expect(card.getByText('Artists planned today')).toBeVisible();
    }
    await expect(page.getByText(/^Plan for \w{3}, \w{3} \d{1,2}, \d{4} \(UTC day\)/)).toBeVisible();

    const callsBefore = Number(await musicBrainz.getByText(/^\d+$/).first().textContent());
    await musicBrainz.getByRole('button', { name: 'Check now' }).click();
    await expect(musicBrainz.getByText(/^Up: answered in/)).toBeVisible();
    // The check was a real call: the figures count it, and the audit log shows it.
    await expect(musicBrainz.getByText(/^\d+$/).first()).toHaveText(String(callsBefore + 1));
    await expect(page.getByRole('region', { name: 'Audit log' }).getByText('provider.check').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('api-status-1440.png'), fullPage: true });

    // Auto-refresh: a new answer arrives without reloading the page.
    const refreshed = await page.waitForResponse((response) => response.url().endsWith('/api/admin/api-status'), {
      timeout: 20_000,
    });
    expect(refreshed.status()).toBe(200);

    // On a phone the plan's cards stack and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Tour-date sync plan' }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('sync-plan-jambase').getByText('Artists planned today')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('api-status-390.png'), fullPage: true });
  });
});

async function openBackups(page: Page) {
  await signInViaApi(page, accounts.admin);
  await page.goto('/admin/backups');
  await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
}

test.describe('admin backups', () => {
  test('creates a backup now, downloads it, asks for RESTORE before a restore, deletes it', async ({
    page,
  }, testInfo) => {
    test.slow();
    await openBackups(page);
    await expect(page.getByText(/Daily at 03:30 UTC/)).toBeVisible();
    await page.getByRole('switch').click();
    await page.getByRole('button', { name: 'Create backup now' }).click();
    await expectToast(page, 'Backup created');
    const row = page.getByRole('listitem').filter({ hasText: 'tourguides-backup-' }).first();
    await expect(row).toContainText('files included');
    await expect(row).toContainText('By e2e-admin@example.com');
    const fileName = (await row.locator('p.font-mono').textContent())!;

    const download = page.waitForEvent('download');
    await row.getByRole('link', { name: `Download ${fileName}` }).click();
    expect((await download).suggestedFilename()).toBe(fileName);

    // Restore needs the typed word; cancelled here (a restore ends every session, other specs' too:
    // the restore itself is covered by the API tests).
    await row.getByRole('button', { name: `Restore ${fileName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
    const confirm = dialog.getByRole('button', { name: 'Restore backup' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type RESTORE to confirm').fill('restore');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type RESTORE to confirm').fill('RESTORE');
    await expect(confirm).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath('backups-restore-dialog-1440.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await expect(page.getByRole('region', { name: 'Audit log' }).getByText('backup.create').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('backups-1440.png'), fullPage: true });

    await row.getByRole('button', { name: `Delete ${fileName}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete this backup?' })
      .getByRole('button', { name: 'Delete backup' })
      .click();
    await expectToast(page, 'Backup deleted', fileName);
    await expect(page.getByRole('region', { name: 'Archives' }).getByText(fileName)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Audit log' }).getByText('backup.delete').first()).toBeVisible();
  });
});

test.describe('donate', () => {
  test('shows the configured buttons with what the money pays for, and a thank-you page', async ({
    page,
  }, testInfo) => {
    await page.goto('/donate');
    await expect(page.getByText('Donations pay for the server, the database and the tour-date API.')).toBeVisible();
    const sponsors = page.getByRole('link', { name: /GitHub Sponsors/ });
    await expect(sponsors).toHaveAttribute('href', 'https://github.com/sponsors/example');
    await expect(sponsors).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: /Ko-fi/ })).toHaveAttribute('href', 'https://ko-fi.com/example');
    await page.screenshot({ path: testInfo.outputPath('donate-1440.png'), fullPage: true });

    await page.goto('/donate/thanks');
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await page.getByRole('link', { name: 'Find your next show' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('without configured links, offers other ways to help instead of a dead end', async ({ page }, testInfo) => {
    // The server's answer when DONATE_LINKS is unset (donate.api.test.ts checks that answer).
    await page.route('**/api/donate', (route) =>
      route.fulfill({ json: { links: [], message: null, sourceUrl: 'https://github.com/example/tourguides' } }),
    );
    await page.goto('/donate');
    await expect(page.getByText('This TourGuides site does not take donations.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Star it/ })).toHaveAttribute(
      'href',
      'https://github.com/example/tourguides',
    );
    await expect(page.getByRole('link', { name: /Report a bug/ })).toHaveAttribute(
      'href',
      'https://github.com/example/tourguides/issues',
    );
    await expect(page.getByRole('button', { name: 'Share TourGuides' })).toBeVisible();
    await page.getByRole('link', { name: 'Add a show' }).click();
    await expect(page).toHaveURL(/\/add-show$/);
    await page.goBack();
    await page.screenshot({ path: testInfo.outputPath('donate-unconfigured-1440.png'), fullPage: true });
  });
});
