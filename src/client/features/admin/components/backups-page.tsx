import { Archive, DatabaseBackup, Download, RotateCcw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { AdminPageHeader, fullDateTime } from '#client/components/admin/admin-page-header.tsx';
import { AuditLogPanel } from '#client/components/admin/audit-log-panel.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextInput } from '#client/components/ui/form-field.tsx';
import { ModalDialog, ModalDialogClose, ModalDialogContent } from '#client/components/ui/modal-dialog.tsx';
import { OverridingButton } from '#client/components/ui/overriding-button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { type BackupRestoreResponse, type BackupView, RESTORE_CONFIRMATION } from '#shared/backups.ts';
import {
  backupDownloadUrl,
  useBackups,
  useCreateBackup,
  useDeleteBackup,
  useRestoreBackup,
} from '../api/backups-api.ts';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const databaseLabel = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

/** /admin/backups: create a backup now, see the daily schedule, and download, delete or restore archives. */
export const BackupsPage = () => {
  useDocumentTitle(`Backups · Admin | ${BRAND}`);
  const query = useBackups();
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6">
      <AdminPageHeader
        title="Backups"
        intro="A snapshot of all data as one compressed archive. It restores into PGlite or PostgreSQL alike."
      />
      <CreateBackupPanel schedule={query.data?.schedule ?? null} />
      <section aria-labelledby="backups-heading" className="flex flex-col gap-3">
        <h2 id="backups-heading" className="font-display text-xl font-bold">
          Archives
        </h2>
        {query.isPending ? (
          <Spinner label="Loading backups..." className="py-10" />
        ) : query.isError ? (
          <LoadError what="The backups" message={query.error.message} onRetry={() => query.refetch()} />
        ) : query.data.backups.length === 0 ? (
          <p className="rounded-card border border-dashed border-border-strong px-4 py-8 text-center text-muted">
            No backup yet. Create one above; the daily backup adds one every night.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border/60 rounded-card border border-border bg-surface">
            {query.data.backups.map((backup) => (
              <BackupRow key={backup.id} backup={backup} />
            ))}
          </ul>
        )}
      </section>
      <AuditLogPanel targetTypes={['backup']} emptyText="No backup has been created, deleted or restored yet." />
    </section>
  );
};

const CreateBackupPanel = ({ schedule }: { schedule: { description: string } | null }) => {
  const [includeFiles, setIncludeFiles] = useState(false);
  const create = useCreateBackup();
  const switchId = useId();
  const onCreate = () =>
    create.mutate(
      { includeFiles },
      {
        onSuccess: (backup) =>
          showToast({ title: 'Backup created', description: `${backup.fileName} (${formatBytes(backup.bytes)})` }),
        onError: (error) =>
          showToast({ title: 'Could not create the backup', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <div className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-3">
        <div className="flex items-center gap-3">
          <Switch id={switchId} checked={includeFiles} onCheckedChange={setIncludeFiles} disabled={create.isPending} />
          <label htmlFor={switchId} className="text-sm">
            <span className="font-semibold">Include files</span>{' '}
            <span className="text-muted">
              (artist images and show photos; otherwise the archive only references them)
            </span>
          </label>
        </div>
        <p className="text-sm text-muted">{schedule ? schedule.description : 'The daily backup is switched off.'}</p>
      </div>
      <Button onClick={onCreate} disabled={create.isPending} aria-busy={create.isPending}>
        <DatabaseBackup aria-hidden="true" />
        {create.isPending ? 'Creating backup...' : 'Create backup now'}
      </Button>
    </div>
  );
};

const BackupRow = ({ backup }: { backup: BackupView }) => (
  <li className="flex flex-col gap-3 px-4 py-4 lg:flex-row lg:items-center lg:justify-between">
    <div className="flex min-w-0 gap-3">
      <Archive className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
      <div className="min-w-0">
        <p className="truncate font-mono text-sm font-medium" title={backup.fileName}>
          {backup.fileName}
        </p>
        <p className="text-sm text-muted">
          <time dateTime={backup.createdAt}>{fullDateTime.format(new Date(backup.createdAt))}</time> ·{' '}
          {backup.trigger === 'scheduled' ? 'Daily' : `By ${backup.createdBy ?? 'an admin'}`} ·{' '}
          {formatBytes(backup.bytes)} · {backup.rowCount.toLocaleString()} rows in {backup.tableCount} tables ·{' '}
          {backup.includesFiles ? `${backup.fileCount} files included` : 'files referenced'} · from{' '}
          {databaseLabel[backup.databaseKind]}
        </p>
      </div>
    </div>
    <div className="flex shrink-0 flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a href={backupDownloadUrl(backup.id)} download={backup.fileName} aria-label={`Download ${backup.fileName}`}>
          <Download aria-hidden="true" />
          Download
        </a>
      </Button>
      <RestoreDialog backup={backup} />
      <DeleteDialog backup={backup} />
    </div>
  </li>
);

const DeleteDialog = ({ backup }: { backup: BackupView }) => {
  const [open, setOpen] = useState(false);
  const remove = useDeleteBackup();
  const onDelete = () =>
    remove.mutate(backup.id, {
      onSuccess: () => {
        setOpen(false);
        showToast({ title: 'Backup deleted', description: backup.fileName });
      },
      onError: (error) => showToast({ title: 'Could not delete', description: error.message, variant: 'destructive' }),
    });
  return (
    <ModalDialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Delete ${backup.fileName}`}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <ModalDialogContent
        title="Delete this backup?"
        description={`${backup.fileName} (${formatBytes(backup.bytes)}) is removed from storage for good.`}
      >
        <div className="flex justify-end gap-2">
          <ModalDialogClose asChild>
            <Button variant="outline">Keep it</Button>
          </ModalDialogClose>
          <OverridingButton onClick={onDelete} disabled={remove.isPending} className="bg-destructive text-background">
            {remove.isPending ? 'Deleting...' : 'Delete backup'}
          </OverridingButton>
        </div>
      </ModalDialogContent>
    </ModalDialog>
  );
};

const RestoreDialog = ({ backup }: { backup: BackupView }) => {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [done, setDone] = useState<BackupRestoreResponse | null>(null);
  const restore = useRestoreBackup();
  const inputId = useId();
  const onRestore = () => restore.mutate({ id: backup.id, confirm: typed }, { onSuccess: setDone });
  // Every session ended with the restore, this one too: a full load of the sign-in page starts clean.
  const signInAgain = () => window.location.assign(paths.signIn);
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (done) return signInAgain();
        if (!restore.isPending) setOpen(next);
        if (!next) setTyped('');
      }}
    >
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Restore ${backup.fileName}`}>
        <RotateCcw aria-hidden="true" />
        Restore
      </Button>
      <ModalDialogContent title={done ? 'Restore complete' : 'Restore this backup?'}>
        {done ? (
          <div className="flex flex-col gap-4" role="status">
            <p>
              {done.rowCount.toLocaleString()} rows in {done.tableCount} tables are back as they were at{' '}
              {fullDateTime.format(new Date(backup.createdAt))}.
            </p>
            <p className="text-muted">Every session has ended, yours too: sign in again to go on.</p>
            <Button onClick={signInAgain}>Sign in again</Button>
          </div>
        ) : (
          <form
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              onRestore();
            }}
          >
            <p className="text-sm">
              Every table is replaced by the data of <span className="font-mono">{backup.fileName}</span>, taken{' '}
              {fullDateTime.format(new Date(backup.createdAt))}. Everything written since is lost, and every user, you
              included, is signed out.
            </p>
            <div className="flex flex-col gap-2">
              <label htmlFor={inputId} className="text-sm font-semibold">
                Type {RESTORE_CONFIRMATION} to confirm
              </label>
              <TextInput
                id={inputId}
                value={typed}
                autoComplete="off"
                onChange={(event) => setTyped(event.target.value)}
                disabled={restore.isPending}
              />
            </div>
            {restore.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {restore.error.message}
              </p>
            ) : null}
            {restore.isPending ? <Spinner label="Restoring... this can take a minute." className="py-2" /> : null}
            <div className="flex justify-end gap-2">
              <ModalDialogClose asChild>
                <Button variant="outline" disabled={restore.isPending}>
                  Cancel
                </Button>
              </ModalDialogClose>
              <OverridingButton
                type="submit"
                disabled={typed !== RESTORE_CONFIRMATION || restore.isPending}
                className="bg-destructive text-background"
              >
                Restore backup
              </OverridingButton>
            </div>
          </form>
        )}
      </ModalDialogContent>
    </ModalDialog>
  );
};
