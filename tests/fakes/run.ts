import { FAKE_BANDSINTOWN_KEY, startFakeBandsintown } from './bandsintown.ts';
import { latencyFromEnv } from './fake-server.ts';
import {
  startFakeNominatim,
  startFakeOpenMeteo,
  startFakeOverpass,
  startFakeWikidata,
  startFakeWikivoyage,
} from './guide-fakes.ts';
import { startFakeJamBase } from './jambase.ts';
import { startFakeLastFm, startFakeListenBrainz } from './listening.ts';
import { startFakeMusicBrainz } from './musicbrainz.ts';
import { startFakeSetlistFm } from './setlistfm.ts';
import { startFakeSpotify } from './spotify.ts';
import { FAKE_TICKETMASTER_KEY, startFakeTicketmaster } from './ticketmaster.ts';
import { startFakeInternal, startFakeTourSites } from './tour-sites.ts';

/**
 * Standalone fakes for a server under manual or browser test:
 *   node --import tsx tests/fakes/run.ts
 * then MUSICBRAINZ_URL=http://127.0.0.1:4101 JAMBASE_URL=http://127.0.0.1:4102/v3 JAMBASE_API_KEY=fake-jambase-key.
 * setlist.fm: SETLISTFM_URL=http://127.0.0.1:4103/rest/1.0 SETLISTFM_API_KEY=fake-setlistfm-key.
 * Ticketmaster: TICKETMASTER_URL=http://127.0.0.1:4116/discovery/v2 TICKETMASTER_API_KEY=fake-ticketmaster-key.
 * Bandsintown: BANDSINTOWN_URL=http://127.0.0.1:4117 BANDSINTOWN_APP_ID=fake-bandsintown-app.
 * Ports from FAKE_MUSICBRAINZ_PORT / FAKE_JAMBASE_PORT / FAKE_SETLISTFM_PORT. Modes: POST {url}/__fake/mode {"kind":"unavailable"}.
 * FAKE_LATENCY_MS=80-400 gives the tour-date sources a real provider's latency (random in the range).
 */
const latencyMs = latencyFromEnv(process.env.FAKE_LATENCY_MS);
const musicBrainz = await startFakeMusicBrainz({ port: Number(process.env.FAKE_MUSICBRAINZ_PORT ?? 4101) });
const jamBase = await startFakeJamBase({ port: Number(process.env.FAKE_JAMBASE_PORT ?? 4102) });
const ticketmaster = await startFakeTicketmaster({
  port: Number(process.env.FAKE_TICKETMASTER_PORT ?? 4116),
  latencyMs,
});
const bandsintown = await startFakeBandsintown({ port: Number(process.env.FAKE_BANDSINTOWN_PORT ?? 4117), latencyMs });
console.log(`fake Ticketmaster at ${ticketmaster.url} (TICKETMASTER_API_KEY=${FAKE_TICKETMASTER_KEY})`);
console.log(`fake Bandsintown at ${bandsintown.url} (BANDSINTOWN_APP_ID=${FAKE_BANDSINTOWN_KEY})`);
const internal = await startFakeInternal({ port: Number(process.env.FAKE_INTERNAL_PORT ?? 4110) });
const tourSites = await startFakeTourSites({
  port: Number(process.env.FAKE_TOUR_SITES_PORT ?? 4109),
  internalUrl: `${internal.url}/latest/meta-data/`,
});
const lastFm = await startFakeLastFm({ port: Number(process.env.FAKE_LASTFM_PORT ?? 4113) });
const listenBrainz = await startFakeListenBrainz({ port: Number(process.env.FAKE_LISTENBRAINZ_PORT ?? 4114) });
console.log(`fake Last.fm at ${lastFm.url} (LASTFM_API_KEY=fake-lastfm-key), fake ListenBrainz at ${listenBrainz.url}`);
const spotify = await startFakeSpotify({
  accountsPort: Number(process.env.FAKE_SPOTIFY_ACCOUNTS_PORT ?? 4111),
  apiPort: Number(process.env.FAKE_SPOTIFY_API_PORT ?? 4112),
});
console.log(
  `fake Spotify: SPOTIFY_ACCOUNTS_URL=${spotify.accountsUrl} SPOTIFY_API_URL=${spotify.apiUrl} SPOTIFY_CLIENT_ID=fake-spotify-client-id SPOTIFY_CLIENT_SECRET=fake-spotify-client-secret-3b9f`,
);
console.log(`fake tour sites at ${tourSites.url} (private server at ${internal.url})`);
const setlistFm = await startFakeSetlistFm({ port: Number(process.env.FAKE_SETLISTFM_PORT ?? 4103) });
console.log(`fake MusicBrainz at ${musicBrainz.url}`);
console.log(`fake setlist.fm at ${setlistFm.url}`);
console.log(`fake JamBase at ${jamBase.url}`);
// Guide sources: OVERPASS_URL, WIKIVOYAGE_URL, OPEN_METEO_URL and OPEN_METEO_ARCHIVE_URL (the same fake).
const overpass = await startFakeOverpass({ port: Number(process.env.FAKE_OVERPASS_PORT ?? 4104) });
const wikivoyage = await startFakeWikivoyage({ port: Number(process.env.FAKE_WIKIVOYAGE_PORT ?? 4105) });
const openMeteo = await startFakeOpenMeteo({ port: Number(process.env.FAKE_OPEN_METEO_PORT ?? 4107) });
const wikidata = await startFakeWikidata({ port: Number(process.env.FAKE_WIKIDATA_PORT ?? 4106) });
const nominatim = await startFakeNominatim({ port: Number(process.env.FAKE_NOMINATIM_PORT ?? 4115) });
console.log(`fake Wikidata at ${wikidata.url} (WIKIDATA_URL), fake Nominatim at ${nominatim.url} (NOMINATIM_URL)`);
console.log(`fake Overpass at ${overpass.url}`);
console.log(`fake Wikivoyage at ${wikivoyage.url}`);
console.log(`fake Open-Meteo at ${openMeteo.url}`);

const stop = async () => {
  await Promise.all([
    musicBrainz.close(),
    jamBase.close(),
    ticketmaster.close(),
    bandsintown.close(),
    tourSites.close(),
    internal.close(),
    setlistFm.close(),
    overpass.close(),
    wikivoyage.close(),
    openMeteo.close(),
    wikidata.close(),
    nominatim.close(),
    lastFm.close(),
    listenBrainz.close(),
    spotify.close(),
  ]);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
