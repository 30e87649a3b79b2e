import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { FAKE_BANDSINTOWN_KEY } from './tests/fakes/bandsintown.ts';
import { FAKE_JAMBASE_KEY } from './tests/fakes/jambase.ts';
import { FAKE_LASTFM_KEY } from './tests/fakes/listening.ts';
import { fakeProviderPorts } from './tests/fakes/ports.ts';
import { FAKE_SETLISTFM_KEY } from './tests/fakes/setlistfm.ts';
import { FAKE_SPOTIFY_CLIENT_ID, FAKE_SPOTIFY_CLIENT_SECRET } from './tests/fakes/spotify.ts';
import { FAKE_TICKETMASTER_KEY } from './tests/fakes/ticketmaster.ts';

// E2E_PORT lets two checkouts (or two people on one machine) run the suite side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
// Local fake MusicBrainz and JamBase (tests/fakes): the band search never leaves the machine.
const fakes = fakeProviderPorts(PORT);

// Debian's Chromium, with the flags this machine needs (never `playwright install`).
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's chromium-headless-shell (Chromium's old headless mode, no browser UI) runs the suite in
 * about half the CPU of the full browser, and the suite is CPU-bound on 2 cores (ADR 0048). The full
 * browser for the one thing only it does here: showing a push notification. Without the shell
 * installed, the full browser runs everything.
 */
const FULL_BROWSER = '/usr/bin/chromium';
const HEADLESS_SHELL = fs.existsSync('/usr/bin/chromium-headless-shell')
  ? '/usr/bin/chromium-headless-shell'
  : FULL_BROWSER;
const FULL_BROWSER_SPECS = ['push.spec.ts'];
const browser = (executablePath: string) => ({ launchOptions: { executablePath, args: chromiumArgs } });

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, ...browser(HEADLESS_SHELL) };

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Most of a browser test is waiting (pages, polls, the server's jobs): on 2 cores a third worker
  // cut the run by a sixth with no new failures (docs/performance.md, "Test suite").
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // Generous: a loaded 2-core machine can take a while over the first page of a fresh browser.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // A service worker answers from its caches where page.route cannot see; tests/e2e/pwa.spec.ts opts back in.
    serviceWorkers: 'block',
    // Fans who ask for less motion get still pages (the home page's stage beams stop); the suite asks
    // too: a software-drawn animation cost the browsers about a fifth of the suite's CPU (ADR 0048).
    reducedMotion: 'reduce',
  },
  projects: [
    // The home page's specs count the seeded catalog exactly; the search and notification specs add
    // artists to it. So the home page runs first, on the untouched catalog, then everything else.
    { name: 'catalog-as-seeded', testMatch: 'home.spec.ts', use: desktop },
    {
      name: 'chromium',
      testIgnore: ['home.spec.ts', 'admin-catalog.spec.ts', ...FULL_BROWSER_SPECS],
      dependencies: ['catalog-as-seeded'],
      use: desktop,
    },
    {
      name: 'full-browser',
      testMatch: FULL_BROWSER_SPECS,
      dependencies: ['catalog-as-seeded'],
      use: { ...desktop, ...browser(FULL_BROWSER) },
    },
    // The admin catalog tools add, merge and delete artists for a while: after every spec that counts them.
    {
      name: 'catalog-curation',
      testMatch: 'admin-catalog.spec.ts',
      dependencies: ['chromium', 'full-browser'],
      use: desktop,
    },
  ],
  webServer: [
    {
      command: 'node --import tsx tests/fakes/run.ts',
      url: `${fakes.musicBrainzUrl}/__fake/health`,
      env: {
        FAKE_MUSICBRAINZ_PORT: String(fakes.musicBrainzPort),
        FAKE_JAMBASE_PORT: String(fakes.jamBasePort),
        FAKE_TOUR_SITES_PORT: String(fakes.tourSitesPort),
        FAKE_INTERNAL_PORT: String(fakes.internalPort),
        FAKE_SETLISTFM_PORT: String(fakes.setlistFmPort),
        FAKE_OVERPASS_PORT: String(fakes.overpassPort),
        FAKE_WIKIVOYAGE_PORT: String(fakes.wikivoyagePort),
        FAKE_OPEN_METEO_PORT: String(fakes.openMeteoPort),
        FAKE_WIKIDATA_PORT: String(fakes.wikidataPort),
        FAKE_NOMINATIM_PORT: String(fakes.nominatimPort),
        FAKE_LASTFM_PORT: String(fakes.lastFmPort),
        FAKE_LISTENBRAINZ_PORT: String(fakes.listenBrainzPort),
        FAKE_SPOTIFY_ACCOUNTS_PORT: String(fakes.spotifyAccountsPort),
        FAKE_SPOTIFY_API_PORT: String(fakes.spotifyApiPort),
        FAKE_TICKETMASTER_PORT: String(fakes.ticketmasterPort),
        FAKE_BANDSINTOWN_PORT: String(fakes.bandsintownPort),
      },
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: 'node tests/e2e/support/start-server.mjs',
      url: `${baseURL}/healthz`,
      // The server accepts state-changing requests only from its public origin: the one the tests browse.
      env: {
        PORT: String(PORT),
        PUBLIC_URL: baseURL,
        // Cheap password hashes (src/server/auth/password-hash.ts): the suite signs up many fans.
        NODE_ENV: 'test',
        // Each test sends its own X-Forwarded-For address (support/fixtures.ts).
        TRUST_PROXY: '1',
        MUSICBRAINZ_URL: fakes.musicBrainzUrl,
        JAMBASE_URL: fakes.jamBaseUrl,
        JAMBASE_API_KEY: FAKE_JAMBASE_KEY,
        // The Donate page's buttons (admin-ops.spec.ts); its unconfigured form is checked there too.
        DONATE_LINKS: 'GitHub Sponsors|https://github.com/sponsors/example;Ko-fi|https://ko-fi.com/example',
        DONATE_MESSAGE: 'Donations pay for the server, the database and the tour-date API.',
        // The tour scraper reaches the fake sites only: an exact test-only address:port pair.
        SAFE_FETCH_TEST_ALLOW: `127.0.0.1:${fakes.tourSitesPort}`,
        // Tour-date sources merged with JamBase's (issue 24); their worlds overlap like real ones.
        BANDSINTOWN_URL: fakes.bandsintownUrl,
        BANDSINTOWN_APP_ID: FAKE_BANDSINTOWN_KEY,
        TICKETMASTER_URL: fakes.ticketmasterUrl,
        TICKETMASTER_API_KEY: FAKE_TICKETMASTER_KEY,
        SETLISTFM_URL: fakes.setlistFmUrl,
        SETLISTFM_API_KEY: FAKE_SETLISTFM_KEY,
        // Local guides' sources (tests/fakes/guide-fakes.ts), called without pauses; tiles point nowhere.
        OVERPASS_URL: fakes.overpassUrl,
        WIKIVOYAGE_URL: fakes.wikivoyageUrl,
        OPEN_METEO_URL: fakes.openMeteoUrl,
        OPEN_METEO_ARCHIVE_URL: fakes.openMeteoUrl,
        OVERPASS_INTERVAL_MS: '0',
        WIKIVOYAGE_INTERVAL_MS: '0',
        OPEN_METEO_INTERVAL_MS: '0',
        WIKIDATA_URL: fakes.wikidataUrl,
        WIKIDATA_INTERVAL_MS: '0',
        NOMINATIM_URL: fakes.nominatimUrl,
        NOMINATIM_INTERVAL_MS: '0',
        MAP_TILES_URL: `${baseURL}/no-tiles/{z}/{x}/{y}.png`,
        LASTFM_URL: fakes.lastFmUrl,
        LASTFM_API_KEY: FAKE_LASTFM_KEY,
        LISTENBRAINZ_URL: fakes.listenBrainzUrl,
        SPOTIFY_CLIENT_ID: FAKE_SPOTIFY_CLIENT_ID,
        // Only the admin's playlist import uses it (client-credentials app token).
        SPOTIFY_CLIENT_SECRET: FAKE_SPOTIFY_CLIENT_SECRET,
        SPOTIFY_ACCOUNTS_URL: fakes.spotifyAccountsUrl,
        SPOTIFY_API_URL: fakes.spotifyApiUrl,
        // Devices subscribed in the browser tests name the fake push service (test-only origin).
        PUSH_TEST_ALLOW: fakes.pushServiceUrl,
      },
      // Before listening it seeds the catalog and the accounts tests' users: two embedded-database opens.
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
