/**
 * Where the browser tests' fake providers listen: the ports after the app's (E2E_PORT, +1 to +17), so
 * two checkouts running side by side do not collide. Shared by playwright.config.ts and the specs.
 */
export function fakeProviderPorts(appPort: number) {
  return {
    musicBrainzPort: appPort + 1,
    jamBasePort: appPort + 2,
    musicBrainzUrl: `http://127.0.0.1:${appPort + 1}`,
    jamBaseUrl: `http://127.0.0.1:${appPort + 2}/v3`,
    // Tour scraper (issue 17): fake web sites, and a "private" server no fetch may ever reach.
    tourSitesPort: appPort + 9,
    tourSitesUrl: `http://127.0.0.1:${appPort + 9}`,
    internalPort: appPort + 10,
    internalUrl: `http://127.0.0.1:${appPort + 10}`,
    setlistFmPort: appPort + 3,
    setlistFmUrl: `http://127.0.0.1:${appPort + 3}/rest/1.0`,
    // Local guides (issue 13): +4 Overpass, +5 Wikivoyage, +6 Wikidata, +7 Open-Meteo, +8 chat completions.
    overpassPort: appPort + 4,
    wikivoyagePort: appPort + 5,
    openMeteoPort: appPort + 7,
    wikidataPort: appPort + 6,
    wikidataUrl: `http://127.0.0.1:${appPort + 6}`,
    nominatimPort: appPort + 15,
    nominatimUrl: `http://127.0.0.1:${appPort + 15}`,
    overpassUrl: `http://127.0.0.1:${appPort + 4}/api/interpreter`,
    wikivoyageUrl: `http://127.0.0.1:${appPort + 5}/w/api.php`,
    openMeteoUrl: `http://127.0.0.1:${appPort + 7}`,
    // Music services (issue 15): fake Spotify (accounts and Web API), Last.fm and ListenBrainz.
    spotifyAccountsPort: appPort + 11,
    spotifyAccountsUrl: `http://127.0.0.1:${appPort + 11}`,
    spotifyApiPort: appPort + 12,
    spotifyApiUrl: `http://127.0.0.1:${appPort + 12}/v1`,
    lastFmPort: appPort + 13,
    lastFmUrl: `http://127.0.0.1:${appPort + 13}/2.0/`,
    listenBrainzPort: appPort + 14,
    listenBrainzUrl: `http://127.0.0.1:${appPort + 14}`,
    // Tour-date sources beside JamBase (issue 24): Ticketmaster Discovery v2 and Bandsintown v3.
    ticketmasterPort: appPort + 16,
    ticketmasterUrl: `http://127.0.0.1:${appPort + 16}/discovery/v2`,
    bandsintownPort: appPort + 17,
    bandsintownUrl: `http://127.0.0.1:${appPort + 17}`,
    // Web Push (issue 29): the fake push service a browser test starts itself (tests/e2e/push.spec.ts).
    pushServicePort: appPort + 18,
    pushServiceUrl: `http://127.0.0.1:${appPort + 18}`,
  };
}
