import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAuditKey } from '#client/features/admin/api/get-admin-audit.ts';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { AdminJobView } from '#shared/admin-jobs.ts';
import type { CsvMapping, DryRunReport, RunReport } from '#shared/historical-import.ts';

export const IMPORT_BASE = '/api/admin/historical-import';
const key = ['admin', 'historical-import'] as const;

export interface ImportFile {
  fileName: string;
  format: 'json' | 'csv';
  content: string;
  mapping?: CsvMapping;
}

export function useImports() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<{ imports: AdminJobView<RunReport>[] }>(IMPORT_BASE, { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

export const useDryRun = () =>
  useMutation({ mutationFn: (file: ImportFile) => apiSend<DryRunReport>('POST', `${IMPORT_BASE}/dry-run`, file) });

export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportFile & { validOnly: boolean }) =>
      apiSend<AdminJobView>('POST', `${IMPORT_BASE}/run`, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: adminAuditKey });
    },
  });
}
