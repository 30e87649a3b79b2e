import type { Page } from '@playwright/test';

/** The app's entry script (hashed name). */
export const ENTRY_SCRIPT = /\/assets\/index-[\w-]+\.js$/;

/** Holds the app's entry script back until the returned function is called: the page as its HTML alone draws it. */
export async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(ENTRY_SCRIPT, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
