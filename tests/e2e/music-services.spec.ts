import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { LISTENBRAINZ_NEW_USER } from '../fakes/listening.ts';
import { fakeProviderPorts } from '../fakes/ports.ts';
import { expect, expectedHttpErrors, signUpViaApi, test } from './helpers/auth.ts';

/**
 * Music services (issue 15): a new fan connects a (fake) Last.fm user, previews their top artists
 * with each catalog match, follows the top three, finds them on My Artists, unfollows one there
 * and finds it on the exclude list.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const fakes = fakeProviderPorts(port);

const signUpFan = (page: Page) => signUpViaApi(page, { prefix: 'music', fullName: 'Music Fan' });

/** A Last.fm user of this run's own, listening only to artists of the e2e fixture catalog (and one stranger). */
async function fakeLastFmUser(page: Page, username: string): Promise<void> {
  const response = await page.request.post(`http://127.0.0.1:${fakes.lastFmPort}/__fake/users`, {
    data: {
      [username]: [
        { name: 'The Midnight Lanterns', plays: 980 },
        { name: 'Amber Foxes', plays: 702 },
        { name: 'Copper Foxes', plays: 655 },
        { name: 'Neon Foxs', plays: 401 },
        { name: 'Unheard Of Band', plays: 120 },
      ],
    },
  });
  expect(response.status()).toBe(200);
}

// One width for the journey; every page's layout at 360 and 390 px is checked in layout-phones.spec.ts.
const viewport = { width: 1440, height: 900 };
test.describe(`music services at ${viewport.width} px`, () => {
  test.use({ viewport });

  test('a fan previews their Last.fm top artists, follows the top 3 and sees them on My Artists', async ({
    page,
    consoleGuard,
  }, testInfo) => {
    consoleGuard.allow(expectedHttpErrors([404]));
    const username = `fan_${viewport.width}_${randomUUID().slice(0, 6)}`;
    await fakeLastFmUser(page, username);
    await signUpFan(page);

    await page.goto('/my-artists');
    await page.getByRole('link', { name: 'Follow the artists you listen to' }).click();
    await expect(page).toHaveURL(/\/music-services$/);
    await expect(page.getByRole('heading', { name: 'Spotify', exact: true })).toBeVisible();

    // A wrong username is said plainly.
    await page.getByLabel('Last.fm username').fill('nobody_at_all');
    await page.getByRole('button', { name: 'Preview top artists' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Last.fm has no user called “nobody_at_all”. Check the spelling of the username.',
    );

    await page.getByLabel('Last.fm username').fill(username);
    await page.getByLabel('Period').selectOption('quarter');
    await page.getByRole('button', { name: 'Preview top artists' }).click();
    const rows = page.getByRole('list', { name: 'Artists found' }).getByRole('listitem');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0)).toContainText('The Midnight Lanterns');
    await expect(rows.nth(0)).toContainText('980 plays');
    await expect(rows.nth(0)).toContainText('Exact name');
    await expect(rows.nth(3)).toContainText('Fuzzy — check it');
    await expect(rows.nth(3)).toContainText('Neon Foxes');
    await expect(rows.nth(4)).toContainText('Not in the catalog');
    await expect(rows.nth(4).getByRole('checkbox')).toBeDisabled();

    await page.getByLabel('Top', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Select top 3' }).click();
    await expect(rows.nth(2).getByRole('checkbox')).toBeChecked();
    await expect(rows.nth(3).getByRole('checkbox')).not.toBeChecked();
    await page.screenshot({ path: testInfo.outputPath(`music-preview-${viewport.width}.png`), fullPage: true });

    await page.getByRole('button', { name: 'Follow 3 artists' }).click();
    await expect(page.getByText('3 artists followed.')).toBeVisible();
    await expect(rows.nth(0)).toContainText('Following');
    await page.screenshot({ path: testInfo.outputPath(`music-followed-${viewport.width}.png`), fullPage: true });

    await page.getByRole('link', { name: 'See My Artists' }).click();
    const followed = page.getByRole('list', { name: 'Followed artists' }).getByRole('listitem');
    await expect(followed).toHaveCount(3);
    await expect(followed.filter({ hasText: 'Amber Foxes' })).toHaveCount(1);
    await expect(followed.filter({ hasText: 'Copper Foxes' })).toHaveCount(1);
    await expect(followed.filter({ hasText: 'The Midnight Lanterns' })).toHaveCount(1);

    // Unfollowed by hand, an imported artist goes on the exclude list.
    await followed
      .filter({ hasText: 'Amber Foxes' })
      .getByRole('button', { name: /Unfollow/ })
      .click();
    await expect(followed).toHaveCount(2);
    await page.goto('/music-services');
    const excluded = page.getByRole('list', { name: 'Excluded artists' });
    await expect(excluded.getByRole('listitem')).toHaveCount(1);
    await expect(excluded).toContainText('Amber Foxes');
    await expect(excluded).toContainText('Imported from Last.fm');
    await page.screenshot({ path: testInfo.outputPath(`music-excludes-${viewport.width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Remove Amber Foxes from the exclude list' }).click();
    await expect(page.getByText('Nobody is excluded.')).toBeVisible();
  });

  test('a fan previews ListenBrainz statistics, and hears when there are none yet', async ({ page }, testInfo) => {
    const username = `lb_${viewport.width}_${randomUUID().slice(0, 6)}`;
    const response = await page.request.post(`http://127.0.0.1:${fakes.listenBrainzPort}/__fake/users`, {
      data: {
        [username]: [
          { name: 'Copper Foxes', plays: 88 },
          { name: 'Someone Unknown', mbid: '11111111-2222-4333-8444-555555555555', plays: 12 },
        ],
      },
    });
    expect(response.status()).toBe(200);
    await signUpFan(page);
    await page.goto('/music-services');
    await page.getByRole('radio', { name: 'ListenBrainz' }).check();
    await page.getByLabel('ListenBrainz username').fill(LISTENBRAINZ_NEW_USER);
    await page.getByRole('button', { name: 'Preview top artists' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'no listening statistics' })).toHaveText(
      'ListenBrainz has no listening statistics for this user and period yet.',
    );

    await page.getByLabel('ListenBrainz username').fill(username);
    await page.getByLabel('Period').selectOption('all');
    await page.getByRole('button', { name: 'Preview top artists' }).click();
    const rows = page.getByRole('list', { name: 'Artists found' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('88 plays');
    await expect(rows.nth(0)).toContainText('Exact name');
    await expect(rows.nth(1)).toContainText('Not in the catalog');
    await page.screenshot({ path: testInfo.outputPath(`music-listenbrainz-${viewport.width}.png`), fullPage: true });
  });
});
