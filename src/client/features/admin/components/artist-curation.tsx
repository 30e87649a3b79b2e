import { GitMerge, Plus, RefreshCw, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { timeAgo } from '#client/components/admin/admin-page-header.tsx';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { checkForm } from '#client/components/forms/validate-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field, TextInput } from '#client/components/ui/form-field.tsx';
import { ModalDialog, ModalDialogContent } from '#client/components/ui/modal-dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { describeImpact, RESTORE_DAYS } from '#shared/admin-artists.ts';
import { editArtistBodySchema } from '#shared/admin-artists-api.ts';
import {
  useAddArtist,
  useAdminArtist,
  useDeleteArtist,
  useEditArtist,
  useMergeArtist,
  useMusicBrainzSearch,
  useRestore,
  useRestorePoints,
  useResync,
} from '../api/artist-curation-api.ts';

const fail = (title: string) => (error: Error) =>
  showToast({ title, description: error.message, variant: 'destructive' });

/** One artist's tools: edit, re-sync, merge into another, delete (naming what goes). */
export const ManageArtistDialog = ({ slug, onClose }: { slug: string | null; onClose: () => void }) => {
  const artist = useAdminArtist(slug);
  return (
    <ModalDialog open={slug !== null} onOpenChange={(open) => !open && onClose()}>
      <ModalDialogContent title={artist.data?.name ?? 'Artist'} className="max-w-lg">
        {artist.isPending ? (
          <Spinner label="Loading the artist..." className="py-8" />
        ) : artist.isError ? (
          <p role="alert">{artist.error.message}</p>
        ) : (
          <ManageArtist key={artist.data.id} detail={artist.data} onClose={onClose} />
        )}
      </ModalDialogContent>
    </ModalDialog>
  );
};

const ManageArtist = ({
  detail,
  onClose,
}: {
  detail: NonNullable<ReturnType<typeof useAdminArtist>['data']>;
  onClose: () => void;
}) => {
  const [into, setInto] = useState('');
  const [confirm, setConfirm] = useState<'merge' | 'delete' | null>(null);
  const edit = useEditArtist();
  // On react-hook-form through useValidatedForm with the server's schema; a refused edit gets the
  // toast a refused save gets. The browser's required check on the name still runs first.
  const form = useValidatedForm({
    initial: { name: detail.name, genres: detail.genres.join(', '), mbid: detail.mbid ?? '' },
    check: ({ name, genres, mbid }) => {
      const checked = checkForm(editArtistBodySchema, {
        name,
        genres: genres
          .split(',')
          .map((g) => g.trim())
          .filter(Boolean),
        mbid: mbid.trim() || null,
      });
      if (!checked.ok) fail('Not saved')(new Error(checked.message));
      return checked.ok ? checked : { ok: false, field: undefined };
    },
    send: async (body) =>
      edit.mutate(
        { slug: detail.slug, ...body },
        { onSuccess: () => showToast({ title: 'Artist saved' }), onError: fail('Not saved') },
      ),
  });
  const merge = useMergeArtist();
  const remove = useDeleteArtist();
  const resync = useResync();
  const restore = useRestore();
  const undoToast = (message: string, restorePointId: string) =>
    showToast({
      title: message,
      description: `Undo is kept for ${RESTORE_DAYS} days.`,
      action: {
        label: 'Undo',
        onClick: () =>
          restore.mutate(restorePointId, {
            onSuccess: (r) => showToast({ title: r.message }),
            onError: fail('Not undone'),
          }),
      },
    });

  return (
    <div className="flex flex-col gap-5">
      <form ref={form.formRef} className="flex flex-col gap-3" onSubmit={form.submit}>
        <Field label="Name" {...form.field('name')} required maxLength={200} />
        <Field label="Genres" hint="Comma-separated." {...form.field('genres')} />
        <Field label="MusicBrainz ID" {...form.field('mbid')} placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={edit.isPending}>
            Save
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() =>
              resync.mutate(detail.slug, {
                onSuccess: (r) => showToast({ title: r.queued ? 'Re-sync queued' : 'A re-sync is already waiting' }),
                onError: fail('No re-sync'),
              })
            }
          >
            <RefreshCw aria-hidden="true" />
            Re-sync tour dates now
          </Button>
        </div>
      </form>
      <div className="flex flex-col gap-2 border-t border-border pt-4">
        <Field
          label="Merge into (slug of the artist that stays)"
          hint="Tours, stops, followers, fans' shows and the image move there; this artist's page redirects."
          value={into}
          onChange={(e) => setInto(e.target.value.trim())}
          placeholder="e.g. the-black-keys"
        />
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={!into} onClick={() => setConfirm('merge')}>
            <GitMerge aria-hidden="true" />
            Merge…
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirm('delete')}>
            <Trash2 aria-hidden="true" />
            Delete…
          </Button>
        </div>
      </div>
      {confirm ? (
        <div
          role="alertdialog"
          aria-labelledby="confirm-text"
          className="flex flex-col gap-3 rounded-card border border-destructive/60 bg-destructive-surface p-4"
        >
          <p id="confirm-text" className="text-sm">
            {confirm === 'delete'
              ? `Delete ${detail.name}? With it go: ${describeImpact(detail.impact)}.`
              : `Merge ${detail.name} into “${into}”? Moving: ${describeImpact(detail.impact)}.`}{' '}
            You can undo this for {RESTORE_DAYS} days.
          </p>
          <div className="flex gap-2">
            <Button
              size="sm"
              disabled={merge.isPending || remove.isPending}
              onClick={() => {
                const done = (r: { message: string; restorePointId: string }) => {
                  undoToast(r.message, r.restorePointId);
                  onClose();
                };
                if (confirm === 'delete') remove.mutate(detail.slug, { onSuccess: done, onError: fail('Not deleted') });
                else merge.mutate({ slug: detail.slug, into }, { onSuccess: done, onError: fail('Not merged') });
              }}
            >
              {confirm === 'delete' ? `Delete ${detail.name}` : 'Merge'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
};

/** Add an artist by MusicBrainz search: one the catalog has is marked, not added twice. */
export const AddArtistDialog = () => {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const results = useMusicBrainzSearch(q);
  const add = useAddArtist();
  return (
    <ModalDialog open={open} onOpenChange={setOpen}>
      <Button size="sm" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        Add from MusicBrainz
      </Button>
      <ModalDialogContent title="Add an artist from MusicBrainz" className="max-w-lg">
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setQ(text.trim());
          }}
        >
          <label htmlFor="mb-search" className="sr-only">
            Artist name
          </label>
          <TextInput id="mb-search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Artist name" />
          <Button type="submit" variant="outline" disabled={text.trim().length < 2}>
            Search
          </Button>
        </form>
        {results.isFetching ? (
          <Spinner label="Asking MusicBrainz..." className="py-6" />
        ) : results.isError ? (
          <p role="alert" className="text-sm">
            {results.error.message}
          </p>
        ) : results.data ? (
          <ul className="flex flex-col divide-y divide-border/60">
            {results.data.candidates.map((candidate) => (
              <li key={candidate.mbid} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>
                  <span className="font-semibold">{candidate.name}</span>
                  {candidate.disambiguation ? <span className="text-muted"> · {candidate.disambiguation}</span> : null}
                  {candidate.type ? <span className="text-muted"> · {candidate.type}</span> : null}
                </span>
                {candidate.existingSlug ? (
                  <span className="text-muted">In the catalog</span>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={add.isPending}
                    onClick={() =>
                      add.mutate(candidate.mbid, {
                        onSuccess: (r) => {
                          showToast({
                            title: r.added ? `${candidate.name} added` : `${candidate.name} was already there`,
                          });
                          setOpen(false);
                        },
                        onError: fail('Not added'),
                      })
                    }
                  >
                    Add
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </ModalDialogContent>
    </ModalDialog>
  );
};

/** Merges and deletes of the last 30 days, each undoable once. */
export const RestorePointsPanel = () => {
  const points = useRestorePoints();
  const restore = useRestore();
  const open = points.data?.restorePoints.filter((p) => !p.restoredAt) ?? [];
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="undo-heading" className="flex flex-col gap-2">
      <h2 id="undo-heading" className="font-display text-xl font-bold">
        Undo a merge or delete
      </h2>
      <ul className="flex flex-col divide-y divide-border/60 rounded-card border border-border bg-surface text-sm">
        {open.map((point) => (
          <li key={point.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
            <span>
              {point.kind === 'merge'
                ? `${point.artistName} merged into ${point.survivorName ?? '—'}`
                : `${point.artistName} deleted`}
              <span className="text-muted"> · {timeAgo(point.createdAt)}</span>
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={restore.isPending}
              onClick={() =>
                restore.mutate(point.id, {
                  onSuccess: (r) => showToast({ title: r.message }),
                  onError: fail('Not undone'),
                })
              }
            >
              <Undo2 aria-hidden="true" />
              Undo
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
};
