import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { AdminAuditPage } from '#shared/admin-audit.ts';

export interface AdminAuditFilter {
  /** The target types this page concerns, e.g. ['backup'] or ['artist']. */
  targetTypes: string[];
  targetId?: string;
}

/** Every audit query starts with this key: invalidate it after an admin action. */
export const adminAuditKey = ['admin', 'audit'] as const;

/** GET /api/admin/audit, newest first, 20 at a time ("Show older" loads the next page). */
export function useAdminAudit(filter: AdminAuditFilter) {
  return useInfiniteQuery({
    queryKey: [...adminAuditKey, filter],
    queryFn: ({ pageParam, signal }) =>
      apiGet<AdminAuditPage>('/api/admin/audit', {
        query: { targetType: filter.targetTypes.join(','), targetId: filter.targetId, before: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: SIGNED_IN_ONLY,
  });
}
