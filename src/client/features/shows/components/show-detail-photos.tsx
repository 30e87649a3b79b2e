import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ModalDialog, ModalDialogClose, ModalDialogContent } from '#client/components/ui/modal-dialog.tsx';
import { OverridingButton } from '#client/components/ui/overriding-button.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { PHOTO_ACCEPT, SHOW_DETAIL_MESSAGES, type ShowDetail, type ShowPhoto } from '#shared/show-detail.ts';
import { SHOW_LIMITS } from '#shared/shows.ts';
import { deleteShowPhoto, showDetailKey, uploadShowPhoto } from '../api/show-detail-api.ts';

interface Upload {
  id: string;
  name: string;
  progress: number;
  error: string | null;
}

function useShowCache(stopId: string) {
  const queryClient = useQueryClient();
  const update = (change: (photos: ShowPhoto[]) => ShowPhoto[]) =>
    queryClient.setQueryData<ShowDetail>(showDetailKey(stopId), (show) =>
      show?.mine ? { ...show, mine: { ...show.mine, photos: change(show.mine.photos) } } : show,
    );
  return { update, refetch: () => queryClient.invalidateQueries({ queryKey: showDetailKey(stopId) }) };
}

/** The fan's photos of a show they went to: several at once with progress, deleted after a confirmation. */
export const ShowDetailPhotos = ({ stopId, photos }: { stopId: string; photos: ShowPhoto[] }) => {
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [toDelete, setToDelete] = useState<ShowPhoto | null>(null);
  const cache = useShowCache(stopId);
  const room = SHOW_LIMITS.photosPerShow - photos.length;

  const patchUpload = (id: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const queued = files.map((file, index) => ({
      file,
      upload: { id: `${Date.now()}-${index}`, name: file.name, progress: 0, error: null as string | null },
    }));
    // Checked here to save a wasted upload; the server checks again.
    queued.forEach((item, index) => {
      if (item.file.size > SHOW_LIMITS.photoMaxBytes) item.upload.error = SHOW_DETAIL_MESSAGES.photoTooLarge;
      else if (index >= room) item.upload.error = SHOW_DETAIL_MESSAGES.tooManyPhotos;
    });
    setUploads((list) => [...list.filter((item) => item.progress < 1 && !item.error), ...queued.map((q) => q.upload)]);
    for (const { file, upload } of queued) {
      if (upload.error) continue;
      try {
        const { photo } = await uploadShowPhoto(stopId, file, (progress) => patchUpload(upload.id, { progress }));
        cache.update((list) => [...list, photo]);
        setUploads((list) => list.filter((item) => item.id !== upload.id));
      } catch (error) {
        patchUpload(upload.id, { error: (error as Error).message });
      }
    }
  };

  const confirmDelete = async () => {
    const photo = toDelete;
    setToDelete(null);
    if (!photo) return;
    cache.update((list) => list.filter((item) => item.id !== photo.id));
    try {
      await deleteShowPhoto(photo.id);
      showToast({ title: 'Photo deleted', id: 'show-photo' });
    } catch (error) {
      void cache.refetch();
      showToast({
        title: 'The photo could not be deleted',
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-2xl font-bold">
          Photos{' '}
          <span className="text-base font-normal text-muted">
            ({photos.length} / {SHOW_LIMITS.photosPerShow})
          </span>
        </h2>
        <input
          ref={inputRef}
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          className="sr-only"
          aria-label="Add photos"
          tabIndex={-1}
          onChange={onFiles}
        />
        <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={room <= 0}>
          <ImagePlus aria-hidden="true" />
          Add photos
        </Button>
      </div>
      <p className="text-sm text-muted">
        Only you can see your photos. Up to {SHOW_LIMITS.photosPerShow} per show, 15 MB each; location data is removed.
      </p>
      {uploads.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Uploads">
          {uploads.map((upload) => (
            <li key={upload.id} className="flex flex-col gap-1 rounded-xl border border-border px-3 py-2 text-sm">
              <span className="truncate">{upload.name}</span>
              {upload.error ? (
                <span role="alert" className="text-destructive">
                  {upload.error}
                </span>
              ) : (
                <progress
                  className="h-2 w-full accent-accent"
                  max={1}
                  value={upload.progress}
                  aria-label={`Uploading ${upload.name}`}
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length === 0 && uploads.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border-strong px-4 py-8 text-center text-muted">
          No photos yet. Add the ones you took that night.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {photos.map((photo, index) => (
            <li key={photo.id} className="group relative overflow-hidden rounded-xl border border-border bg-surface">
              <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                <img
                  src={photo.url}
                  alt={`Taken at this show (${index + 1} of ${photos.length})`}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                />
              </a>
              <OverridingButton
                variant="secondary"
                size="icon"
                className="absolute top-2 right-2 size-9 bg-black/60 [&_svg]:size-4"
                aria-label={`Delete photo ${index + 1}`}
                onClick={() => setToDelete(photo)}
              >
                <Trash2 aria-hidden="true" />
              </OverridingButton>
            </li>
          ))}
        </ul>
      )}
      <ModalDialog open={toDelete !== null} onOpenChange={(open) => (open ? null : setToDelete(null))}>
        <ModalDialogContent title="Delete this photo?" description="It is removed for good.">
          <div className="flex justify-end gap-3">
            <ModalDialogClose asChild>
              <Button variant="ghost">Keep it</Button>
            </ModalDialogClose>
            <Button variant="default" onClick={confirmDelete}>
              Delete photo
            </Button>
          </div>
        </ModalDialogContent>
      </ModalDialog>
    </section>
  );
};
