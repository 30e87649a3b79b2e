import { test as base, expect } from '@playwright/test';

interface ConsoleGuard {
  /** Lets this test log console errors matching the pattern (e.g. the 404 page's report). */
  allow(pattern: RegExp): void;
  errors: string[];
}

/**
 * Every test fails on a console error or uncaught exception it did not announce with
 * `consoleGuard.allow(...)`: a quiet console is part of a working page.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
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
