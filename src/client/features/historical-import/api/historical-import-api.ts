import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAuditKey } from '#client/components/admin/admin-audit.ts';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { AdminJobView } from '#shared/admin-jobs.ts';
import type {
  CsvMapping,
  DryRunReport,
  RunReport,
  SetlistfmHistoryFile,
  SetlistfmSourceStatus,
} from '#shared/historical-import.ts';

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

/** Whether the setlist.fm source is configured (and what is missing when not). */
export function useSetlistfmSource() {
  return useQuery({
    queryKey: [...key, 'setlistfm'],
    queryFn: ({ signal }) => apiGet<SetlistfmSourceStatus>(`${IMPORT_BASE}/setlistfm`, { signal }),
    meta: SIGNED_IN_ONLY,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** An artist's setlist.fm history as a catalog-format file (then dry-run and run like an upload). */
export const useFetchSetlistfmHistory = () =>
  useMutation({
    mutationFn: (artistSlug: string) =>
      apiSend<SetlistfmHistoryFile>('POST', `${IMPORT_BASE}/setlistfm`, { artistSlug }),
  });
