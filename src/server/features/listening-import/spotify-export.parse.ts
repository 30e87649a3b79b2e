/**
 * Counts plays per artist in Spotify "Download your data" streaming-history files while they
 * stream in, never holding a whole file: the files are one JSON array of flat objects, so the
 * scanner only finds each object's bounds (tracking strings and nesting) and JSON.parses that one
 * object. Two shapes (../shared/reference/provider-apis.md §7c):
 * - account data `StreamingHistory*.json`: `{endTime, artistName, trackName, msPlayed}`;
 * - extended history `Streaming_History_Audio_*.json` / `endsong_*.json`: `{ts, ms_played,
 *   master_metadata_album_artist_name, …}` (null artist for podcasts and audiobooks: skipped).
 * Anything else is "not a Spotify export" (ExportFormatError), decided as early as possible.
 */

export const MAX_OBJECT_CHARS = 64 * 1024;
/** An artist name longer than this is not one (and would bloat the counts). */
const MAX_ARTIST_CHARS = 300;

export class ExportFormatError extends Error {}

export interface ArtistCount {
  name: string;
  plays: number;
  msPlayed: number;
}

export type ExportShape = 'account' | 'extended';

const SPACE = new Set([0x20, 0x0a, 0x0d, 0x09]);
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/**
 * A push parser: `push(text)` with each decoded chunk, then `end()`. Counts are keyed by the
 * artist name in lower case (the first spelling seen is kept).
 */
export class SpotifyExportCounter {
  readonly counts = new Map<string, ArtistCount>();
  shape: ExportShape | null = null;
  /** Plays of music counted (podcasts and audiobooks are not). */
  plays = 0;
  /** Entries seen, music or not. */
  entries = 0;

  /** before '[' | between items (expecting an object, ',' or ']') | inside an object | after ']' */
  private state: 'start' | 'items' | 'object' | 'done' = 'start';
  private expectItem = true;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private object = '';

  push(text: string): void {
    let i = 0;
    const length = text.length;
    while (i < length) {
      if (this.state === 'object') {
        const start = i;
        for (; i < length; i++) {
          const code = text.charCodeAt(i);
          if (this.inString) {
            if (this.escaped) this.escaped = false;
            else if (code === BACKSLASH) this.escaped = true;
            else if (code === QUOTE) this.inString = false;
          } else if (code === QUOTE) this.inString = true;
          else if (code === OPEN_BRACE || code === OPEN_BRACKET) this.depth++;
          else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
            this.depth--;
            if (this.depth === 0) {
              i++;
              break;
            }
          }
        }
        this.object += text.slice(start, i);
        if (this.object.length > MAX_OBJECT_CHARS) throw new ExportFormatError('an entry is far too long');
        if (this.depth === 0) {
          this.entry(this.object);
          this.object = '';
          this.state = 'items';
          this.expectItem = false;
        }
        continue;
      }
      const code = text.charCodeAt(i);
      i++;
      if (SPACE.has(code)) continue;
      if (this.state === 'start') {
        if (code === 0xfeff) continue;
        if (code !== OPEN_BRACKET) throw new ExportFormatError('it is not a list of plays');
        this.state = 'items';
        this.expectItem = true;
      } else if (this.state === 'items') {
        if (code === OPEN_BRACE && this.expectItem) {
          this.state = 'object';
          this.depth = 1;
          this.object = '{';
        } else if (code === COMMA && !this.expectItem) this.expectItem = true;
        else if (code === CLOSE_BRACKET && (!this.expectItem || this.entries === 0)) this.state = 'done';
        else throw new ExportFormatError(this.entries === 0 ? 'it is not a list of plays' : 'it is not valid JSON');
      } else {
        throw new ExportFormatError('there is more after the end of the list');
      }
    }
  }

  end(): void {
    if (this.state !== 'done') {
      throw new ExportFormatError(this.state === 'start' ? 'it is empty' : 'it ends in the middle (cut short?)');
    }
  }

  private entry(text: string): void {
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new ExportFormatError('it is not valid JSON');
    }
    const shape = shapeOf(value);
    if (!shape || (this.shape && shape !== this.shape)) {
      throw new ExportFormatError(
        this.entries === 0 ? 'its entries are not Spotify plays' : `entry ${this.entries + 1} is not a Spotify play`,
      );
    }
    this.shape = shape;
    this.entries++;
    const rawName = shape === 'account' ? value.artistName : value.master_metadata_album_artist_name;
    const ms = Number(shape === 'account' ? value.msPlayed : value.ms_played);
    if (typeof rawName !== 'string') return; // a podcast episode or an audiobook chapter
    const name = rawName.trim().replace(/\s+/g, ' ');
    if (name === '' || name.length > MAX_ARTIST_CHARS || name === 'Unknown Artist') return;
    const key = name.toLowerCase();
    const count = this.counts.get(key);
    if (count) {
      count.plays++;
      count.msPlayed += ms;
    } else this.counts.set(key, { name, plays: 1, msPlayed: ms });
    this.plays++;
  }
}

function shapeOf(value: unknown): ExportShape | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const entry = value as Record<string, unknown>;
  if (typeof entry.msPlayed === 'number' && 'artistName' in entry && typeof entry.endTime === 'string') {
    return 'account';
  }
  if (
    typeof entry.ms_played === 'number' &&
    'master_metadata_album_artist_name' in entry &&
    typeof entry.ts === 'string'
  ) {
    return 'extended';
  }
  return null;
}

/** Spotify's own file names; others are still parsed (renamed files happen), this is for the hint. */
export const SPOTIFY_EXPORT_NAME =
  /^(StreamingHistory(_music_)?\d*|Streaming_History_Audio_[\w-]*|endsong_\d+)\.json$/i;
