import { randomInt } from 'node:crypto';
import { test as base, expect } from '@playwright/test';

interface ConsoleGuard {
  /** Lets this test log console errors matching the pattern (e.g. the 404 page's report). */
  allow(pattern: RegExp): void;
  errors: string[];
}

let clientCounter = 0;

/**
 * For API calls a test makes itself (page.request does not carry the page's extra headers): a fresh
 * client address each, so per-IP limits on sign-up, sign-in and sync never add up across tests.
 */
export const freshClientAddress = () => `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

/** What main.tsx logs when React had to redraw a server-rendered page instead of adopting it. */
export const SERVER_RENDER_MISMATCH = 'The server-rendered page was redrawn';

export const test = base.extend<{ consoleGuard: ConsoleGuard; visitorAddress: string }>({
  /**
   * Every test is its own visitor: a client address of its own (the e2e server trusts
   * X-Forwarded-For), so the per-IP abuse limits never add up across the suite.
   */
  visitorAddress: [
    async ({ page }, use, testInfo) => {
      clientCounter += 1;
      const ip = `172.16.${testInfo.workerIndex % 250}.${(clientCounter % 250) + 1}`;
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
      await use(ip);
    },
    { auto: true },
  ],
  /**
   * Every test fails on a console error or uncaught exception it did not announce with
   * `consoleGuard.allow(...)`: a quiet console is part of a working page.
   */
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        // A failed resource names itself only in the message's location.
        const resource = message.text().startsWith('Failed to load resource') ? ` (${message.location().url})` : '';
        if (message.type() === 'error') errors.push(`${message.text()}${resource}`);
        // The home page's prerendered HTML must match what the app renders (main.tsx).
        if (message.type() === 'warning' && message.text().startsWith(SERVER_RENDER_MISMATCH))
          errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern), errors });
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
