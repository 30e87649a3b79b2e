import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { ListeningPeriod, MusicPreview, MusicSource } from '#shared/music-services.ts';
import type {
  MusicConnection,
  MusicConnectionList,
  MusicProposalList,
  MusicProposalsAnswer,
  MusicSyncResult,
  SyncMode,
} from '#shared/music-services-sync.ts';

export const musicSyncKeys = {
  connections: () => ['music-services', 'connections'] as const,
  proposals: () => ['music-services', 'proposals'] as const,
};

export function connectionsQueryOptions() {
  return queryOptions({
    queryKey: musicSyncKeys.connections(),
    queryFn: ({ signal }) => apiGet<MusicConnectionList>('/api/music-services/connections', { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

export function proposalsQueryOptions() {
  return queryOptions({
    queryKey: musicSyncKeys.proposals(),
    queryFn: ({ signal }) => apiGet<MusicProposalList>('/api/music-services/proposals', { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

export function postSpotifyConnect(): Promise<{ authorizeUrl: string }> {
  return apiSend<{ authorizeUrl: string }>('POST', '/api/music-services/spotify/connect', {});
}

export function postSpotifyPreview(period: ListeningPeriod): Promise<MusicPreview> {
  return apiSend<MusicPreview>('POST', '/api/music-services/spotify/preview', { period });
}

export function postConnection(input: {
  source: MusicSource;
  username: string;
  period: ListeningPeriod;
  mode: SyncMode;
}): Promise<MusicSyncResult> {
  return apiSend<MusicSyncResult>('POST', '/api/music-services/connections', input);
}

export function patchConnection(
  id: string,
  changes: { mode?: SyncMode; period?: ListeningPeriod },
): Promise<MusicConnection> {
  return apiSend<MusicConnection>('PATCH', `/api/music-services/connections/${encodeURIComponent(id)}`, changes);
}

export function deleteConnection(id: string): Promise<MusicConnectionList> {
  return apiSend<MusicConnectionList>('DELETE', `/api/music-services/connections/${encodeURIComponent(id)}`);
}

export function postSync(id: string): Promise<MusicSyncResult> {
  return apiSend<MusicSyncResult>('POST', `/api/music-services/connections/${encodeURIComponent(id)}/sync`, {});
}

export function postProposals(answer: 'accept' | 'dismiss', artistIds: string[]): Promise<MusicProposalsAnswer> {
  return apiSend<MusicProposalsAnswer>('POST', `/api/music-services/proposals/${answer}`, { artistIds });
}
