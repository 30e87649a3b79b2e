import { FileUp, X } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert } from '#client/components/ui/form-field.tsx';
import { OverridingButton } from '#client/components/ui/overriding-button.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import {
  LISTENING_IMPORT_LIMITS,
  LISTENING_IMPORT_MESSAGES,
  type ListeningImportView,
} from '#shared/listening-import.ts';
import { createImport, type ImportBase, startMatch, uploadExportFile } from '../api/listening-import-api.ts';

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Chooses the files of a Spotify download — the .zip as it arrives, or the .json files inside it —
 * and sends them one by one (each streamed from
 * disk, counted on the server as it arrives), then starts the match. A refused file names itself
 * and changes nothing; the files already counted stay in the import.
 */
export const ExportUpload = ({
  base,
  existing,
  onStarted,
}: {
  base: ImportBase;
  /** An import still taking files (after a reload or a refused file). */
  existing: ListeningImportView | null;
  onStarted: (view: ListeningImportView) => void;
}) => {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<{ bytes: number; file: string } | null>(null);
  const [view, setView] = useState<ListeningImportView | null>(existing);
  const busy = sent !== null;
  const already = view?.files ?? [];
  const usedBytes = view?.bytes ?? 0;
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const next = [...files, ...chosen.filter((file) => !files.some((known) => known.name === file.name))];
    const bytes = next.reduce((sum, file) => sum + file.size, 0) + usedBytes;
    if (bytes > LISTENING_IMPORT_LIMITS.maxBytes) return setProblem(LISTENING_IMPORT_MESSAGES.tooLarge);
    if (next.length + already.length > LISTENING_IMPORT_LIMITS.maxFiles) {
      return setProblem(LISTENING_IMPORT_MESSAGES.tooManyFiles);
    }
    setProblem(null);
    setFiles(next);
  }

  async function send() {
    setProblem(null);
    let current = view;
    try {
      if (!current) {
        current = await createImport(base);
        setView(current);
      }
      let before = 0;
      for (const file of files) {
        setSent({ bytes: before, file: file.name });
        current = await uploadExportFile(base, current.id, file, (bytes) =>
          setSent({ bytes: before + bytes, file: file.name }),
        );
        setView(current);
        before += file.size;
        setFiles((left) => left.filter((known) => known !== file));
      }
      onStarted(await startMatch(base, current.id));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The upload failed. Please try again.');
    } finally {
      setSent(null);
    }
  }

  const percent = busy && totalBytes > 0 ? Math.min(100, Math.round((sent.bytes / totalBytes) * 100)) : 0;
  const ready = files.length > 0 || (already.length > 0 && (view?.artists ?? 0) > 0);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold">
          Streaming history files
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept=".json,application/json,.zip,application/zip"
          className="sr-only"
          onChange={choose}
          aria-describedby={hintId}
          disabled={busy}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
            <FileUp aria-hidden="true" />
            Choose files
          </Button>
          <span id={hintId} className="text-xs text-muted">
            my_spotify_data.zip as it arrives, or the StreamingHistory_music_*.json / Streaming_History_Audio_*.json
            inside it · several at once · up to {LISTENING_IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB in total
          </span>
        </div>
      </div>

      {already.length > 0 || files.length > 0 ? (
        <ul aria-label="Files" className="flex flex-col divide-y divide-border rounded-xl border border-border text-sm">
          {already.map((file) => (
            <li key={`done-${file.name}`} className="flex items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0 truncate font-semibold">{file.name}</span>
              <span className="shrink-0 text-xs text-emerald-200">
                {file.plays.toLocaleString('en-US')} plays counted
              </span>
            </li>
          ))}
          {files.map((file) => (
            <li key={file.name} className="flex items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0 truncate">{file.name}</span>
              <span className="flex shrink-0 items-center gap-2 text-xs text-muted">
                {megabytes(file.size)}
                <OverridingButton
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-8 [&_svg]:size-4"
                  disabled={busy}
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFiles(files.filter((known) => known !== file))}
                >
                  <X />
                </OverridingButton>
              </span>
            </li>
          ))}
        </ul>
      ) : null}

      {busy ? (
        <div className="flex flex-col gap-2">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-3 overflow-hidden rounded-full bg-surface-raised"
          >
            <div
              className="h-full rounded-full bg-accent transition-[width] duration-200"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-sm text-muted" aria-live="polite">
            Sending and counting {sent.file}… {percent}%
          </p>
        </div>
      ) : null}

      {problem ? <FormAlert>{problem}</FormAlert> : null}

      <div>
        <Button type="button" disabled={!ready || busy} onClick={() => void send()}>
          {busy ? 'Counting plays…' : 'Count plays and match'}
        </Button>
      </div>
    </div>
  );
};
