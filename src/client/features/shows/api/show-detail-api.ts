import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGetSaved, apiRequest, apiSend } from '#client/lib/api-client.ts';
import type { Saved } from '#client/lib/saved-copy.ts';
import type { ErrorBody } from '#shared/errors.ts';
import type { ShowDetail, ShowDetailsResponse, ShowPhotoResponse } from '#shared/show-detail.ts';
import type { ShowDetailsPatch } from '#shared/show-detail-api.ts';

export const showDetailKey = (stopId: string) => ['shows', 'detail', stopId] as const;

/** Asked even when the browser says it is offline: the service worker may have the fan's saved copy. */
export function showDetailQueryOptions(stopId: string) {
  return queryOptions({
    queryKey: showDetailKey(stopId),
    queryFn: ({ signal }) => apiGetSaved<ShowDetail>(`/api/shows/${encodeURIComponent(stopId)}`, { signal }),
    networkMode: 'offlineFirst',
  });
}

export function useShowDetail(stopId: string, enabled = true) {
  return useQuery({ ...showDetailQueryOptions(stopId), enabled });
}

/** Saves notes, rating and companions; the cached show takes the saved values. */
export function useSaveShowDetails(stopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ShowDetailsPatch) =>
      apiSend<ShowDetailsResponse>('PATCH', `/api/shows/${encodeURIComponent(stopId)}/details`, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData<Saved<ShowDetail>>(showDetailKey(stopId), (show) =>
        show?.mine ? { ...show, mine: { ...show.mine, ...saved } } : show,
      );
    },
  });
}

/**
 * Uploads one photo with progress (fetch reports none for uploads, XMLHttpRequest does). Same
 * origin and cookies, so the server's session and CSRF (Origin) checks apply as for fetch.
 */
export function uploadShowPhoto(
  stopId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ShowPhotoResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/shows/${encodeURIComponent(stopId)}/photos`);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection.'));
    request.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(request.responseText) as unknown;
        } catch {
          return null;
        }
      })();
      if (request.status >= 200 && request.status < 300) return resolve(body as ShowPhotoResponse);
      const error = (body as Partial<ErrorBody> | null)?.error;
      reject(new ApiError(request.status, error?.code ?? 'INTERNAL', error?.message ?? 'The upload failed.'));
    };
    const form = new FormData();
    form.append('photo', file);
    request.send(form);
  });
}

export async function deleteShowPhoto(photoId: string): Promise<void> {
  await apiRequest('DELETE', `/api/shows/photos/${encodeURIComponent(photoId)}`);
}
