import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAuditKey } from '#client/components/admin/admin-audit.ts';
import { ApiError, apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { ImageSource, ImageTestingArtist, SourceRunView } from '#shared/image-testing.ts';

const BASE = '/api/admin/image-testing';
const key = (slug: string) => ['admin', 'image-testing', slug] as const;

export function useImageTesting(slug: string | null) {
  return useQuery({
    queryKey: key(slug ?? ''),
    queryFn: ({ signal }) => apiGet<ImageTestingArtist>(`${BASE}/${slug}`, { signal }),
    enabled: slug !== null,
    meta: SIGNED_IN_ONLY,
  });
}

export const useRunSource = (slug: string) =>
  useMutation({
    mutationFn: (source: ImageSource) => apiSend<SourceRunView>('POST', `${BASE}/${slug}/sources/${source}`),
  });

/** The answer replaces the page's data; the audit log shows the change. */
function useImageChange<Vars>(slug: string, call: (vars: Vars) => Promise<ImageTestingArtist>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => queryClient.setQueryData(key(slug), data),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminAuditKey }),
  });
}

export const useReplaceImage = (slug: string) =>
  useImageChange(slug, (body: { source: ImageSource; imageUrl: string; attribution: string | null }) =>
    apiSend<ImageTestingArtist>('POST', `${BASE}/${slug}/replace`, body),
  );

export const useClearImage = (slug: string) =>
  useImageChange(slug, () => apiSend<ImageTestingArtist>('DELETE', `${BASE}/${slug}/image`));

/** Multipart upload (the server decodes and re-encodes it). */
export const useUploadImage = (slug: string) =>
  useImageChange(slug, async (file: File) => {
    const form = new FormData();
    form.append('image', file);
    const response = await fetch(`${BASE}/${slug}/upload`, { method: 'POST', body: form, credentials: 'same-origin' });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      throw new ApiError(
        response.status,
        body?.error?.code ?? 'INTERNAL',
        body?.error?.message ?? 'The upload failed.',
      );
    }
    return body as ImageTestingArtist;
  });
