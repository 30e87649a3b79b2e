import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type {
  ImportSource,
  ListeningPeriod,
  MusicExcludeList,
  MusicFollowResult,
  MusicPreview,
  MusicSource,
} from '#shared/music-services.ts';

export const musicServicesKeys = {
  excludes: () => ['music-services', 'excludes'] as const,
};

export function excludesQueryOptions() {
  return queryOptions({
    queryKey: musicServicesKeys.excludes(),
    queryFn: ({ signal }) => apiGet<MusicExcludeList>('/api/music-services/excludes', { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

export function postPreview(input: {
  source: MusicSource;
  username: string;
  period: ListeningPeriod;
  limit: number;
}): Promise<MusicPreview> {
  return apiSend<MusicPreview>('POST', '/api/music-services/preview', input);
}

export function postFollow(source: ImportSource, artistIds: string[]): Promise<MusicFollowResult> {
  return apiSend<MusicFollowResult>('POST', '/api/music-services/follow', { source, artistIds });
}

export function deleteExclude(artistId: string): Promise<MusicExcludeList> {
  return apiSend<MusicExcludeList>('DELETE', `/api/music-services/excludes/${encodeURIComponent(artistId)}`);
}
