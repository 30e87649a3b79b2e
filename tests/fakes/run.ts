import { startFakeJamBase } from './jambase.ts';
import { startFakeLastFm, startFakeListenBrainz } from './listening.ts';
import { startFakeMusicBrainz } from './musicbrainz.ts';
import { startFakeInternal, startFakeTourSites } from './tour-sites.ts';

/**
 * Standalone fakes for a server under manual or browser test:
 *   node --import tsx tests/fakes/run.ts
 * then MUSICBRAINZ_URL=http://127.0.0.1:4101 JAMBASE_URL=http://127.0.0.1:4102/v3 JAMBASE_API_KEY=fake-jambase-key.
 * Ports from FAKE_MUSICBRAINZ_PORT / FAKE_JAMBASE_PORT. Modes: POST {url}/__fake/mode {"kind":"unavailable"}.
 */
const musicBrainz = await startFakeMusicBrainz({ port: Number(process.env.FAKE_MUSICBRAINZ_PORT ?? 4101) });
const jamBase = await startFakeJamBase({ port: Number(process.env.FAKE_JAMBASE_PORT ?? 4102) });
const internal = await startFakeInternal({ port: Number(process.env.FAKE_INTERNAL_PORT ?? 4110) });
const tourSites = await startFakeTourSites({
  port: Number(process.env.FAKE_TOUR_SITES_PORT ?? 4109),
  internalUrl: `${internal.url}/latest/meta-data/`,
});
const lastFm = await startFakeLastFm({ port: Number(process.env.FAKE_LASTFM_PORT ?? 4113) });
const listenBrainz = await startFakeListenBrainz({ port: Number(process.env.FAKE_LISTENBRAINZ_PORT ?? 4114) });
console.log(`fake Last.fm at ${lastFm.url} (LASTFM_API_KEY=fake-lastfm-key), fake ListenBrainz at ${listenBrainz.url}`);
console.log(`fake tour sites at ${tourSites.url} (private server at ${internal.url})`);
console.log(`fake MusicBrainz at ${musicBrainz.url}`);
console.log(`fake JamBase at ${jamBase.url}`);

const stop = async () => {
  await Promise.all([musicBrainz.close(), jamBase.close(), tourSites.close(), internal.close()]);
  await Promise.all([lastFm.close(), listenBrainz.close()]);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
