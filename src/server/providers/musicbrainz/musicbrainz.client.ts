import type { Database } from '#server/db/client.ts';
import { type CallRecorder, callLimiter, ProviderError, providerGetJson, waitForRateSlot } from '../http.ts';
import {
  type MbArtistLookup,
  mbArtistLookupSchema,
  mbArtistSearchSchema,
  mbArtistTagsSchema,
  mbUrlLookupSchema,
} from './musicbrainz.schemas.ts';

export const MUSICBRAINZ = 'musicbrainz';
/**
 * MusicBrainz allows about one request per second per source IP; beyond that it answers 503.
 * Slots are 1.1 s apart: a sleeper woken late (a busy event loop) must not land within a second
 * of the next one.
 */
export const MUSICBRAINZ_INTERVAL_MS = 1100;
/**
 * A visitor's search waits at most this long for its slot; beyond, it is refused at once (busy,
 * try again) instead of queueing: a burst of anonymous searches cannot make every later one wait.
 * Background lookups (artist images) keep waiting their turn.
 */
export const MUSICBRAINZ_SEARCH_MAX_WAIT_MS = 4_000;
/** Searches waiting or in flight per process; more are refused as busy. */
export const MUSICBRAINZ_SEARCHES_IN_FLIGHT = 6;

export interface MusicBrainzClientOptions {
  /** e.g. https://musicbrainz.org (the /ws/2 path is added here). */
  baseUrl: string;
  /** Public URL of this server: MusicBrainz asks every client to identify itself with a contact. */
  contactUrl: string;
  database: Database;
  timeoutMs: number;
  record: CallRecorder;
}

export interface MbArtistCandidate {
  mbid: string;
  name: string;
  disambiguation: string | null;
  type: string | null;
  /** ISO 3166 code ('GB'): with the type and disambiguation, tells namesakes apart. */
  country?: string | null;
  score: number;
}

export interface MbArtistDetails {
  mbid: string;
  name: string;
  disambiguation: string | null;
  type: string | null;
  genres: string[];
  officialUrl: string | null;
  wikidataUrl: string | null;
  imageUrl: string | null;
}

export interface MbVote {
  name: string;
  count: number;
}

export interface MbArtistGenres {
  mbid: string;
  name: string;
  /** Most votes first. */
  genres: MbVote[];
  tags: MbVote[];
}

const byVotes = (votes: MbVote[]) => [...votes].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

export type MusicBrainzClient = ReturnType<typeof createMusicBrainzClient>;

export function createMusicBrainzClient(options: MusicBrainzClientOptions) {
  const headers = { 'User-Agent': `TourGuides/0.1 ( ${options.contactUrl} )` };
  const base = `${options.baseUrl.replace(/\/$/, '')}/ws/2`;
  const common = {
    provider: MUSICBRAINZ,
    headers,
    timeoutMs: options.timeoutMs,
    record: options.record,
    beforeAttempt: () => waitForRateSlot(options.database, MUSICBRAINZ, MUSICBRAINZ_INTERVAL_MS),
  };
  const searchLimiter = callLimiter(MUSICBRAINZ, MUSICBRAINZ_SEARCHES_IN_FLIGHT, MUSICBRAINZ_INTERVAL_MS);

  return {
    /** Artists matching free text, best first. A visitor's search: bounded wait, refused when busy. */
    async searchArtists(text: string, limit = 5, signal?: AbortSignal): Promise<MbArtistCandidate[]> {
      const url = new URL(`${base}/artist`);
      url.search = new URLSearchParams({ query: escapeLucene(text), limit: String(limit), fmt: 'json' }).toString();
      const slot = { maxWaitMs: MUSICBRAINZ_SEARCH_MAX_WAIT_MS, signal };
      const answer = await searchLimiter(() =>
        providerGetJson({
          ...common,
          beforeAttempt: () => waitForRateSlot(options.database, MUSICBRAINZ, MUSICBRAINZ_INTERVAL_MS, slot),
          signal,
          operation: 'artist-search',
          url,
          schema: mbArtistSearchSchema,
        }),
      );
      return answer.artists.map((artist) => ({
        mbid: artist.id,
        name: artist.name,
        disambiguation: artist.disambiguation || null,
        type: artist.type ?? null,
        country: artist.country ?? null,
        score: artist.score,
      }));
    },

    /** Artists matching a name, best first: a background search (imports) that waits its turn in the 1 req/s budget. */
    async findArtists(text: string, limit = 5): Promise<MbArtistCandidate[]> {
      const url = new URL(`${base}/artist`);
      url.search = new URLSearchParams({ query: escapeLucene(text), limit: String(limit), fmt: 'json' }).toString();
      const answer = await providerGetJson({
        ...common,
        operation: 'artist-search',
        url,
        schema: mbArtistSearchSchema,
      });
      return answer.artists.map((artist) => ({
        mbid: artist.id,
        name: artist.name,
        disambiguation: artist.disambiguation || null,
        type: artist.type ?? null,
        score: artist.score,
      }));
    },

    /** The artist a web page belongs to (e.g. https://open.spotify.com/artist/…), or null when MusicBrainz knows none. */
    async artistByUrl(resource: string): Promise<{ mbid: string; name: string } | null> {
      const url = new URL(`${base}/url`);
      url.search = new URLSearchParams({ resource, inc: 'artist-rels', fmt: 'json' }).toString();
      try {
        const answer = await providerGetJson({ ...common, operation: 'url-lookup', url, schema: mbUrlLookupSchema });
        const artist = answer.relations.find((relation) => relation.artist)?.artist;
        return artist ? { mbid: artist.id, name: artist.name } : null;
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'not-found') return null;
        throw error;
      }
    },

    /** One artist with its URL relations (official site, Wikidata, image) and genres. */
    async lookupArtist(mbid: string): Promise<MbArtistDetails> {
      const url = new URL(`${base}/artist/${encodeURIComponent(mbid)}`);
      url.search = new URLSearchParams({ inc: 'url-rels+genres', fmt: 'json' }).toString();
      const answer = await providerGetJson({
        ...common,
        operation: 'artist-lookup',
        url,
        schema: mbArtistLookupSchema,
      });
      return toDetails(answer);
    },

    /** The artist's genres and tags with their vote counts (genre backfill). Waits its turn in the shared 1 req/s budget. */
    async lookupGenres(mbid: string): Promise<MbArtistGenres> {
      const url = new URL(`${base}/artist/${encodeURIComponent(mbid)}`);
      url.search = new URLSearchParams({ inc: 'genres+tags', fmt: 'json' }).toString();
      const answer = await providerGetJson({ ...common, operation: 'artist-genres', url, schema: mbArtistTagsSchema });
      return { mbid: answer.id, name: answer.name, genres: byVotes(answer.genres), tags: byVotes(answer.tags) };
    },
  };
}

function relationUrl(artist: MbArtistLookup, type: string): string | null {
  return artist.relations.find((relation) => relation.type === type)?.url?.resource ?? null;
}

function toDetails(artist: MbArtistLookup): MbArtistDetails {
  return {
    mbid: artist.id,
    name: artist.name,
    disambiguation: artist.disambiguation || null,
    type: artist.type ?? null,
    genres: artist.genres.map((genre) => genre.name),
    officialUrl: relationUrl(artist, 'official homepage'),
    wikidataUrl: relationUrl(artist, 'wikidata'),
    imageUrl: relationUrl(artist, 'image'),
  };
}

/** The search takes Lucene syntax; a band called "AC/DC" or "(hed) p.e." must be searched literally. */
export function escapeLucene(text: string): string {
  return text.replace(/[+\-&|!(){}[\]^"~*?:\\/]/g, '\\$&');
}
