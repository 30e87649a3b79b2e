import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { ErrorBody } from '#shared/errors.ts';
import type {
  AdminImportList,
  ListeningImportArtistPage,
  ListeningImportProgressEvent,
  ListeningImportView,
} from '#shared/listening-import.ts';

/** The fan's routes, or the admin's: the same contract. */
export type ImportBase = '/api/music-services/export' | '/api/admin/spotify-import';
export const FAN_BASE: ImportBase = '/api/music-services/export';
export const ADMIN_BASE: ImportBase = '/api/admin/spotify-import';

export type ImportPick = { all: true } | { top: number } | { keys: string[] };

export const listeningImportKeys = {
  all: ['listening-import'] as const,
  latest: () => ['listening-import', 'latest'] as const,
  adminList: () => ['listening-import', 'admin'] as const,
  one: (id: string) => ['listening-import', 'one', id] as const,
  artists: (id: string, offset: number) => ['listening-import', 'artists', id, offset] as const,
};

export function latestImportQueryOptions() {
  return queryOptions({
    queryKey: listeningImportKeys.latest(),
    queryFn: ({ signal }) => apiGet<{ import: ListeningImportView | null }>(`${FAN_BASE}/latest`, { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

export function adminImportsQueryOptions() {
  return queryOptions({
    queryKey: listeningImportKeys.adminList(),
    queryFn: ({ signal }) => apiGet<AdminImportList>(ADMIN_BASE, { signal }),
  });
}

const running = (view: ListeningImportView | undefined) => view?.state === 'matching' || view?.state === 'following';

export function importQueryOptions(base: ImportBase, id: string) {
  return queryOptions({
    queryKey: listeningImportKeys.one(id),
    queryFn: ({ signal }) => apiGet<ListeningImportView>(`${base}/${id}`, { signal }),
    // The event stream moves the bar at once; polling is the fallback (a proxy without SSE).
    refetchInterval: (query) => (running(query.state.data) ? 5_000 : false),
  });
}

export function artistsQueryOptions(base: ImportBase, id: string, offset: number, limit: number) {
  return queryOptions({
    queryKey: listeningImportKeys.artists(id, offset),
    queryFn: ({ signal }) =>
      apiGet<ListeningImportArtistPage>(`${base}/${id}/artists`, { query: { offset, limit }, signal }),
  });
}

export const createImport = (base: ImportBase) => apiSend<ListeningImportView>('POST', base);
export const startMatch = (base: ImportBase, id: string) => apiSend<ListeningImportView>('POST', `${base}/${id}/match`);
export const startFollow = (base: ImportBase, id: string, pick: ImportPick) =>
  apiSend<ListeningImportView>('POST', `${base}/${id}/${base === ADMIN_BASE ? 'run' : 'follow'}`, pick);
export const cancelImport = (base: ImportBase, id: string) =>
  apiSend<ListeningImportView>('POST', `${base}/${id}/cancel`);
export const resumeImport = (base: ImportBase, id: string) =>
  apiSend<ListeningImportView>('POST', `${base}/${id}/resume`);
export const postArtistList = (text: string) => apiSend<ListeningImportView>('POST', `${ADMIN_BASE}/list`, { text });
export const postPlaylist = (link: string) => apiSend<ListeningImportView>('POST', `${ADMIN_BASE}/playlist`, { link });

/**
 * One file as the request body (the browser streams it from disk), with upload progress — which
 * fetch cannot report, hence XMLHttpRequest. Resolves with the import after the server counted it.
 */
export function uploadExportFile(
  base: ImportBase,
  id: string,
  file: File,
  onProgress: (sentBytes: number) => void,
  signal?: AbortSignal,
): Promise<ListeningImportView> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${base}/${id}/files?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // An HTML error page from a proxy: the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as ListeningImportView);
      const error = (body as Partial<ErrorBody> | null)?.error;
      reject(
        new ApiError(
          xhr.status,
          error?.code ?? (xhr.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL'),
          error?.message ?? `“${file.name}” could not be uploaded (HTTP ${xhr.status}).`,
        ),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** Progress events for this import on the user's stream update the cached view at once. */
export function useImportProgressEvents(id: string | null, live: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!id || !live || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    source.addEventListener('listening-import-progress', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as ListeningImportProgressEvent;
      if (event.importId !== id) return;
      queryClient.setQueryData<ListeningImportView>(listeningImportKeys.one(id), (view) =>
        view ? { ...view, state: event.state, processed: event.processed, total: event.total } : view,
      );
      if (event.state !== 'matching' && event.state !== 'following') {
        void queryClient.invalidateQueries({ queryKey: listeningImportKeys.all });
      }
    });
    return () => source.close();
  }, [id, live, queryClient]);
}
