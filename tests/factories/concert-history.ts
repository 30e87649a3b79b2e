import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  replaceSetlistSongs,
  type SongLine,
  upsertOwnSetlist,
  upsertSetlistFmCopy,
} from '#server/features/setlists/setlists.repo.ts';

/**
 * Setlists for stats and History tests, written through the setlists feature's own repository
 * (a setlist.fm copy, or a fan's own). A song line is 'Name', 'tape:Name' (never counts) or
 * 'Name|cover:Original Artist'; '--' starts the next encore.
 */
export async function insertSetlist(
  database: Database,
  input: { stopId: string; source: 'setlistfm' | 'user'; ownerId?: string; lines: string[] },
): Promise<string> {
  const [stop] = (
    (await database.db.execute(
      sql`select s.artist_id as "artistId", s.event_date::text as "eventDate", a.name as "artistName",
                 a.slug as "artistSlug", a.mbid as "artistMbid", v.name as "venueName", v.city, v.country,
                 t.name as "tourName"
          from tour_stops s join artists a on a.id = s.artist_id join venues v on v.id = s.venue_id
          join tours t on t.id = s.tour_id where s.id = ${input.stopId}`,
    )) as unknown as {
      rows: {
        artistId: string;
        eventDate: string;
        artistName: string;
        artistSlug: string;
        artistMbid: string | null;
        venueName: string;
        city: string;
        country: string;
        tourName: string;
      }[];
    }
  ).rows;
  if (!stop) throw new Error(`no stop ${input.stopId}`);
  const lines: SongLine[] = [];
  let setIndex = 0;
  for (const line of input.lines) {
    if (line === '--') {
      setIndex += 1;
      continue;
    }
    const [name, cover] = line.replace(/^tape:/, '').split('|cover:') as [string, string | undefined];
    lines.push({
      name,
      setIndex,
      kind: line.startsWith('tape:') ? 'tape' : 'song',
      coverArtistName: cover ?? null,
      note: null,
    });
  }
  return database.db.transaction(async (tx) => {
    const id =
      input.source === 'user'
        ? await upsertOwnSetlist(tx, { stopId: input.stopId, ...stop }, input.ownerId!, null)
        : (
            await upsertSetlistFmCopy(tx, {
              setlistfmId: `fm-${input.stopId}`,
              versionId: 'v1',
              stopId: input.stopId,
              artistId: stop.artistId,
              eventDate: stop.eventDate,
              venueName: stop.venueName,
              city: stop.city,
              country: stop.country,
              tourName: stop.tourName,
              info: null,
              url: null,
            })
          ).id;
    await replaceSetlistSongs(tx, id, stop.artistId, lines);
    return id;
  });
}

type VenueKey = 'paradise' | 'palladium' | 'fillmore' | 'brudenell' | 'paradiso' | 'orpheum';
export const FIXTURE_VENUES: Record<
  VenueKey,
  { venue: string; city: string; region?: string; country: string; lat: number; lon: number }
> = {
  paradise: { venue: 'Paradise', city: 'Boston', region: 'MA', country: 'US', lat: 42.3519, lon: -71.1185 },
  palladium: { venue: 'The Palladium', city: 'Worcester', region: 'MA', country: 'US', lat: 42.2626, lon: -71.8023 },
  fillmore: { venue: 'The Fillmore', city: 'San Francisco', region: 'CA', country: 'US', lat: 37.784, lon: -122.4331 },
  brudenell: { venue: 'Brudenell Social Club', city: 'Leeds', country: 'GB', lat: 53.8185, lon: -1.5759 },
  paradiso: { venue: 'Paradiso', city: 'Amsterdam', country: 'NL', lat: 52.3622, lon: 4.8838 },
  orpheum: { venue: 'Boston Orpheum', city: 'Boston', region: 'MA', country: 'US', lat: 42.3557, lon: -71.0616 },
};

/** A = Northern Lanterns, B = Velvet Harbour, C = Amber Skies, D = Copper Tide, E = Glass Rivers. */
export const FIXTURE_ARTISTS = {
  A: 'Northern Lanterns',
  B: 'Velvet Harbour',
  C: 'Amber Skies',
  D: 'Copper Tide',
  E: 'Glass Rivers',
} as const;
type ArtistKey = keyof typeof FIXTURE_ARTISTS;

/**
 * The fan's 40 attended shows over 2022–2024: [date, venue, artists marked I was there]. Co-bills
 * on 2022-03-05, 2023-02-11, 2023-12-16 and 2024-06-22. Every figure the stats tests expect is
 * worked out by hand from this list (see stats.api.test.ts).
 */
export const FIXTURE_SHOWS: [string, VenueKey, ArtistKey[]][] = [
  ['2022-01-15', 'paradise', ['A']],
  ['2022-02-10', 'palladium', ['B']],
  ['2022-03-05', 'paradise', ['A', 'B']],
  ['2022-04-20', 'fillmore', ['C']],
  ['2022-05-14', 'paradise', ['D']],
  ['2022-06-18', 'orpheum', ['A']],
  ['2022-06-25', 'palladium', ['C']],
  ['2022-07-09', 'paradise', ['B']],
  ['2022-09-03', 'brudenell', ['A']],
  ['2022-10-22', 'paradiso', ['A']],
  ['2022-11-12', 'paradise', ['C']],
  ['2022-12-03', 'orpheum', ['B']],
  ['2023-01-21', 'paradise', ['A']],
  ['2023-02-11', 'palladium', ['A', 'C']],
  ['2023-03-18', 'paradise', ['B']],
  ['2023-03-25', 'orpheum', ['D']],
  ['2023-04-08', 'fillmore', ['A']],
  ['2023-05-06', 'paradise', ['C']],
  ['2023-05-13', 'palladium', ['B']],
  ['2023-05-27', 'orpheum', ['A']],
  ['2023-06-10', 'paradise', ['D']],
  ['2023-08-19', 'brudenell', ['B']],
  ['2023-09-09', 'paradise', ['A']],
  ['2023-10-14', 'paradiso', ['C']],
  ['2023-11-04', 'palladium', ['A']],
  ['2023-12-16', 'paradise', ['B', 'D']],
  ['2024-01-13', 'paradise', ['C']],
  ['2024-02-17', 'orpheum', ['A']],
  ['2024-03-09', 'palladium', ['B']],
  ['2024-04-13', 'paradise', ['A']],
  ['2024-04-27', 'fillmore', ['D']],
  ['2024-05-18', 'paradise', ['B']],
  ['2024-06-08', 'orpheum', ['C']],
  ['2024-06-22', 'paradise', ['A', 'E']],
  ['2024-07-13', 'palladium', ['D']],
  ['2024-08-10', 'paradise', ['B']],
  ['2024-09-14', 'brudenell', ['A']],
  ['2024-10-12', 'paradise', ['C']],
  ['2024-11-09', 'paradiso', ['B']],
  ['2024-12-14', 'paradise', ['A']],
];

/** Catalog stops the fan did not attend: on a bill, cancelled, missed, still Going, or never marked. */
export const FIXTURE_OTHER_STOPS: [string, VenueKey, ArtistKey, string][] = [
  ['2023-04-08', 'fillmore', 'C', 'on the bill, not marked'],
  ['2023-07-01', 'fillmore', 'A', 'not attended, has a setlist'],
  ['2024-03-23', 'paradise', 'A', 'attended, then cancelled'],
  ['2024-05-25', 'palladium', 'C', 'missed'],
  ['2024-12-20', 'orpheum', 'D', 'going, date passed'],
];

/** Catalog entries for every fixture stop: one tour per artist and year. */
export function fixtureCatalog() {
  const byArtist = new Map<ArtistKey, Map<string, { date: string; venue: VenueKey }[]>>();
  const add = (artist: ArtistKey, date: string, venue: VenueKey) => {
    const years = byArtist.get(artist) ?? new Map();
    const year = date.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), { date, venue }]);
    byArtist.set(artist, years);
  };
  for (const [date, venue, artists] of FIXTURE_SHOWS) for (const artist of artists) add(artist, date, venue);
  for (const [date, venue, artist] of FIXTURE_OTHER_STOPS) add(artist, date, venue);
  return [...byArtist].map(([artist, years]) => ({
    name: FIXTURE_ARTISTS[artist],
    tours: [...years].map(([year, stops]) => ({
      name: `${FIXTURE_ARTISTS[artist]} ${year} Tour`,
      stops: stops.map((stop) => ({ date: stop.date, ...FIXTURE_VENUES[stop.venue] })),
    })),
  }));
}
