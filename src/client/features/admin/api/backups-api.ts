import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAuditKey } from '#client/components/admin/admin-audit.ts';
import { apiGet, apiRequest, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { BackupRestoreResponse, BackupsResponse, BackupView } from '#shared/backups.ts';

const backupsKey = ['admin', 'backups'] as const;

/** GET /api/admin/backups */
export function useBackups() {
  return useQuery({
    queryKey: backupsKey,
    queryFn: ({ signal }) => apiGet<BackupsResponse>('/api/admin/backups', { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

export const backupDownloadUrl = (id: string) => `/api/admin/backups/${encodeURIComponent(id)}/download`;

function useBackupMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: backupsKey });
      void queryClient.invalidateQueries({ queryKey: adminAuditKey });
    },
  });
}

/** POST /api/admin/backups */
export const useCreateBackup = () =>
  useBackupMutation((input: { includeFiles: boolean }) => apiSend<BackupView>('POST', '/api/admin/backups', input));

/** DELETE /api/admin/backups/:id */
export const useDeleteBackup = () =>
  useBackupMutation(async (id: string) => {
    await apiRequest('DELETE', `/api/admin/backups/${encodeURIComponent(id)}`);
  });

/** POST /api/admin/backups/:id/restore: every session ends with it, this admin's too. */
export function useRestoreBackup() {
  return useMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm: string }) =>
      apiSend<BackupRestoreResponse>('POST', `/api/admin/backups/${encodeURIComponent(id)}/restore`, { confirm }),
  });
}
