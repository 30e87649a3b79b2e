import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAuditKey } from '#client/components/admin/admin-audit.ts';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { ChangeRequestsPage, ReviewOutcome } from '#shared/catalog-requests.ts';

const key = ['admin', 'catalog-requests', 'changes'] as const;

/** GET /api/admin/catalog-requests/changes: fans' imports that disagree with public stops. */
export function useChangeRequests() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<ChangeRequestsPage>('/api/admin/catalog-requests/changes', { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

/** POST …/changes/:id/apply or …/dismiss */
export function useReviewChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'apply' | 'dismiss' }) =>
      apiSend<ReviewOutcome>('POST', `/api/admin/catalog-requests/changes/${id}/${action}`, {}),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: adminAuditKey });
    },
  });
}
