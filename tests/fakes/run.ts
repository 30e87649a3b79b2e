import { startFakeOpenMeteo, startFakeOverpass, startFakeWikivoyage } from './guide-fakes.ts';
import { startFakeJamBase } from './jambase.ts';
import { startFakeMusicBrainz } from './musicbrainz.ts';

/**
 * Standalone fakes for a server under manual or browser test:
 *   node --import tsx tests/fakes/run.ts
 * then MUSICBRAINZ_URL=http://127.0.0.1:4101 JAMBASE_URL=http://127.0.0.1:4102/v3 JAMBASE_API_KEY=fake-jambase-key.
 * Ports from FAKE_MUSICBRAINZ_PORT / FAKE_JAMBASE_PORT. Modes: POST {url}/__fake/mode {"kind":"unavailable"}.
 */
const musicBrainz = await startFakeMusicBrainz({ port: Number(process.env.FAKE_MUSICBRAINZ_PORT ?? 4101) });
const jamBase = await startFakeJamBase({ port: Number(process.env.FAKE_JAMBASE_PORT ?? 4102) });
console.log(`fake MusicBrainz at ${musicBrainz.url}`);
console.log(`fake JamBase at ${jamBase.url}`);
// Guide sources: OVERPASS_URL, WIKIVOYAGE_URL, OPEN_METEO_URL and OPEN_METEO_ARCHIVE_URL (the same fake).
const overpass = await startFakeOverpass({ port: Number(process.env.FAKE_OVERPASS_PORT ?? 4104) });
const wikivoyage = await startFakeWikivoyage({ port: Number(process.env.FAKE_WIKIVOYAGE_PORT ?? 4105) });
const openMeteo = await startFakeOpenMeteo({ port: Number(process.env.FAKE_OPEN_METEO_PORT ?? 4107) });
console.log(`fake Overpass at ${overpass.url}`);
console.log(`fake Wikivoyage at ${wikivoyage.url}`);
console.log(`fake Open-Meteo at ${openMeteo.url}`);

const stop = async () => {
  await Promise.all([musicBrainz.close(), jamBase.close(), overpass.close(), wikivoyage.close(), openMeteo.close()]);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
