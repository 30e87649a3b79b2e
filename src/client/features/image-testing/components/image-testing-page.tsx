import { ImageOff, Play, Search, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminArtists } from '#client/components/admin/admin-artists.ts';
import { AdminPageHeader, fullDateTime } from '#client/components/admin/admin-page-header.tsx';
import { AuditLogPanel } from '#client/components/admin/audit-log-panel.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextInput } from '#client/components/ui/form-field.tsx';
import { ModalDialog, ModalDialogContent } from '#client/components/ui/modal-dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import {
  ARTIST_UPLOAD_MAX_BYTES,
  type ImageCandidateView,
  type ImageSource,
  imageSourceLabels,
  imageSources,
  type SourceRunView,
} from '#shared/image-testing.ts';
import {
  useClearImage,
  useImageTesting,
  useReplaceImage,
  useRunSource,
  useUploadImage,
} from '../api/image-testing-api.ts';

const kb = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1024).toFixed(1)} KB`);

/** /admin/image-testing: an artist's image and its source; each source tried side by side; replace, upload or clear. */
export const ImageTestingPage = () => {
  useDocumentTitle(`Image testing · Admin | ${BRAND}`);
  const [params, setParams] = useSearchParams();
  const slug = params.get('artist');
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <AdminPageHeader
        title="Image testing"
        intro="Pick an artist, compare what each image source gives, and choose. Open pages showing the artist update at once."
      />
      <ArtistPicker onPick={(next) => setParams({ artist: next })} />
      {slug ? <ArtistImages key={slug} slug={slug} /> : <p className="text-muted">Search for an artist to begin.</p>}
      <AuditLogPanel targetTypes={['artist-image']} emptyText="No image has been changed here yet." />
    </section>
  );
};

const ArtistPicker = ({ onPick }: { onPick: (slug: string) => void }) => {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const results = useAdminArtists({ q, page: 1 });
  const inputId = useId();
  return (
    <div className="flex flex-col gap-2">
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(text.trim());
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Search an artist
        </label>
        <div className="relative flex-1 sm:max-w-md">
          <Search className="pointer-events-none absolute top-3.5 left-3.5 size-4 text-muted" aria-hidden="true" />
          <TextInput
            id={inputId}
            type="search"
            placeholder="Search an artist by name"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="pl-10"
          />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {q && results.data ? (
        results.data.artists.length === 0 ? (
          <p className="text-sm text-muted">No artist matches “{q}”.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Matching artists">
            {results.data.artists.slice(0, 10).map((artist) => (
              <li key={artist.id}>
                <Button size="sm" variant="secondary" onClick={() => onPick(artist.slug)}>
                  {artist.name}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
};

const ArtistImages = ({ slug }: { slug: string }) => {
  const artist = useImageTesting(slug);
  const runSource = useRunSource(slug);
  const replace = useReplaceImage(slug);
  const upload = useUploadImage(slug);
  const clear = useClearImage(slug);
  const [runs, setRuns] = useState<Partial<Record<ImageSource, SourceRunView | 'running'>>>({});
  const [confirmClear, setConfirmClear] = useState(false);
  const uploadId = useId();

  const run = (source: ImageSource) => {
    setRuns((current) => ({ ...current, [source]: 'running' }));
    runSource.mutate(source, {
      onSuccess: (result) => setRuns((current) => ({ ...current, [source]: result })),
      onError: (error) => {
        setRuns((current) => ({ ...current, [source]: undefined }));
        showToast({ title: `${imageSourceLabels[source]} failed`, description: error.message, variant: 'destructive' });
      },
    });
  };
  const changed = (title: string) => ({
    onSuccess: () => showToast({ title }),
    onError: (error: Error) => showToast({ title: 'Not changed', description: error.message, variant: 'destructive' }),
  });

  if (artist.isPending) return <Spinner label="Loading the artist..." className="py-12" />;
  if (artist.isError)
    return <LoadError what="The artist" message={artist.error.message} onRetry={() => artist.refetch()} />;
  const { current } = artist.data;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="current-heading" className="flex flex-col gap-3">
        <h2 id="current-heading" className="font-display text-2xl font-bold">
          {artist.data.name}
          <span className="ml-2 text-base font-normal text-muted">{artist.data.mbid ?? 'no MusicBrainz ID'}</span>
        </h2>
        {current ? (
          <CandidateCard title="Current image" candidate={current}>
            <p className="text-sm text-muted">
              From {imageSourceLabels[current.source] ?? current.source} · since{' '}
              {fullDateTime.format(new Date(current.createdAt))}
            </p>
          </CandidateCard>
        ) : (
          <p className="rounded-card border border-dashed border-border-strong px-4 py-6 text-center text-muted">
            No image yet: the next page that shows the artist asks for one.
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={uploadId}
            className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-full border border-border-strong px-4 text-sm font-semibold hover:border-accent focus-within:outline-2 focus-within:outline-accent"
          >
            <Upload className="size-4" aria-hidden="true" />
            {upload.isPending ? 'Uploading…' : 'Upload a replacement'}
            <input
              id={uploadId}
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                if (file.size > ARTIST_UPLOAD_MAX_BYTES) {
                  showToast({ title: 'The image is larger than 10 MB.', variant: 'destructive' });
                  return;
                }
                upload.mutate(file, changed('Image replaced with the upload'));
              }}
            />
          </label>
          {current ? (
            <Button size="sm" variant="ghost" onClick={() => setConfirmClear(true)}>
              <ImageOff aria-hidden="true" />
              Clear image
            </Button>
          ) : null}
        </div>
      </section>
      <section aria-labelledby="sources-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="sources-heading" className="font-display text-xl font-bold">
            Sources side by side
          </h2>
          <Button size="sm" onClick={() => imageSources.forEach(run)}>
            <Play aria-hidden="true" />
            Run every source
          </Button>
        </div>
        <ul className="grid gap-4 md:grid-cols-2">
          {imageSources.map((source) => {
            const result = runs[source];
            return (
              <li key={source} className="flex flex-col gap-2">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-semibold">{imageSourceLabels[source]}</h3>
                  <Button size="sm" variant="outline" onClick={() => run(source)} disabled={result === 'running'}>
                    {result === 'running' ? 'Running…' : 'Run'}
                  </Button>
                </div>
                {result === 'running' ? (
                  <Spinner label={`Running ${imageSourceLabels[source]}...`} className="py-8" />
                ) : result?.candidate ? (
                  <CandidateCard title={`${imageSourceLabels[source]} · ${result.ms} ms`} candidate={result.candidate}>
                    <Button
                      size="sm"
                      disabled={replace.isPending || current?.imageUrl === result.candidate.imageUrl}
                      onClick={() =>
                        result.candidate &&
                        replace.mutate(
                          { source, imageUrl: result.candidate.imageUrl, attribution: result.candidate.attribution },
                          changed(`Image replaced with the ${imageSourceLabels[source].toLowerCase()}`),
                        )
                      }
                    >
                      {current?.imageUrl === result.candidate.imageUrl ? 'In use' : 'Use this image'}
                    </Button>
                  </CandidateCard>
                ) : result ? (
                  <p className="rounded-card border border-dashed border-border-strong px-4 py-6 text-sm text-muted">
                    {result.message} ({result.ms} ms)
                  </p>
                ) : (
                  <p className="rounded-card border border-dashed border-border-strong px-4 py-6 text-sm text-muted">
                    Not run yet.
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <ModalDialog open={confirmClear} onOpenChange={setConfirmClear}>
        <ModalDialogContent
          title="Clear the image?"
          description="The image goes; the automatic one (a Wikidata photo, else the generated artwork) is made again."
        >
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirmClear(false)}>
              Cancel
            </Button>
            <Button
              onClick={() =>
                clear.mutate(undefined, { ...changed('Image cleared'), onSettled: () => setConfirmClear(false) })
              }
              disabled={clear.isPending}
            >
              Clear image
            </Button>
          </div>
        </ModalDialogContent>
      </ModalDialog>
    </div>
  );
};

const CandidateCard = ({
  title,
  candidate,
  children,
}: {
  title: string;
  candidate: ImageCandidateView;
  children?: React.ReactNode;
}) => (
  <figure className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:flex-row">
    <img
      src={candidate.imageUrl}
      alt={title}
      className="size-40 shrink-0 rounded-lg bg-white/5 object-cover"
      width={160}
      height={160}
    />
    <figcaption className="flex min-w-0 flex-col gap-1 text-sm">
      <p className="font-semibold">{title}</p>
      <p className="text-muted">
        {candidate.width && candidate.height
          ? `${candidate.width}×${candidate.height}`
          : candidate.width
            ? `${candidate.width} px wide`
            : 'size unknown'}
        {candidate.format ? ` · ${candidate.format}` : ''} · {kb(candidate.bytes)}
      </p>
      {candidate.variants.length > 0 ? (
        <p className="text-muted">
          Variants:{' '}
          {candidate.variants.map((variant) => `${variant.width ?? 'original'} (${kb(variant.bytes)})`).join(' · ')}
        </p>
      ) : null}
      {candidate.attribution ? <p className="break-words text-xs text-muted">{candidate.attribution}</p> : null}
      {children}
    </figcaption>
  </figure>
);
