import { describe, expect, it } from 'vitest';
import { predictSetlist } from './setlists.prediction.ts';

const song = (songId: string, setIndex = 0, kind: 'song' | 'tape' = 'song') => ({
  songId,
  name: songId.toUpperCase(),
  setIndex,
  kind,
  coverArtistName: null,
});

describe('predictSetlist', () => {
  it('keeps songs played at half the shows, in their usual order, encores last; tapes and empty setlists do not count', () => {
    const prediction = predictSetlist([
      { eventDate: '2025-01-04', songs: [song('intro', 0, 'tape'), song('a'), song('b'), song('c'), song('z', 1)] },
      { eventDate: '2025-01-03', songs: [song('a'), song('c'), song('b'), song('z', 1)] },
      { eventDate: '2025-01-02', songs: [song('a'), song('b'), song('r'), song('z', 1)] },
      { eventDate: '2025-01-01', songs: [song('b'), song('a'), song('z', 1)] },
      { eventDate: '2024-12-31', songs: [song('intro', 0, 'tape')] },
    ]);
    expect(prediction.showsCounted).toBe(4);
    expect(prediction.predicted.map((item) => [item.songId, item.playedAt, item.encore])).toEqual([
      ['a', 4, false],
      ['b', 4, false],
      ['c', 2, false],
      ['z', 4, true],
    ]);
    expect(prediction.rarities.map((item) => [item.songId, item.playedAt, item.lastPlayed])).toEqual([
      ['r', 1, '2025-01-02'],
    ]);
  });

  it('has no rarities before four shows, and predicts every song of a single show', () => {
    const prediction = predictSetlist([{ eventDate: '2025-01-01', songs: [song('a'), song('b')] }]);
    expect(prediction.predicted).toHaveLength(2);
    expect(prediction.rarities).toEqual([]);
  });
});
