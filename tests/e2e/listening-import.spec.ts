import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { exportText, generateExport } from '../factories/spotify-export.ts';
import { buildZip } from '../factories/zip.ts';
import { VELVET_HARBOR } from '../fakes/dataset.ts';
import { fakeProviderPorts } from '../fakes/ports.ts';
import { FAKE_PLAYLIST_ID } from '../fakes/spotify.ts';
import { accounts, expect, expectedHttpErrors, signInViaApi, test } from './helpers/auth.ts';
import { freshClientAddress } from './support/fixtures.ts';

/**
 * Listening imports (issue 15): a fan uploads Spotify's streaming history, watches the progress,
 * picks from the preview and follows — including an artist MusicBrainz knows but the catalog did
 * not; an admin seeds the catalog from an artist list, with the report kept.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const fakes = fakeProviderPorts(port);
const SHOTS = process.env.SHOTS_DIR;

async function signUpFan(page: Page): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email: `export-${randomUUID().slice(0, 8)}@example.com`,
      password: 'Heart-Of-Glass-77',
      name: 'Export Fan',
      fullName: 'Export Fan',
    },
    headers: { origin, 'x-forwarded-for': freshClientAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** An artist only MusicBrainz knows (the fake adds it): the import must look it up and add it. */
async function musicBrainzOnlyArtist(page: Page, name: string): Promise<void> {
  const mbid = randomUUID();
  const response = await page.request.post(`${fakes.musicBrainzUrl}/__fake/official-url`, {
    data: { mbid, name, url: 'https://example.com/' },
  });
  expect(response.status()).toBe(200);
}

const shot = async (page: Page, name: string, path: string) => {
  await page.screenshot({ path, fullPage: true });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}`, fullPage: true });
};

// One width for the journey; every page's layout at 360 and 390 px is checked in layout-phones.spec.ts.
const viewport = { width: 1440, height: 900 };
test.describe(`Spotify export at ${viewport.width} px`, () => {
  test.use({ viewport });

  test('a fan uploads their streaming history, follows from the preview with a live progress bar', async ({
    page,
    consoleGuard,
  }, testInfo) => {
    test.slow();
    consoleGuard.allow(expectedHttpErrors([400]));
    const newcomer = `Lantern Run ${randomUUID().slice(0, 6)}`;
    await musicBrainzOnlyArtist(page, newcomer);
    const generated = generateExport({
      targetBytes: 400_000,
      artistCount: 4,
      names: ['Amber Foxes', 'Copper Foxes', newcomer, 'Unheard Of Band Xyz'],
      shape: 'account',
    });
    await signUpFan(page);
    await page.goto('/music-services');
    const section = page.getByRole('region', { name: 'Spotify data export' });
    await expect(section).toBeVisible();

    // A file that is not a Spotify export is refused by name; nothing is counted.
    await section.getByLabel('Streaming history files').setInputFiles({
      name: 'YourLibrary.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ tracks: [], artists: [] })),
    });
    await section.getByRole('button', { name: 'Count plays and match' }).click();
    await expect(section.getByRole('alert')).toContainText('“YourLibrary.json” is not a Spotify streaming history');
    await section.getByRole('button', { name: 'Remove YourLibrary.json' }).click();

    await section.getByLabel('Streaming history files').setInputFiles({
      name: 'StreamingHistory_music_0.json',
      mimeType: 'application/json',
      buffer: Buffer.from(exportText(generated)),
    });
    await expect(section.getByRole('list', { name: 'Files' })).toContainText('StreamingHistory_music_0.json');
    await section.getByRole('button', { name: 'Count plays and match' }).click();

    const rows = section.getByRole('list', { name: 'Artists found' }).getByRole('listitem');
    await expect(rows).toHaveCount(4, { timeout: 20_000 });
    await expect(section.getByText('4 artists found')).toBeVisible();
    await expect(rows.filter({ hasText: 'Amber Foxes' })).toContainText('Exact name');
    await expect(rows.filter({ hasText: newcomer })).toContainText('Not in the catalog');
    await shot(
      page,
      `export-preview-${viewport.width}.png`,
      testInfo.outputPath(`export-preview-${viewport.width}.png`),
    );

    await section.getByRole('button', { name: 'Follow all 4' }).click();
    const bar = section.getByRole('progressbar', { name: 'Import progress' });
    await expect(bar).toBeVisible();
    await expect(section.getByRole('heading', { name: /Looking up new artists on MusicBrainz/ })).toBeVisible();
    await shot(
      page,
      `export-progress-${viewport.width}.png`,
      testInfo.outputPath(`export-progress-${viewport.width}.png`),
    );

    await expect(section.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
    const figures = section.locator('dl');
    await expect(figures).toContainText('Followed3');
    await expect(figures).toContainText('Not matched1');
    await expect(section.getByText('No confident match on MusicBrainz: 1')).toBeVisible();
    await shot(
      page,
      `export-summary-${viewport.width}.png`,
      testInfo.outputPath(`export-summary-${viewport.width}.png`),
    );

    // A reload lands on the same summary (read back from the server).
    await page.reload();
    await expect(section.getByRole('heading', { name: 'Import finished' })).toBeVisible();
    await section.getByRole('button', { name: 'Show every artist' }).click();
    const report = section.getByRole('list', { name: 'Artist report' });
    await expect(report.getByRole('listitem').filter({ hasText: newcomer })).toContainText('Followed');
    await expect(report.getByRole('listitem').filter({ hasText: 'Unheard Of Band Xyz' })).toContainText(
      'Not matched — No confident match on MusicBrainz',
    );

    await page.getByRole('link', { name: 'See My Artists' }).click();
    const followed = page.getByRole('list', { name: 'Followed artists' }).getByRole('listitem');
    await expect(followed).toHaveCount(3);
    await expect(followed.filter({ hasText: newcomer })).toHaveCount(1);
  });

  test("a fan uploads Spotify's zip as it arrives, without unzipping it", async ({ page, consoleGuard }, testInfo) => {
    test.slow();
    consoleGuard.allow(expectedHttpErrors([400]));
    const generated = generateExport({
      targetBytes: 300_000,
      artistCount: 3,
      names: ['Amber Foxes', 'Copper Foxes', 'Unheard Of Band Xyz'],
      shape: 'account',
    });
    await signUpFan(page);
    await page.goto('/music-services');
    const section = page.getByRole('region', { name: 'Spotify data export' });
    await expect(section).toContainText('no need to unzip it');

    // A zip with no streaming history in it is refused by name; nothing is counted.
    await section.getByLabel('Streaming history files').setInputFiles({
      name: 'my_spotify_data.zip',
      mimeType: 'application/zip',
      buffer: buildZip([
        { name: 'Spotify Account Data/YourLibrary.json', data: '{"tracks":[]}' },
        { name: 'Spotify Account Data/StreamingHistory_podcast_0.json', data: '[]' },
      ]),
    });
    await section.getByRole('button', { name: 'Count plays and match' }).click();
    await expect(section.getByRole('alert')).toContainText(
      '“my_spotify_data.zip” has no Spotify streaming history in it',
    );
    await shot(
      page,
      `export-zip-refused-${viewport.width}.png`,
      testInfo.outputPath(`export-zip-refused-${viewport.width}.png`),
    );
    await section.getByRole('button', { name: 'Remove my_spotify_data.zip' }).click();

    await section.getByLabel('Streaming history files').setInputFiles({
      name: 'my_spotify_data (1).zip',
      mimeType: 'application/zip',
      buffer: buildZip([
        { name: 'Spotify Account Data/', data: '', method: 'stored' },
        { name: 'Spotify Account Data/StreamingHistory_music_0.json', data: exportText(generated), descriptor: true },
        { name: 'Spotify Account Data/YourLibrary.json', data: '{"tracks":[]}' },
        { name: 'Spotify Account Data/Read_Me_First.pdf', data: Buffer.alloc(20_000, 1), method: 'stored' },
      ]),
    });
    await expect(section.getByRole('list', { name: 'Files' })).toContainText('my_spotify_data (1).zip');
    await section.getByRole('button', { name: 'Count plays and match' }).click();
    const rows = section.getByRole('list', { name: 'Artists found' }).getByRole('listitem');
    await expect(rows).toHaveCount(3, { timeout: 20_000 });
    await expect(section.getByText('3 artists found')).toBeVisible();
    await expect(rows.filter({ hasText: 'Amber Foxes' })).toContainText('Exact name');
    const plays = generated.expected.get('amber foxes')!.plays;
    await expect(rows.filter({ hasText: 'Amber Foxes' })).toContainText(`${plays.toLocaleString('en-US')} plays`);
    await shot(
      page,
      `export-zip-preview-${viewport.width}.png`,
      testInfo.outputPath(`export-zip-preview-${viewport.width}.png`),
    );
  });
});

test.describe('admin Spotify import at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an admin seeds the catalog from an artist list and keeps the report', async ({ page }, testInfo) => {
    test.slow();
    await signInViaApi(page, accounts.admin);
    await page.goto('/admin/spotify-import');
    await expect(page.getByRole('heading', { name: 'Spotify import', level: 1 })).toBeVisible();
    await page
      .getByLabel('Artists, one per line')
      .fill(
        [
          'Amber Foxes',
          VELVET_HARBOR,
          'https://open.spotify.com/artist/4GlassMeridianSpotify0',
          `Nobody Band ${randomUUID().slice(0, 6)}`,
        ].join('\n'),
      );
    await page.getByRole('button', { name: 'Match 4 artists' }).click();
    const rows = page.getByRole('list', { name: 'Artists found' }).getByRole('listitem');
    await expect(rows).toHaveCount(4, { timeout: 20_000 });
    await expect(rows.nth(0)).toContainText('Exact name');
    await shot(page, 'admin-preview-1440.png', testInfo.outputPath('admin-preview-1440.png'));
    await page.getByRole('button', { name: 'Add all 4' }).click();
    await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('MusicBrainz has no artist linked to this Spotify page')).toHaveCount(0);
    await expect(page.getByText(/No confident match on MusicBrainz: 1/)).toBeVisible();
    const imports = page.getByRole('region', { name: 'Imports' }).getByRole('listitem');
    await expect(imports.first()).toContainText('Done');
    const audit = page.getByRole('region', { name: 'Audit log' });
    await expect(audit).toContainText('spotify-import.list');
    await expect(audit).toContainText('spotify-import.run');
    await shot(page, 'admin-summary-1440.png', testInfo.outputPath('admin-summary-1440.png'));
  });
});

test.describe(`admin Spotify playlist import at ${viewport.width} px`, () => {
  test.use({ viewport });

  test('an admin pastes a playlist link, reviews its artists by tracks, and adds them', async ({
    page,
    consoleGuard,
  }, testInfo) => {
    test.slow();
    consoleGuard.allow(expectedHttpErrors([404]));
    await signInViaApi(page, accounts.admin);
    await page.goto('/admin/spotify-import');
    await page.getByRole('radio', { name: 'Spotify playlist' }).check();
    const input = page.getByLabel('Playlist link');
    await expect(input).toBeEnabled();
    await expect(page.getByText('The playlist import is not set up')).toHaveCount(0);

    // An artist link is not a playlist: said at once, nothing sent.
    await input.fill('https://open.spotify.com/artist/4GlassMeridianSpotify0');
    await expect(page.getByText('Paste a Spotify playlist link')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Read the playlist' })).toBeDisabled();
    // A playlist Spotify does not know.
    await input.fill('https://open.spotify.com/playlist/0000000000000000000000?si=x1');
    await page.getByRole('button', { name: 'Read the playlist' }).click();
    await expect(page.getByRole('alert')).toHaveText('Playlist not found or not public');

    await input.fill(`https://open.spotify.com/playlist/${FAKE_PLAYLIST_ID}?si=4c1e9a2b1d2e3f4a`);
    await page.getByRole('button', { name: 'Read the playlist' }).click();
    const rows = page.getByRole('list', { name: 'Artists found' }).getByRole('listitem');
    await expect(rows).toHaveCount(6, { timeout: 20_000 });
    await expect(page.getByText('7 tracks read')).toBeVisible();
    await expect(rows.nth(0)).toContainText('Amber Foxes');
    await expect(rows.nth(0)).toContainText('3 tracks');
    await expect(rows.nth(0)).toContainText('Exact name');
    await expect(rows.filter({ hasText: 'Nobody Knows These Fakers' })).toContainText('Not in the catalog');
    await shot(
      page,
      `admin-playlist-preview-${viewport.width}.png`,
      testInfo.outputPath(`admin-playlist-preview-${viewport.width}.png`),
    );

    await page.getByRole('button', { name: 'Add all 6' }).click();
    await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
    // Glass Meridian through MusicBrainz's Spotify link, Quartz Parade by name: only the unknown band is left.
    await expect(page.getByText(/No confident match on MusicBrainz: 1/)).toBeVisible();
    const imports = page.getByRole('region', { name: 'Imports' }).getByRole('listitem');
    await expect(imports.first()).toContainText('Spotify playlist “Lantern Nights”');
    await expect(imports.first()).toContainText('Done');
    await expect(page.getByRole('region', { name: 'Audit log' })).toContainText('spotify-import.playlist');
    await shot(
      page,
      `admin-playlist-summary-${viewport.width}.png`,
      testInfo.outputPath(`admin-playlist-summary-${viewport.width}.png`),
    );
  });
});
