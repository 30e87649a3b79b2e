import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import type { TipCategory, TipView } from '#shared/guides.ts';

const tipsKey = (venueSlug: string) => ['guides', 'tips', venueSlug];

export function useTips(venueSlug: string) {
  return useQuery({
    queryKey: tipsKey(venueSlug),
    queryFn: ({ signal }) =>
      apiGet<{ tips: TipView[] }>(`/api/guides/venues/${encodeURIComponent(venueSlug)}/tips`, { signal }),
  });
}

export function useAddTip(venueSlug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { category: TipCategory; text: string }) =>
      apiSend<TipView>('POST', `/api/guides/venues/${encodeURIComponent(venueSlug)}/tips`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: tipsKey(venueSlug) }),
  });
}

export function useTipActions(venueSlug: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: tipsKey(venueSlug) });
  return {
    helpful: useMutation({
      mutationFn: ({ id, on }: { id: string; on: boolean }) =>
        apiSend<{ helpfulCount: number }>(on ? 'PUT' : 'DELETE', `/api/guides/tips/${id}/helpful`),
      onSettled: refresh,
    }),
    report: useMutation({
      mutationFn: (id: string) => apiSend<{ reported: boolean }>('POST', `/api/guides/tips/${id}/report`),
      onSettled: refresh,
    }),
  };
}
