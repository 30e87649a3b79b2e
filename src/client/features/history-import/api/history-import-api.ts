import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest, apiSend } from '#client/lib/api-client.ts';
import type {
  HistoryCsvMapping,
  HistoryImportRowView,
  HistoryImportView,
  HistoryRowOutcome,
} from '#shared/setlists.ts';

export const importKeys = {
  all: ['history-imports'] as const,
  one: (id: string) => ['history-imports', id] as const,
  rows: (id: string, page: number, outcome: HistoryRowOutcome | null) =>
    ['history-imports', id, 'rows', page, outcome] as const,
};

export interface ImportRowsPage {
  rows: HistoryImportRowView[];
  total: number;
  page: number;
  pageSize: number;
}

export function useImport(id: string, live: boolean) {
  return useQuery({
    queryKey: importKeys.one(id),
    queryFn: ({ signal }) => apiGet<HistoryImportView>(`/api/history-imports/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    // The event stream moves the bar; polling is the fallback when it cannot.
    refetchInterval: live ? 2000 : false,
  });
}

export function importRowsQueryOptions(id: string, page: number, outcome: HistoryRowOutcome | null) {
  return queryOptions({
    queryKey: importKeys.rows(id, page, outcome),
    queryFn: ({ signal }) =>
      apiGet<ImportRowsPage>(`/api/history-imports/${encodeURIComponent(id)}/rows`, {
        query: { page, ...(outcome ? { outcome } : {}) },
        signal,
      }),
  });
}

export function useImports() {
  return useQuery({
    queryKey: importKeys.all,
    queryFn: ({ signal }) => apiGet<{ imports: HistoryImportView[] }>('/api/history-imports', { signal }),
  });
}

export async function uploadCsv(file: File, mapping: HistoryCsvMapping): Promise<HistoryImportView> {
  const query: Record<string, string> = { name: file.name.slice(0, 200) };
  for (const [field, column] of Object.entries(mapping)) if (column) query[field] = column;
  const response = await apiRequest('POST', '/api/history-imports/csv', { query, file });
  return (await response.json()) as HistoryImportView;
}

export async function uploadAppExport(file: File): Promise<HistoryImportView> {
  const response = await apiRequest('POST', '/api/history-imports/app', {
    query: { name: file.name.slice(0, 200) },
    file,
  });
  return (await response.json()) as HistoryImportView;
}

export const previewSetlistfm = (username: string) =>
  apiSend<HistoryImportView>('POST', '/api/history-imports/setlistfm', { username });
export const startImport = (id: string) =>
  apiSend<HistoryImportView>('POST', `/api/history-imports/${encodeURIComponent(id)}/start`, {});
export const undoImport = (id: string) =>
  apiSend<HistoryImportView>('POST', `/api/history-imports/${encodeURIComponent(id)}/undo`, {});
export const discardImport = (id: string) => apiRequest('DELETE', `/api/history-imports/${encodeURIComponent(id)}`);
