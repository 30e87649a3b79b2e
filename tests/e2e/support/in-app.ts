import type { Page } from '@playwright/test';

/**
 * Opens a route inside the running app, as its own links do (the router follows the history), so a
 * list of routes costs one page load, not one each (ADR 0049). The page must already show the app.
 */
export async function openInApp(page: Page, route: string): Promise<void> {
  // Everything now in <main> is the old route's: the new one has arrived once <main> holds anything else.
  await page.evaluate((target) => {
    for (const element of document.querySelectorAll('main *')) element.setAttribute('data-old-route', '');
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page
    .waitForFunction(() => document.querySelector('main *:not([data-old-route])') !== null, null, { timeout: 5000 })
    // A route that only redraws what it had (a query-string variant) adds nothing new: measure it as is.
    .catch(() => {});
}
