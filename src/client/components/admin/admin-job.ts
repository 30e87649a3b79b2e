import { useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import { ADMIN_JOB_POLL_MS, type AdminJobView } from '#shared/admin-jobs.ts';

/** One admin catalog job, polled while it is queued or running (a progress bar follows it). */
export function useAdminJob<Report>(base: string, id: string | null) {
  return useQuery({
    queryKey: ['admin', 'job', base, id],
    queryFn: ({ signal }) => apiGet<AdminJobView<Report>>(`${base}/jobs/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : ADMIN_JOB_POLL_MS;
    },
    meta: SIGNED_IN_ONLY,
  });
}
