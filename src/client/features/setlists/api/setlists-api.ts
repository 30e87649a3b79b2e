import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, apiSend } from '#client/lib/api-client.ts';
import type { ArtistSetlistsView, StopSetlistsView } from '#shared/setlists.ts';

/** What the editor sends: the whole setlist, in order (validated again on the server). */
export interface OwnSetlistBody {
  songs: {
    name: string;
    setIndex: number;
    kind: 'song' | 'tape';
    coverArtistName: string | null;
    note: string | null;
  }[];
  info: string | null;
}

export const setlistKeys = {
  stop: (stopId: string) => ['setlists', 'stop', stopId] as const,
  artist: (slug: string) => ['setlists', 'artist', slug] as const,
};

export function stopSetlistsQueryOptions(stopId: string) {
  return queryOptions({
    queryKey: setlistKeys.stop(stopId),
    queryFn: ({ signal }) => apiGet<StopSetlistsView>(`/api/setlists/stops/${encodeURIComponent(stopId)}`, { signal }),
  });
}

export function useStopSetlists(stopId: string, enabled = true) {
  return useQuery({ ...stopSetlistsQueryOptions(stopId), enabled: enabled && stopId !== '' });
}

export function artistSetlistsQueryOptions(slug: string) {
  return queryOptions({
    queryKey: setlistKeys.artist(slug),
    queryFn: ({ signal }) =>
      apiGet<ArtistSetlistsView>(`/api/setlists/artists/${encodeURIComponent(slug)}`, { signal }),
  });
}

export function useArtistSetlists(slug: string) {
  return useQuery({ ...artistSetlistsQueryOptions(slug), enabled: slug !== '' });
}

export function useSaveOwnSetlist(stopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnSetlistBody) =>
      apiSend<StopSetlistsView>('PUT', `/api/setlists/stops/${encodeURIComponent(stopId)}/mine`, body),
    onSuccess: (view) => {
      queryClient.setQueryData(setlistKeys.stop(stopId), view);
      void queryClient.invalidateQueries({ queryKey: ['setlists', 'artist'] });
    },
  });
}

export function useDeleteOwnSetlist(stopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await apiRequest('DELETE', `/api/setlists/stops/${encodeURIComponent(stopId)}/mine`);
      return (await response.json()) as StopSetlistsView;
    },
    onSuccess: (view) => {
      queryClient.setQueryData(setlistKeys.stop(stopId), view);
      void queryClient.invalidateQueries({ queryKey: ['setlists', 'artist'] });
    },
  });
}

/** The artist's known songs matching the typed text, most played first. */
export async function suggestSongs(artistId: string, text: string, signal?: AbortSignal): Promise<string[]> {
  const { songs } = await apiGet<{ songs: { name: string }[] }>(
    `/api/setlists/artist-songs/${encodeURIComponent(artistId)}`,
    { query: { q: text }, signal },
  );
  return songs.map((song) => song.name);
}
