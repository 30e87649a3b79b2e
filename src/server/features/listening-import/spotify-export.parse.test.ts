import { describe, expect, it } from 'vitest';
import { ExportFormatError, SpotifyExportCounter } from './spotify-export.parse.ts';

/** Feeds the text in pieces of `size` characters, as a network stream cuts it. */
function count(text: string, size: number) {
  const counter = new SpotifyExportCounter();
  for (let i = 0; i < text.length; i += size) counter.push(text.slice(i, i + size));
  counter.end();
  return counter;
}

const extended = JSON.stringify([
  { ts: '2026-03-14T21:07:25Z', ms_played: 1000, master_metadata_album_artist_name: 'Amber "Foxes" \\ {Live}' },
  { ts: '2026-03-14T21:08:25Z', ms_played: 2000, master_metadata_album_artist_name: 'amber "foxes" \\ {live}' },
  { ts: '2026-03-14T21:09:25Z', ms_played: 500, master_metadata_album_artist_name: null, episode_name: 'Pod' },
  {
    ts: '2026-03-14T21:10:25Z',
    ms_played: 700,
    master_metadata_album_artist_name: 'Ünïcode Bänd',
    nested: { a: [1, { b: '}' }] },
  },
]);

describe('SpotifyExportCounter', () => {
  it('counts the same per artist however the stream is cut (strings, escapes and braces across chunks)', () => {
    for (const size of [1, 2, 3, 7, 64, 100_000]) {
      const counter = count(extended, size);
      expect(counter.shape).toBe('extended');
      expect(counter.entries).toBe(4);
      expect(counter.plays).toBe(3);
      expect([...counter.counts.values()]).toEqual([
        { name: 'Amber "Foxes" \\ {Live}', plays: 2, msPlayed: 3000 },
        { name: 'Ünïcode Bänd', plays: 1, msPlayed: 700 },
      ]);
    }
  });

  it('reads the account-data shape and an empty list', () => {
    const counter = count(
      JSON.stringify([{ endTime: '2026-03-14 21:07', artistName: 'Velvet Harbor', trackName: 'x', msPlayed: 9 }]),
      5,
    );
    expect(counter.shape).toBe('account');
    expect(counter.counts.get('velvet harbor')).toEqual({ name: 'Velvet Harbor', plays: 1, msPlayed: 9 });
    expect(count(' [ ] ', 1).plays).toBe(0);
  });

  it.each([
    ['', 'it is empty'],
    ['{"tracks": []}', 'it is not a list of plays'],
    ['[1, 2]', 'it is not a list of plays'],
    ['[{"name": "x"}]', 'its entries are not Spotify plays'],
    ['[{"endTime": "x", "artistName": "a", "msPlayed": 1}', 'it ends in the middle (cut short?)'],
    ['[{"endTime": "x", "artistName": "a", "msPlayed": 1},]', 'it is not valid JSON'],
    ['[{"endTime": "x", "artistName": "a", "msPlayed": 1}] [', 'there is more after the end of the list'],
    [
      '[{"endTime": "x", "artistName": "a", "msPlayed": 1}, {"ts": "x", "ms_played": 1, "master_metadata_album_artist_name": "b"}]',
      'entry 2 is not a Spotify play',
    ],
  ])('refuses %j: %s', (text, why) => {
    expect(() => count(text, 3)).toThrow(new ExportFormatError(why));
  });
});
