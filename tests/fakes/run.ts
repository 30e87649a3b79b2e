import { startFakeJamBase } from './jambase.ts';
import { startFakeMusicBrainz } from './musicbrainz.ts';
import { startFakeSetlistFm } from './setlistfm.ts';

/**
 * Standalone fakes for a server under manual or browser test:
 *   node --import tsx tests/fakes/run.ts
 * then MUSICBRAINZ_URL=http://127.0.0.1:4101 JAMBASE_URL=http://127.0.0.1:4102/v3 JAMBASE_API_KEY=fake-jambase-key.
 * setlist.fm: SETLISTFM_URL=http://127.0.0.1:4103/rest/1.0 SETLISTFM_API_KEY=fake-setlistfm-key.
 * Ports from FAKE_MUSICBRAINZ_PORT / FAKE_JAMBASE_PORT / FAKE_SETLISTFM_PORT. Modes: POST {url}/__fake/mode {"kind":"unavailable"}.
 */
const musicBrainz = await startFakeMusicBrainz({ port: Number(process.env.FAKE_MUSICBRAINZ_PORT ?? 4101) });
const jamBase = await startFakeJamBase({ port: Number(process.env.FAKE_JAMBASE_PORT ?? 4102) });
const setlistFm = await startFakeSetlistFm({ port: Number(process.env.FAKE_SETLISTFM_PORT ?? 4103) });
console.log(`fake MusicBrainz at ${musicBrainz.url}`);
console.log(`fake setlist.fm at ${setlistFm.url}`);
console.log(`fake JamBase at ${jamBase.url}`);

const stop = async () => {
  await Promise.all([musicBrainz.close(), jamBase.close(), setlistFm.close()]);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
