import { randomUUID } from 'node:crypto';
import { fakeProviderPorts } from '../fakes/ports.ts';
import { expect, signUpViaApi, test } from './helpers/auth.ts';

/**
 * Spotify (issue 15): a new fan connects a (fake) Spotify account through its consent page,
 * previews followed and top artists, follows them, unfollows one by hand, syncs with "follow
 * automatically" and sees the excluded artist left out, then disconnects.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const fakes = fakeProviderPorts(port);

// One width for the journey; every page's layout at 360 and 390 px is checked in layout-phones.spec.ts.
const viewport = { width: 1440, height: 900 };
test.describe(`Spotify at ${viewport.width} px`, () => {
  test.use({ viewport });

  test('a fan connects Spotify, follows their artists, syncs without the excluded one and disconnects', async ({
    page,
  }, testInfo) => {
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`spotify-${name}-${viewport.width}.png`), fullPage: true });
    await signUpViaApi(page, { prefix: 'spotify', fullName: 'Spotify Fan' });
    await page.goto('/music-services');
    const card = page.getByRole('region', { name: 'Spotify' });
    await expect(card.getByText('We only ask to read your followed and top artists')).toBeVisible();
    await expect(page.getByText('Nothing is kept in sync yet.')).toBeVisible();

    // Consent at (fake) Spotify, then back on a clean address.
    await card.getByRole('button', { name: 'Connect Spotify' }).click();
    await expect(page).toHaveURL(new RegExp(`^${fakes.spotifyAccountsUrl}/authorize\\?`));
    await expect(page.getByText('user-follow-read')).toBeVisible();
    await page.getByRole('link', { name: 'Agree' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'Spotify is connected' })).toHaveText(
      'Spotify is connected. Preview your artists below, or let the weekly sync do it.',
    );
    await expect(page).toHaveURL(/\/music-services$/);
    expect(page.url()).not.toContain('code=');
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
    await shot('connected');

    // Preview: Spotify's top artists of the last six months first, then the other followed ones.
    await card.getByLabel('Top artists of').selectOption('half-year');
    await card.getByRole('button', { name: 'Preview from Spotify' }).click();
    const rows = card.getByRole('list', { name: 'Artists found' }).getByRole('listitem');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0)).toContainText('Copper Foxes');
    await expect(rows.nth(0)).toContainText('Top 1 on Spotify');
    await expect(rows.nth(2)).toContainText('Top 3 · Followed on Spotify');
    await expect(rows.nth(3)).toContainText('Amber Foxes');
    await expect(rows.nth(4)).toContainText('Not in the catalog');
    await card.getByRole('button', { name: 'Select all' }).click();
    await shot('preview');
    await card.getByRole('button', { name: 'Follow 4 artists' }).click();
    await expect(card.getByText('4 artists followed.')).toBeVisible();

    // Unfollowed by hand: on the exclude list.
    await page.goto('/my-artists');
    const followed = page.getByRole('list', { name: 'Followed artists' }).getByRole('listitem');
    await expect(followed).toHaveCount(4);
    await page.getByRole('button', { name: 'Unfollow Amber Foxes' }).click();
    await expect(followed).toHaveCount(3);

    // Sync now, following automatically: Amber Foxes stays out.
    await page.goto('/music-services');
    const spotifyItem = page.getByRole('list', { name: 'Connected services' }).getByRole('listitem', {
      name: 'Spotify',
    });
    await spotifyItem.getByLabel('New artists found').selectOption('auto');
    await expect(spotifyItem.getByLabel('New artists found')).toHaveValue('auto');
    await expect(spotifyItem.getByLabel('New artists found')).toBeEnabled();
    await spotifyItem.getByRole('button', { name: 'Sync now' }).click();
    await expect(spotifyItem.getByText('Synced: 3 already followed, 1 excluded, 1 not in the catalog.')).toBeVisible();
    const excluded = page.getByRole('list', { name: 'Excluded artists' });
    await expect(excluded).toContainText('Amber Foxes');
    await expect(excluded).toContainText('Imported from Spotify');
    await shot('synced');

    // Disconnect, confirmed.
    await spotifyItem.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect Spotify?' });
    await expect(dialog).toBeVisible();
    await shot('disconnect');
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('button', { name: 'Connect Spotify' })).toBeVisible();
    await expect(page.getByText('Nothing is kept in sync yet.')).toBeVisible();
    await page.goto('/my-artists');
    await expect(followed).toHaveCount(3);
  });

  test('a fan keeps a Last.fm username in sync for review, follows one proposal and dismisses another', async ({
    page,
  }, testInfo) => {
    const username = `sync_${viewport.width}_${randomUUID().slice(0, 6)}`;
    const fake = await page.request.post(`http://127.0.0.1:${fakes.lastFmPort}/__fake/users`, {
      data: {
        [username]: [
          { name: 'Copper Foxes', plays: 300 },
          { name: 'Amber Foxes', plays: 200 },
          { name: 'Unheard Of Band', plays: 50 },
        ],
      },
    });
    expect(fake.status()).toBe(200);
    await signUpViaApi(page, { prefix: 'spotify', fullName: 'Spotify Fan' });
    await page.goto('/music-services');
    const form = page.getByRole('form', { name: 'Keep a username in sync' });
    await form.getByLabel('Username').fill(username);
    await form.getByRole('button', { name: 'Keep in sync' }).click();
    const proposals = page.getByRole('list', { name: 'Proposed artists' }).getByRole('listitem');
    await expect(proposals).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Proposed by your sync (2)' })).toBeVisible();
    const item = page.getByRole('list', { name: 'Connected services' }).getByRole('listitem', {
      name: `Last.fm · ${username}`,
    });
    await expect(item).toContainText('2 proposed, 1 not in the catalog.');
    await page.screenshot({ path: testInfo.outputPath(`sync-proposals-${viewport.width}.png`), fullPage: true });

    await page.getByRole('button', { name: 'Follow Copper Foxes' }).click();
    await expect(proposals).toHaveCount(1);
    await page.getByRole('button', { name: 'Dismiss Amber Foxes' }).click();
    await expect(page.getByRole('list', { name: 'Proposed artists' })).toBeHidden();
    const excluded = page.getByRole('list', { name: 'Excluded artists' });
    await expect(excluded).toContainText('Amber Foxes');
    await expect(excluded).toContainText('Imported from Last.fm');

    // Syncing again proposes nothing: one is followed, the other excluded.
    await item.getByRole('button', { name: 'Sync now' }).click();
    await expect(item.getByText('Synced: 1 already followed, 1 excluded, 1 not in the catalog.')).toBeVisible();
    await page.goto('/my-artists');
    const followed = page.getByRole('list', { name: 'Followed artists' }).getByRole('listitem');
    await expect(followed).toHaveCount(1);
    await expect(followed).toContainText('Copper Foxes');
  });

  test('a fan who cancels on Spotify is told so, and nothing is connected', async ({ page }, testInfo) => {
    await signUpViaApi(page, { prefix: 'spotify', fullName: 'Spotify Fan' });
    await page.goto('/music-services');
    const card = page.getByRole('region', { name: 'Spotify' });
    await card.getByRole('button', { name: 'Connect Spotify' }).click();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(card.getByRole('alert')).toHaveText(
      'You cancelled on Spotify, so nothing was connected. Connect again whenever you like.',
    );
    await expect(page).toHaveURL(/\/music-services$/);
    await expect(card.getByRole('button', { name: 'Connect Spotify' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`spotify-cancelled-${viewport.width}.png`), fullPage: true });
  });
});
