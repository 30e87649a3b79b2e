import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAuditKey } from '#client/components/admin/admin-audit.ts';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import {
  API_STATUS_REFRESH_MS,
  type ApiStatusResponse,
  type JobRetryResponse,
  type ProviderProbeResult,
} from '#shared/api-status.ts';

const apiStatusKey = ['admin', 'api-status'] as const;

/** GET /api/admin/api-status, refreshed every 10 s while the page is open (and visible). */
export function useApiStatus() {
  return useQuery({
    queryKey: apiStatusKey,
    queryFn: ({ signal }) => apiGet<ApiStatusResponse>('/api/admin/api-status', { signal }),
    refetchInterval: API_STATUS_REFRESH_MS,
    meta: SIGNED_IN_ONLY,
  });
}

/** POST /api/admin/api-status/:provider/check, then the figures and the audit log again. */
export function useProbeProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: string) =>
      apiSend<ProviderProbeResult>('POST', `/api/admin/api-status/${encodeURIComponent(provider)}/check`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: apiStatusKey });
      void queryClient.invalidateQueries({ queryKey: adminAuditKey });
    },
  });
}

/** POST /api/admin/jobs/:id/retry */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend<JobRetryResponse>('POST', `/api/admin/jobs/${encodeURIComponent(id)}/retry`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: apiStatusKey });
      void queryClient.invalidateQueries({ queryKey: adminAuditKey });
    },
  });
}
