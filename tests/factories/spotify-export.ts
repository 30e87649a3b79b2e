/**
 * Generated Spotify streaming-history exports (../shared/reference/provider-apis.md §7c), produced
 * as a stream of text chunks so a 100 MB file never exists whole in memory. Artist i is called
 * `bandName(i)` (or the given names) and gets plays in a long-tail distribution; the
 * expected counts are returned for checking the server's.
 */

export interface GeneratedExport {
  /** Text chunks of one JSON array. */
  chunks: () => Generator<string>;
  /** Name (lower case) → plays, for the whole file. */
  expected: Map<string, { plays: number; msPlayed: number }>;
  entries: number;
}

const PLATFORMS = ['android', 'ios', 'windows', 'Android OS 12 API 32 (Google, Pixel 6)'];

const FIRST =
  'Amber Velvet Copper Neon Silver Crimson Hollow Northern Paper Golden Midnight Quiet Static Marble Broken Electric Wild Glass Iron Lunar Scarlet Distant Frozen Sunday Violet'.split(
    ' ',
  );
const SECOND =
  'Harbor Foxes Lanterns Meridian Tides Parade Ghosts Rivers Owls Engines Gardens Echoes Wolves Satellites Orchards Mirrors Canyons Sparrows Towers Comets Islands Horses Bridges Forests Radios'.split(
    ' ',
  );
const THIRD = ['', 'Collective', 'Society', 'Orchestra', 'Club', 'Revue', 'Ensemble', 'Trio'];

/** 5,000 distinct names that look like band names (25 × 25 × 8), for data where matching is realistic. */
export function bandName(i: number): string {
  const first = FIRST[i % 25]!;
  const second = SECOND[Math.floor(i / 25) % 25]!;
  const third = THIRD[Math.floor(i / 625) % 8]!;
  const round = Math.floor(i / 5000);
  return [first, second, third, round > 0 ? String(round + 1) : ''].filter(Boolean).join(' ');
}

function extendedEntry(artist: string, index: number, ms: number): string {
  const second = index % 60;
  return JSON.stringify({
    ts: `2025-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}T21:07:${String(second).padStart(2, '0')}Z`,
    platform: PLATFORMS[index % PLATFORMS.length],
    ms_played: ms,
    conn_country: 'GB',
    ip_addr: '203.0.113.9',
    master_metadata_track_name: `Track ${index % 97} "live" \\ take`,
    master_metadata_album_artist_name: artist,
    master_metadata_album_album_name: `Album ${index % 13}`,
    spotify_track_uri: `spotify:track:1AbCdEfGhIjKlMnOp${String(index % 100000).padStart(5, '0')}`,
    episode_name: null,
    episode_show_name: null,
    spotify_episode_uri: null,
    audiobook_title: null,
    audiobook_uri: null,
    audiobook_chapter_uri: null,
    audiobook_chapter_title: null,
    reason_start: 'clickrow',
    reason_end: 'trackdone',
    shuffle: index % 3 === 0,
    skipped: false,
    offline: false,
    offline_timestamp: 1773522445 + index,
    incognito_mode: false,
  });
}

function accountEntry(artist: string, index: number, ms: number): string {
  return JSON.stringify({
    endTime: `2026-03-${String((index % 28) + 1).padStart(2, '0')} 21:${String(index % 60).padStart(2, '0')}`,
    artistName: artist,
    trackName: `Track ${index % 97}`,
    msPlayed: ms,
  });
}

/**
 * About `targetBytes` of history over `artistCount` artists (the first ones most played); every
 * 50th entry is a podcast episode (null artist), which must not be counted.
 */
export function generateExport(options: {
  targetBytes: number;
  artistCount: number;
  names?: string[];
  shape?: 'extended' | 'account';
}): GeneratedExport {
  const shape = options.shape ?? 'extended';
  const entryBytes = shape === 'extended' ? 640 : 130;
  const entries = Math.max(options.artistCount, Math.round(options.targetBytes / entryBytes));
  const nameOf = (i: number) => options.names?.[i] ?? bandName(i);
  const expected = new Map<string, { plays: number; msPlayed: number }>();
  // Every artist at least once, then a long tail: entry k goes to artist floor(n * u^3).
  const artistFor = (k: number) => {
    if (k < options.artistCount) return k;
    const u = ((k * 2654435761) % 1_000_003) / 1_000_003;
    return Math.floor(options.artistCount * u * u * u);
  };
  for (let k = 0; k < entries; k++) {
    if (k % 50 === 49) continue;
    const name = nameOf(artistFor(k));
    const count = expected.get(name.toLowerCase()) ?? { plays: 0, msPlayed: 0 };
    count.plays++;
    count.msPlayed += 30_000 + (k % 200_000);
    expected.set(name.toLowerCase(), count);
  }
  function* chunks(): Generator<string> {
    yield '[\n';
    let buffer = '';
    for (let k = 0; k < entries; k++) {
      const ms = 30_000 + (k % 200_000);
      let entry: string;
      if (k % 50 === 49) {
        entry =
          shape === 'extended'
            ? JSON.stringify({
                ts: '2025-01-01T00:00:00Z',
                ms_played: ms,
                master_metadata_album_artist_name: null,
                episode_name: 'Episode',
                episode_show_name: 'A Podcast',
              })
            : JSON.stringify({
                endTime: '2026-03-01 00:00',
                artistName: 'Unknown Artist',
                trackName: 'x',
                msPlayed: ms,
              });
      } else
        entry =
          shape === 'extended' ? extendedEntry(nameOf(artistFor(k)), k, ms) : accountEntry(nameOf(artistFor(k)), k, ms);
      buffer += (k === 0 ? '' : ',\n') + entry;
      if (buffer.length > 256 * 1024) {
        yield buffer;
        buffer = '';
      }
    }
    yield `${buffer}\n]\n`;
  }
  return { chunks, expected, entries };
}

/** The chunks as a request body stream (UTF-8). */
export function exportStream(generated: GeneratedExport): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = generated.chunks();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}

export function exportText(generated: GeneratedExport): string {
  return [...generated.chunks()].join('');
}
