import { z } from 'zod';
import type { ListeningPeriod } from '#shared/music-services.ts';
import { type CallRecorder, providerGetJson } from '../http.ts';

/**
 * Last.fm's user.getTopArtists (shared/reference/provider-apis.md §8): every number is a string,
 * `mbid` may be "", the rank sits under `@attr`. A wrong username is HTTP 404 {message, error: 6}.
 */
export const LASTFM = 'lastfm';

const PERIODS: Record<ListeningPeriod, string> = {
  week: '7day',
  month: '1month',
  quarter: '3month',
  'half-year': '6month',
  year: '12month',
  all: 'overall',
};

const count = z.union([z.string(), z.number()]).transform((value) => Number(value) || 0);

const topArtistsSchema = z.object({
  topartists: z.object({
    artist: z.array(
      z.object({
        name: z.string().min(1),
        mbid: z.string().optional(),
        playcount: count,
        '@attr': z.object({ rank: count }).optional(),
      }),
    ),
  }),
});

export interface ListenedArtist {
  rank: number;
  name: string;
  plays: number;
  mbid: string | null;
}

export type LastFmClient = ReturnType<typeof createLastFmClient>;

export function createLastFmClient(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  record: CallRecorder;
}) {
  return {
    /** The user's top artists over a period; ProviderError 'not-found' for an unknown user. */
    async topArtists(username: string, period: ListeningPeriod, limit: number): Promise<ListenedArtist[]> {
      const url = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
      url.search = new URLSearchParams({
        method: 'user.gettopartists',
        user: username,
        api_key: options.apiKey,
        format: 'json',
        period: PERIODS[period],
        limit: String(limit),
        page: '1',
      }).toString();
      const body = await providerGetJson({
        provider: LASTFM,
        operation: 'user-top-artists',
        url,
        schema: topArtistsSchema,
        timeoutMs: options.timeoutMs,
        record: options.record,
        maxAttempts: 2,
      });
      return body.topartists.artist.map((artist, index) => ({
        rank: artist['@attr']?.rank || index + 1,
        name: artist.name,
        plays: artist.playcount,
        mbid: artist.mbid || null,
      }));
    },
  };
}
