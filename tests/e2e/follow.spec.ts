import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test, toast } from './helpers/auth.ts';
import { FEATURED } from './support/fixture-catalog.ts';

const signUpFan = (page: Page) => signUpViaApi(page, { prefix: 'follow', fullName: 'Follow Fan' });

// One width for the journey (the follow button has no narrow-screen variant); the tour page at 360 and
// 390 px is checked for overflow by layout-phones.spec.ts (visitor and fan).
const viewport = { width: 1440, height: 900 };
test.describe(`Follow on the tour page at ${viewport.width} px`, () => {
  test.use({ viewport });

  test('a fan follows from the tour page, and the artist is in My Artists', async ({ page }) => {
    await signUpFan(page);
    await page.goto(`/tour/${FEATURED.slug}`);
    const follow = page.getByRole('button', { name: `Follow ${FEATURED.name}` });
    await expect(follow).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Artist page' })).toHaveAttribute('href', `/artist/${FEATURED.slug}`);
    await follow.click();
    await expect(toast(page)).toContainText(`${FEATURED.name} has been added to your artists`);
    await expect(page.getByRole('button', { name: `Unfollow ${FEATURED.name}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goto('/my-artists');
    await expect(page.getByText(FEATURED.name).first()).toBeVisible({ timeout: 15_000 });
  });

  test("a visitor's Follow goes to sign-in and comes back to the tour page", async ({ page }) => {
    await page.goto(`/tour/${FEATURED.slug}`);
    const follow = page.getByRole('link', { name: `Sign in to follow ${FEATURED.name}` });
    await expect(follow).toBeVisible({ timeout: 15_000 });
    await follow.click();
    await expect(page).toHaveURL(new RegExp(`/auth\\?returnTo=%2Ftour%2F${FEATURED.slug}`));
  });
});
