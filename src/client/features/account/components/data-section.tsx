import { useQueryClient } from '@tanstack/react-query';
import { Download, FileSpreadsheet, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { validateForm } from '#client/components/forms/validate-form.ts';
import { SettingsCard } from '#client/components/settings-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { ModalDialog, ModalDialogContent, ModalDialogTrigger } from '#client/components/ui/modal-dialog.tsx';
import { OverridingButton } from '#client/components/ui/overriding-button.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { paths } from '#client/lib/paths.ts';
import { endSession } from '#client/lib/session/session.ts';
import { deleteAccountSchema } from '#shared/auth.ts';
import { deleteAccount, downloadAccountExport, downloadAttendedCsv } from '../api/account-api.ts';
import { ShowsImport } from './shows-import.tsx';

/** Download my data (JSON, attended shows as CSV), import shows, and delete my account. */
export const DataSection = () => {
  const [downloading, setDownloading] = useState<'json' | 'csv' | null>(null);

  const download = async (kind: 'json' | 'csv') => {
    setDownloading(kind);
    try {
      await (kind === 'json' ? downloadAccountExport() : downloadAttendedCsv());
    } catch (error) {
      showToast({ title: 'Download failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <SettingsCard title="Your data">
      <div className="flex flex-col gap-6">
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-muted">
            A JSON file with everything TourGuides stores about you: profile, artists, shows, notifications and
            sessions. The shows you were at are also available as a spreadsheet (CSV).
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={downloading !== null}
              aria-busy={downloading === 'json'}
              onClick={() => void download('json')}
            >
              <Download aria-hidden="true" />
              {downloading === 'json' ? 'Preparing...' : 'Download my data'}
            </Button>
            <Button
              variant="outline"
              disabled={downloading !== null}
              aria-busy={downloading === 'csv'}
              onClick={() => void download('csv')}
            >
              <FileSpreadsheet aria-hidden="true" />
              {downloading === 'csv' ? 'Preparing...' : 'Attended shows (CSV)'}
            </Button>
          </div>
        </div>
        <div className="border-t border-border pt-6">
          <ShowsImport />
        </div>
        <div className="flex flex-col items-start gap-3 border-t border-border pt-6">
          <p className="text-sm text-muted">
            Deleting your account removes it and all of its data for good. This cannot be undone.
          </p>
          <DeleteAccountDialog />
        </div>
      </div>
    </SettingsCard>
  );
};

const DeleteAccountDialog = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const confirmed = confirm === 'DELETE';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(deleteAccountSchema, { confirm, password: password || undefined });
    if (!checked.ok) return;
    setDeleting(true);
    try {
      await deleteAccount(checked.data);
    } catch (error) {
      setDeleting(false);
      showToast({ title: 'Account not deleted', description: (error as Error).message, variant: 'destructive' });
      return;
    }
    setOpen(false);
    endSession(queryClient);
    navigate(paths.home, { replace: true });
    showToast({ title: 'Account deleted', description: 'Your account and all of its data have been removed.' });
  };

  const changeOpen = (next: boolean) => {
    if (deleting) return;
    setOpen(next);
    if (!next) {
      setConfirm('');
      setPassword('');
    }
  };

  return (
    <ModalDialog open={open} onOpenChange={changeOpen}>
      <ModalDialogTrigger asChild>
        <OverridingButton variant="outline" className="border-destructive/70 text-destructive hover:border-destructive">
          <Trash2 aria-hidden="true" />
          Delete my account
        </OverridingButton>
      </ModalDialogTrigger>
      <ModalDialogContent
        title="Delete your account?"
        description="Your profile, artists, shows, notifications and sessions are removed at once. This cannot be undone."
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <fieldset disabled={deleting} className="flex flex-col gap-4">
            <Field
              label={
                <>
                  Type <span className="font-mono font-bold">DELETE</span> to confirm
                </>
              }
              name="confirm"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
            />
            <Field
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              hint="Needed when you logged in more than 10 minutes ago."
            />
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" disabled={deleting} onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <OverridingButton
              type="submit"
              disabled={!confirmed || deleting}
              aria-busy={deleting}
              className="bg-destructive text-black shadow-none hover:bg-destructive/85"
            >
              {deleting ? 'Deleting...' : 'Delete Account'}
            </OverridingButton>
          </div>
        </form>
      </ModalDialogContent>
    </ModalDialog>
  );
};
