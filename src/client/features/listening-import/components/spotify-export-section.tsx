import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileJson } from 'lucide-react';
import { useState } from 'react';
import { InlineLoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { ListeningImportView } from '#shared/listening-import.ts';
import { FAN_BASE, latestImportQueryOptions, listeningImportKeys } from '../api/listening-import-api.ts';
import { ExportUpload } from './export-upload.tsx';
import { ImportFlow } from './import-flow.tsx';

/**
 * Music services → "Spotify data export": the files of Spotify's "Download your data", counted
 * per artist on the server, previewed, and followed with source 'spotify-export'. The fan's
 * latest import is read back, so a reload lands on its progress, preview or summary.
 */
export const SpotifyExportSection = () => {
  const queryClient = useQueryClient();
  const latest = useQuery(latestImportQueryOptions());
  const [fresh, setFresh] = useState(false);
  const current = fresh ? null : (latest.data?.import ?? null);

  const started = (view: ListeningImportView) => {
    queryClient.setQueryData(listeningImportKeys.one(view.id), view);
    queryClient.setQueryData(listeningImportKeys.latest(), { import: view });
    setFresh(false);
  };

  return (
    <section
      aria-labelledby="spotify-export-heading"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="spotify-export-heading" className="flex items-center gap-2 font-display text-xl font-bold">
          <FileJson className="size-5 text-accent" aria-hidden="true" />
          Spotify data export
        </h2>
        <p className="text-sm text-muted">
          No Spotify connection needed: in Spotify's Privacy settings ask for <em>Download your data</em> (account data,
          or the extended streaming history) and choose the zip that arrives by email here — no need to unzip it (its
          streaming history files, if you have unzipped it, work too). We count your plays per artist; the files
          themselves are not kept.
        </p>
      </div>
      {latest.isPending ? <Spinner label="Loading your last import..." className="py-4" /> : null}
      {latest.isError ? <InlineLoadError what="Your last import" onRetry={() => latest.refetch()} /> : null}
      {latest.isSuccess && (!current || current.state === 'uploading') ? (
        <ExportUpload key={current?.id ?? 'new'} base={FAN_BASE} existing={current} onStarted={started} />
      ) : null}
      {current && current.state !== 'uploading' ? (
        <>
          <ImportFlow key={current.id} base={FAN_BASE} view={current} />
          {current.state === 'done' || current.state === 'cancelled' || current.state === 'failed' ? (
            <div>
              <Button size="sm" variant="outline" onClick={() => setFresh(true)}>
                Import another export
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
};
