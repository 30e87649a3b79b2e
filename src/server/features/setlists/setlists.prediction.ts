import type { PredictedSong, RareSong, SetlistSongKind } from '#shared/setlists.ts';

export interface PredictionInput {
  eventDate: string;
  songs: { songId: string; name: string; setIndex: number; kind: SetlistSongKind; coverArtistName: string | null }[];
}

export interface Prediction {
  showsCounted: number;
  predicted: PredictedSong[];
  rarities: RareSong[];
}

const MAX_PREDICTED = 30;
const MAX_RARITIES = 15;

interface Tally {
  songId: string;
  name: string;
  coverArtistName: string | null;
  playedAt: number;
  encores: number;
  positions: number[];
  lastPlayed: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The next show's likely setlist from a tour's setlists: every song played at half the shows or
 * more, in its usual place (the median of its relative positions; encores after the main set),
 * with how many shows it was played at. Rarities: songs played at a quarter of the shows or fewer
 * (once at least four shows are known). Tapes and empty setlists do not count.
 */
export function predictSetlist(setlists: PredictionInput[]): Prediction {
  const counted = setlists.filter((setlist) => setlist.songs.some((song) => song.kind === 'song'));
  const tallies = new Map<string, Tally>();
  for (const setlist of counted) {
    const songs = setlist.songs.filter((song) => song.kind === 'song');
    const seen = new Set<string>();
    songs.forEach((song, index) => {
      if (seen.has(song.songId)) return;
      seen.add(song.songId);
      const tally = tallies.get(song.songId) ?? {
        songId: song.songId,
        name: song.name,
        coverArtistName: song.coverArtistName,
        playedAt: 0,
        encores: 0,
        positions: [],
        lastPlayed: setlist.eventDate,
      };
      tally.playedAt += 1;
      if (song.setIndex > 0) tally.encores += 1;
      tally.positions.push(songs.length > 1 ? index / (songs.length - 1) : 0);
      if (setlist.eventDate > tally.lastPlayed) tally.lastPlayed = setlist.eventDate;
      tallies.set(song.songId, tally);
    });
  }
  const shows = counted.length;
  const all = [...tallies.values()];
  const predicted = all
    .filter((tally) => tally.playedAt * 2 >= shows)
    .map((tally) => ({
      songId: tally.songId,
      name: tally.name,
      playedAt: tally.playedAt,
      coverArtistName: tally.coverArtistName,
      usualPosition: median(tally.positions),
      encore: tally.encores * 2 > tally.playedAt,
    }))
    .sort((a, b) => Number(a.encore) - Number(b.encore) || a.usualPosition - b.usualPosition || b.playedAt - a.playedAt)
    .slice(0, MAX_PREDICTED);
  const rareAt = Math.max(1, Math.floor(shows / 4));
  const rarities =
    shows < 4
      ? []
      : all
          .filter((tally) => tally.playedAt <= rareAt)
          .sort(
            (a, b) =>
              a.playedAt - b.playedAt || b.lastPlayed.localeCompare(a.lastPlayed) || a.name.localeCompare(b.name),
          )
          .slice(0, MAX_RARITIES)
          .map((tally) => ({
            songId: tally.songId,
            name: tally.name,
            playedAt: tally.playedAt,
            lastPlayed: tally.lastPlayed,
          }));
  return { showsCounted: shows, predicted, rarities };
}
