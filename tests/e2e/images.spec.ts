import { FEATURED } from './support/fixture-catalog.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('artist images', () => {
  test('a card without an image gets one live, without a reload', async ({ page }) => {
    // Every card starts without an image, as on a fresh catalog.
    await page.route('**/api/artists?*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const artist of body.artists) artist.imageUrl = null;
      await route.fulfill({ response, json: body });
    });
    // Another test may already have made this artist's image; the card must still receive it through
    // the event stream, so a 'ready' answer is turned into 'queued' (as while the job runs).
    const queued: string[] = [];
    await page.route('**/api/images/queue', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      queued.push(body.artistSlug);
      await route.fulfill({ status: 202, json: { status: 'queued', artistSlug: body.artistSlug, imageUrl: null } });
    });
    let documentLoads = 0;
    page.on('load', () => {
      documentLoads += 1;
    });

    // The home page's first list comes in its server-rendered HTML: reached by a link from another
    // page, the app asks /api/artists for it (the answer above, without images).
    await page.goto('/donate');
    await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    const card = page.locator('#artists article').filter({ hasText: FEATURED.name });
    // Images load when near the viewport (spec: lazy-load margin 50px).
    await expect(card).toBeVisible({ timeout: 15_000 });
    await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const image = card.locator('img');
    await expect(image).toHaveAttribute('src', /^\/files\/artist-images\/[0-9a-f]{24}\.webp$/, { timeout: 20_000 });
    // The 600 px artwork's 400 px copy (the narrowest in the srcset that fills a ~300 px grid
    // slot), loaded: naturalWidth is then the slot's 300, the copy's width over its density.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp\?w=400$/);
    expect(queued).toContain(FEATURED.slug);
    expect(documentLoads).toBe(1);
  });

  test('generated images are served with long cache headers', async ({ request }) => {
    const queued = await request.post('/api/images/queue', { data: { artistName: FEATURED.name } });
    expect([200, 202]).toContain(queued.status());
    let imageUrl: string | null = (await queued.json()).imageUrl;
    await expect
      .poll(
        async () => {
          imageUrl = (await (await request.post('/api/images/queue', { data: { artistName: FEATURED.name } })).json())
            .imageUrl;
          return imageUrl;
        },
        { timeout: 20_000 },
      )
      .toMatch(/^\/files\//);
    const file = await request.get(imageUrl!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/webp');
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
