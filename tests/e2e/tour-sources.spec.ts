import { NORTHERN_LANTERNS } from '../fakes/dataset.ts';
import { expect, signUpViaApi, test } from './helpers/auth.ts';
import { isoDateFromToday } from './support/fixture-catalog.ts';
import { freshClientAddress } from './support/fixtures.ts';

/**
 * Provenance (issue 24, ADR 0044): Northern Lanterns synced from the fake JamBase, Ticketmaster and
 * Bandsintown is one stop per show; each says who lists it in small print and offers "Tickets" once
 * per seller, at 1440 px and at 390 px without sideways scroll.
 */

const baseUrl = () => test.info().project.use.baseURL ?? '';

test.beforeEach(async ({ page }) => {
  const headers = { origin: new URL(baseUrl()).origin, 'x-forwarded-for': freshClientAddress() };
  const synced = await page.request.post('/api/search/sync', {
    data: { artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS },
    headers,
  });
  expect(synced.status(), await synced.text()).toBe(200);
});

for (const width of [1440, 390]) {
  test(`the tour page says who lists each show and links tickets per seller at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/tour/northern-lanterns');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Northern Lanterns');
    const london = page.getByRole('listitem').filter({ hasText: 'Roundhouse' }).first();
    await expect(london.getByTestId('listed-by')).toHaveText('Listed by Ticketmaster, JamBase, Bandsintown');
    const tickets = london.getByRole('link', { name: /^Tickets/ });
    await expect(tickets).toHaveCount(2);
    await expect(tickets.nth(0)).toContainText('Ticketmaster');
    await expect(tickets.nth(0)).toHaveAttribute('href', /ticketmaster\.com\/event\//);
    await expect(tickets.nth(1)).toContainText('Bandsintown');
    // Four shows, however many sources list each (no duplicate stops).
    await expect(page.getByTestId('listed-by')).toHaveCount(4);
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Albert Hall' }).first().getByTestId('listed-by'),
    ).toHaveText('Listed by JamBase, Bandsintown');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `.tmp/tour-sources-${width}.png`, fullPage: true });
  });
}

for (const width of [1440, 390]) {
  test(`the show page says who lists the show and links tickets per seller at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpViaApi(page, `show-sources-${width}`);
    const artist = await (await page.request.get(`/api/artists/northern-lanterns?today=${isoDateFromToday(0)}`)).json();
    const stops = (artist.tours as { stops: { id: string; venueName: string }[] }[]).flatMap((tour) => tour.stops);
    // "Roundhouse" or "The Roundhouse": a stop stored earlier keeps its own spelling of the venue (ADR 0044).
    const london = stops.find((stop) => stop.venueName.endsWith('Roundhouse'))!;
    await page.goto(`/shows/${london.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Northern Lanterns');
    await expect(page.getByTestId('listed-by')).toHaveText('Listed by Ticketmaster, JamBase, Bandsintown');
    const tickets = page.getByRole('link', { name: /^Tickets/ });
    await expect(tickets).toHaveCount(2);
    await expect(tickets.nth(0)).toContainText('Ticketmaster');
    await expect(tickets.nth(1)).toContainText('Bandsintown');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `.tmp/show-sources-${width}.png`, fullPage: true });
  });
}
