import type { Page } from '@playwright/test';
import { expect, test } from './auth.ts';

/**
 * Imports a CSV history for the page's signed-in fan through the API (columns named date, artist,
 * venue, city and country), waits for the import job to finish, and answers the preview's counts.
 */
export async function importHistoryCsv(
  page: Page,
  csv: string,
  { name, timeoutMs = 10_000 }: { name: string; timeoutMs?: number },
): Promise<Record<string, number>> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const columns = 'date=date&artist=artist&venue=venue&city=city&country=country';
  const preview = await page.request.post(`/api/history-imports/csv?${columns}&name=${encodeURIComponent(name)}`, {
    data: csv,
    headers: { origin, 'content-type': 'text/csv' },
  });
  expect(preview.status(), await preview.text()).toBe(201);
  const { id, counts } = (await preview.json()) as { id: string; counts: Record<string, number> };
  const started = await page.request.post(`/api/history-imports/${id}/start`, { data: {}, headers: { origin } });
  expect(started.status(), await started.text()).toBe(200);
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/history-imports/${id}`)).json()) as { state: string }).state,
      { timeout: timeoutMs, intervals: [1_000] },
    )
    .toBe('done');
  return counts;
}
