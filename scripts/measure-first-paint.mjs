// How a page's first paint feels on a phone: loads it in Debian's Chromium with real (not
// simulated) slow-4G network emulation (150 ms, 1.6 Mbit/s down) and a 4× CPU slowdown, and
// prints first contentful paint, largest contentful paint, when the home page's cards were in,
// and the layout shift. Complements `npm run lighthouse`, whose timings are simulated.
//
//   node scripts/measure-first-paint.mjs http://localhost:3000/ [runs=3]
import { chromium } from 'playwright';

const url = process.argv[2] ?? 'http://localhost:3000/';
const runs = Number(process.argv[3] ?? 3);
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});

async function measure() {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('#artists article', { timeout: 30_000 }).catch(() => {});
  const cardsAt = await page.evaluate(() => Math.round(performance.now()));
  await page.waitForTimeout(1500);
  const figures = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({
            fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN),
            lcp: Math.round(entries[entries.length - 1].startTime),
            cls: performance
              .getEntriesByType('layout-shift')
              .reduce((sum, shift) => sum + (shift.hadRecentInput ? 0 : shift.value), 0),
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return { ...figures, cardsAt };
}

for (let run = 1; run <= runs; run++) {
  const { fcp, lcp, cls, cardsAt } = await measure();
  console.log(`run ${run}: FCP ${fcp} ms, LCP ${lcp} ms, cards by ${cardsAt} ms, CLS ${cls.toFixed(3)}`);
}
await browser.close();
