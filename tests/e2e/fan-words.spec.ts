import { FINDER_MESSAGES } from '#shared/tour-scraper.ts';
import type { FakeMode } from '../fakes/fake-server.ts';
import { fakeProviderPorts } from '../fakes/ports.ts';
import { expect, signUpViaApi, test } from './helpers/auth.ts';
import { importHistoryCsv } from './helpers/history-import.ts';
import { FEATURED } from './support/fixture-catalog.ts';

/**
 * Words a fan understands (issue 26, items 3 and 4), on a phone: Music services tell a fan only what
 * this server offers (setup instructions are the admin's), History and Stats name every place the
 * one way ('Nagoya, Japan', never 'Nagoya, JP' or 'Roundhouse , London'), and the web tour finder
 * says the lookup failed when MusicBrainz does not answer. One fan, one sign-up.
 */
const fakes = fakeProviderPorts(Number(process.env.E2E_PORT ?? 3100));

async function setMusicBrainzMode(mode: FakeMode): Promise<void> {
  const response = await fetch(`${fakes.musicBrainzUrl}/__fake/mode`, { method: 'POST', body: JSON.stringify(mode) });
  expect(response.ok).toBe(true);
}

/** What only the server's operator needs: env names, the redirect URI, the developer dashboard. */
const SETUP_WORDS =
  /\b[A-Z]+_[A-Z_]*(ID|KEY|SECRET|URL)\b|[Rr]edirect URI|\/api\/spotify\/callback|developer\.spotify\.com/;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a fan on a phone reads plain words: music services, places in History and Stats, a failed lookup', async ({
  page,
}) => {
  test.slow();
  await signUpViaApi(page, { prefix: 'words', fullName: 'Words Fan' });
  const shoot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });

  // Music services. This server has Spotify: the fan is offered Connect, never the setup.
  await page.goto('/music-services');
  const spotify = page.getByRole('region', { name: 'Spotify', exact: true });
  await expect(spotify.getByRole('button', { name: 'Connect Spotify' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(SETUP_WORDS);
  // A server without Spotify, as this fan's answer says it (the server sends the redirect URI to
  // admins only): one plain sentence, nothing to configure.
  let answered: { spotify: { configured: boolean; redirectUri: string | null } } | null = null;
  await page.route('**/api/music-services/connections', async (route) => {
    const response = await route.fetch();
    answered = await response.json();
    await route.fulfill({ response, json: { ...answered, spotify: { ...answered!.spotify, configured: false } } });
  });
  await page.reload();
  await expect(spotify).toContainText("Spotify isn't available on this server.");
  expect(answered!.spotify.redirectUri, 'the redirect URI is sent to admins only').toBeNull();
  await expect(page.getByRole('main')).not.toContainText(SETUP_WORDS);
  await expect(spotify.getByRole('button', { name: 'Connect Spotify' })).toHaveCount(0);
  await shoot('music-services-no-spotify');
  await page.unroute('**/api/music-services/connections');

  // History and Stats: shows imported from a spreadsheet, outside the US, one with a stray space.
  const csv = [
    'date,artist,venue,city,country',
    '2015-04-12,Words Check Band,Diamond Hall,Nagoya,JP',
    // A new artist typed in lower case: its name is title-cased, keeping acronyms and "of the".
    '2015-08-01,dj queens of the words check,Paradiso,Amsterdam,NL',
    '2016-09-03,Words Check Band,"Roundhouse ",London,GB',
  ].join('\n');
  await importHistoryCsv(page, csv, { name: 'words.csv' });

  await page.goto('/my-shows');
  const shows = page.getByTestId('history-show');
  await expect(shows).toHaveCount(3);
  await expect(shows.filter({ hasText: 'Paradiso' })).toContainText('DJ Queens of the Words Check');
  await expect(shows.filter({ hasText: 'Diamond Hall' })).toContainText('Diamond Hall · Nagoya, Japan');
  await expect(shows.filter({ hasText: 'Roundhouse' })).toContainText('Roundhouse · London, United Kingdom');
  await expect(page.getByRole('main')).not.toContainText(/ ,|\bJP\b|\bGB\b/);
  await shoot('history-places');

  await page.goto('/stats');
  const main = page.getByRole('main');
  // First and latest show, and the top cities: the same label as History.
  await expect(main).toContainText('Diamond Hall · Nagoya, Japan', { timeout: 15_000 });
  await expect(main).toContainText('Roundhouse · London, United Kingdom');
  await expect(page.getByRole('table', { name: 'Top cities' })).toContainText('Nagoya, Japan');
  await expect(main).not.toContainText(/ ,|\bJP\b|\bGB\b/);
  await shoot('stats-places');

  // The web tour finder: MusicBrainz does not answer, so the lookup failed (not "no site is known").
  await page.goto('/tour-web');
  await page.getByRole('combobox', { name: 'Artist' }).fill(FEATURED.name.slice(0, 14));
  await page.getByRole('option', { name: new RegExp(FEATURED.name) }).click();
  // Enough failures for the finder's call and its retries; normal again right after.
  await setMusicBrainzMode({ kind: 'unavailable', retryAfterSeconds: 1, times: 6 });
  try {
    await page.getByRole('button', { name: 'Find tour dates' }).click();
    const said = page.getByRole('status').filter({ hasText: FINDER_MESSAGES.lookupFailed });
    await expect(said).toBeVisible({ timeout: 30_000 });
  } finally {
    await setMusicBrainzMode({ kind: 'normal' });
  }
  await expect(page.getByRole('list', { name: 'Trail' })).toContainText('MusicBrainz did not answer');
  await expect(page.getByText(FINDER_MESSAGES.noSite)).toHaveCount(0);
  await shoot('tour-web-lookup-failed');
});
