import { SETLIST_LIMITS, type SetlistSongKind } from '#shared/setlists.ts';
import type { SfmSetlist } from './setlistfm.schemas.ts';

/** A setlist as our model keeps it (src/server/db/schema/setlists.ts), from one setlist.fm answer. */
export interface FetchedSetlist {
  setlistfmId: string;
  versionId: string | null;
  eventDate: string;
  artistMbid: string | null;
  artistName: string;
  venueName: string | null;
  city: string | null;
  /** The city's state or province name (setlist.fm gives one for some countries). */
  region: string | null;
  country: string | null;
  tourName: string | null;
  info: string | null;
  url: string | null;
  songs: FetchedSong[];
}

export interface FetchedSong {
  name: string;
  setIndex: number;
  setName: string | null;
  kind: SetlistSongKind;
  coverArtistName: string | null;
  coverArtistMbid: string | null;
  note: string | null;
}

/** dd-MM-yyyy → yyyy-MM-dd, and back. */
export function isoFromSetlistfmDate(value: string): string {
  const [day, month, year] = value.split('-');
  return `${year}-${month}-${day}`;
}

export function setlistfmDateFromIso(value: string): string {
  const [year, month, day] = value.split('-');
  return `${day}-${month}-${year}`;
}

const clip = (value: string | undefined | null, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/**
 * Every non-encore set is the main set (set_index 0, its name kept); encores keep their number,
 * capped at our maximum. Songs without a name (setlist.fm's "unknown song") are dropped, and a
 * setlist longer than our limit is cut, never refused: it is someone else's data.
 */
export function toFetchedSetlist(setlist: SfmSetlist): FetchedSetlist {
  const songs: FetchedSong[] = [];
  for (const set of setlist.sets?.set ?? []) {
    const setIndex = Math.min(Math.max(set.encore ?? 0, 0), SETLIST_LIMITS.maxEncores);
    for (const song of set.song) {
      const name = clip(song.name, SETLIST_LIMITS.songNameMax);
      if (!name) continue;
      const notes = [song.info?.trim(), song.with ? `with ${song.with.name}` : null].filter(Boolean).join('; ');
      songs.push({
        name,
        setIndex,
        setName: clip(set.name, SETLIST_LIMITS.songNameMax),
        kind: song.tape ? 'tape' : 'song',
        coverArtistName: clip(song.cover?.name, SETLIST_LIMITS.coverArtistMax),
        coverArtistMbid: song.cover?.mbid ?? null,
        note: clip(notes, SETLIST_LIMITS.noteMax),
      });
    }
  }
  return {
    setlistfmId: setlist.id,
    versionId: setlist.versionId ?? null,
    eventDate: isoFromSetlistfmDate(setlist.eventDate),
    artistMbid: setlist.artist.mbid ?? null,
    artistName: setlist.artist.name,
    venueName: clip(setlist.venue?.name, 300),
    city: clip(setlist.venue?.city?.name, 200),
    region: clip(setlist.venue?.city?.state, 100),
    country: clip(setlist.venue?.city?.country?.code, 10),
    tourName: clip(setlist.tour?.name, 300),
    info: clip(setlist.info, SETLIST_LIMITS.infoMax),
    url: setlist.url ?? null,
    songs: songs.slice(0, SETLIST_LIMITS.maxSongs),
  };
}
