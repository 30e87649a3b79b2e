import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAuditKey } from '#client/components/admin/admin-audit.ts';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { BulkApproveOutcome, CatalogRequestsPage, ReviewOutcome } from '#shared/catalog-requests.ts';

const key = ['admin', 'catalog-requests'] as const;

/** GET /api/admin/catalog-requests?q=&page= */
export function useCatalogRequests(filters: { q: string; page: number }) {
  return useQuery({
    queryKey: [...key, filters],
    queryFn: ({ signal }) => apiGet<CatalogRequestsPage>('/api/admin/catalog-requests', { query: filters, signal }),
    placeholderData: keepPreviousData,
    meta: SIGNED_IN_ONLY,
  });
}

export interface ApproveEdit {
  date?: string;
  time?: string | null;
  tourName?: string;
  venueSlug?: string;
}

function useReviewMutation<Vars, Result>(call: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: adminAuditKey });
    },
  });
}

export const useApproveRequest = () =>
  useReviewMutation(({ id, edit }: { id: string; edit?: ApproveEdit }) =>
    apiSend<ReviewOutcome>('POST', `/api/admin/catalog-requests/${id}/approve`, { edit }),
  );

export const useRejectRequest = () =>
  useReviewMutation(({ id, reason }: { id: string; reason: string }) =>
    apiSend<ReviewOutcome>('POST', `/api/admin/catalog-requests/${id}/reject`, { reason }),
  );

export const useBulkApprove = () =>
  useReviewMutation((body: { q: string; expected: number }) =>
    apiSend<BulkApproveOutcome>('POST', '/api/admin/catalog-requests/bulk-approve', body),
  );
