import type { Page } from '@playwright/test';
import { FEATURED } from './support/fixture-catalog.ts';
import { expect, test } from './support/fixtures.ts';

/** Issue 25 item 3: what each public page may shift while it loads (Lighthouse's "good" is 0.1). */
const MAX_CLS = 0.02;

/** Starts counting layout shifts (not caused by input) before the page's first script runs. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        const nodes = (entry.sources ?? []).map((source) => {
          const node = source.node as Element | null | undefined;
          return node?.nodeName ? `${node.nodeName.toLowerCase()}.${String(node.className ?? '').slice(0, 60)}` : '?';
        });
        w.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShift(page: Page): Promise<{ cls: number; shifts: string[] }> {
  // Late parts (images, the signed-in state, the toaster) have had their time.
  await page.waitForTimeout(1500);
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
}

test.describe('no layout shift on public pages (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('home, tour, artist, venue and guide pages shift less than 0.02 while they load', async ({ page, request }) => {
    const today = new Date().toISOString().slice(0, 10);
    const tour = await (await request.get(`/api/artists/${FEATURED.slug}?today=${today}`)).json();
    const stop = tour.tours
      .flatMap((t: { stops: { isUpcoming: boolean }[] }) => t.stops)
      .find((s: { isUpcoming: boolean }) => s.isUpcoming) as { slug: string; venueSlug: string };
    const pages: [string, string, () => Promise<void>][] = [
      // Generous: on a loaded machine the list's twenty cards took over 10 s once.
      ['home', '/', () => expect(page.locator('#artists article')).toHaveCount(20, { timeout: 30_000 })],
      [
        'tour',
        `/tour/${FEATURED.slug}`,
        () => expect(page.getByRole('heading', { level: 1 })).toContainText(FEATURED.name),
      ],
      [
        'artist',
        `/artist/${FEATURED.slug}`,
        () => expect(page.getByRole('heading', { level: 1 })).toContainText(FEATURED.name),
      ],
      ['venue', `/venue/${stop.venueSlug}`, () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
      [
        'guide',
        `/guide/${FEATURED.slug}/${stop.slug}`,
        () => expect(page.getByRole('heading', { level: 1 })).toContainText(FEATURED.name),
      ],
    ];
    await watchLayoutShifts(page);
    const results: Record<string, number> = {};
    const details: string[] = [];
    for (const [name, path, loaded] of pages) {
      await page.goto(path);
      await loaded();
      const { cls, shifts } = await layoutShift(page);
      results[name] = Math.round(cls * 1000) / 1000;
      details.push(`${name}: ${shifts.join('; ')}`);
    }
    console.log('CLS per page:', JSON.stringify(results));
    for (const line of details) console.log(line);
    for (const [name, cls] of Object.entries(results))
      expect(cls, `${name}\n${details.join('\n')}`).toBeLessThanOrEqual(MAX_CLS);
  });
});
