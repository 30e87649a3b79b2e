import { z } from 'zod';
import type { ListeningPeriod } from '#shared/music-services.ts';
import { type CallRecorder, providerGetJson } from '../http.ts';
import type { ListenedArtist } from '../lastfm/lastfm.client.ts';

/**
 * ListenBrainz public user statistics: GET /1/stats/user/{user}/artists?count&offset&range — no key.
 * Answers {payload: {artists: [{artist_name, artist_mbid?, artist_mbids[], listen_count}], …}};
 * 204 No Content while the user's stats are not computed yet; 404 {code, error} for an unknown user.
 */
export const LISTENBRAINZ = 'listenbrainz';

const RANGES: Record<ListeningPeriod, string> = {
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  'half-year': 'half_yearly',
  year: 'year',
  all: 'all_time',
};

const statsSchema = z.object({
  payload: z.object({
    artists: z.array(
      z.object({
        artist_name: z.string().min(1),
        artist_mbid: z.string().nullish(),
        artist_mbids: z.array(z.string()).default([]),
        listen_count: z.number().int().nonnegative(),
      }),
    ),
    offset: z.number().int().default(0),
  }),
});

export type ListenBrainzClient = ReturnType<typeof createListenBrainzClient>;

export function createListenBrainzClient(options: {
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
  record: CallRecorder;
}) {
  return {
    /** Null when the service has no statistics for the user yet; ProviderError 'not-found' for an unknown user. */
    async topArtists(username: string, period: ListeningPeriod, limit: number): Promise<ListenedArtist[] | null> {
      const url = new URL(`${options.baseUrl.replace(/\/$/, '')}/1/stats/user/${encodeURIComponent(username)}/artists`);
      url.search = new URLSearchParams({ count: String(limit), offset: '0', range: RANGES[period] }).toString();
      const body = await providerGetJson({
        provider: LISTENBRAINZ,
        operation: 'user-top-artists',
        url,
        headers: { 'User-Agent': options.userAgent },
        schema: statsSchema.nullable(),
        noContent: null,
        timeoutMs: options.timeoutMs,
        record: options.record,
        maxAttempts: 2,
      });
      if (!body) return null;
      return body.payload.artists.map((artist, index) => ({
        rank: body.payload.offset + index + 1,
        name: artist.artist_name,
        plays: artist.listen_count,
        // A collaboration carries several ids; the first is the credited lead artist.
        mbid: artist.artist_mbid || artist.artist_mbids[0] || null,
      }));
    },
  };
}
