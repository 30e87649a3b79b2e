/**
 * Where the browser tests' fake providers listen: the two ports after the app's (E2E_PORT), so
 * two checkouts running side by side do not collide. Shared by playwright.config.ts and the specs.
 */
export function fakeProviderPorts(appPort: number) {
  return {
    musicBrainzPort: appPort + 1,
    jamBasePort: appPort + 2,
    musicBrainzUrl: `http://127.0.0.1:${appPort + 1}`,
    jamBaseUrl: `http://127.0.0.1:${appPort + 2}/v3`,
    setlistFmPort: appPort + 3,
    setlistFmUrl: `http://127.0.0.1:${appPort + 3}/rest/1.0`,
  };
}
