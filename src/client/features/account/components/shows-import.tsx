import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileUp, TriangleAlert } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';
import type { ErrorIssue } from '#shared/errors.ts';
import { SHOW_IMPORT_LIMITS, type ShowImportResult, type UnmatchedShow } from '#shared/show-portability.ts';
import { importShows } from '../api/account-api.ts';

type Step =
  | { name: 'idle' }
  | { name: 'checking'; file: File }
  | { name: 'review'; file: File; result: ShowImportResult }
  | { name: 'importing'; file: File; result: ShowImportResult }
  | { name: 'done'; result: ShowImportResult }
  | { name: 'refused'; fileName: string; message: string; issues: ErrorIssue[] };

const STEPS = ['Check the file', 'Review', 'Import'] as const;
const stepIndex: Record<Step['name'], number> = { idle: -1, checking: 0, refused: 0, review: 1, importing: 2, done: 3 };

const plural = (count: number, word: string) => `${count.toLocaleString()} ${word}${count === 1 ? '' : 's'}`;

/**
 * Restores shows from a TourGuides export (the JSON file or the attended-shows CSV) into an account
 * with none: the server checks the whole file first (nothing is written), the fan reviews what will
 * be restored and what is not in the catalog, then imports in one go.
 */
export const ShowsImport = () => {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [step, setStep] = useState<Step>({ name: 'idle' });

  const refuse = (fileName: string, error: unknown) => {
    const issues = error instanceof ApiError ? error.issues : [];
    setStep({ name: 'refused', fileName, message: (error as Error).message, issues });
  };

  const check = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > SHOW_IMPORT_LIMITS.maxBytes) {
      refuse(file.name, new Error('The file is larger than 16 MB.'));
      return;
    }
    setStep({ name: 'checking', file });
    try {
      setStep({ name: 'review', file, result: await importShows(file, true) });
    } catch (error) {
      refuse(file.name, error);
    }
  };

  const run = async (file: File, preview: ShowImportResult) => {
    setStep({ name: 'importing', file, result: preview });
    try {
      const result = await importShows(file, false);
      setStep({ name: 'done', result });
      void queryClient.invalidateQueries({ queryKey: ['shows'] });
    } catch (error) {
      refuse(file.name, error);
    }
  };

  const busy = step.name === 'checking' || step.name === 'importing';
  const current = stepIndex[step.name];

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-muted">
        Restore your shows from a TourGuides data file (JSON) or attended-shows CSV. Import works into an account that
        has no shows yet; each show is matched to the catalog by artist, venue and date.
      </p>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept=".json,.csv,application/json,text/csv"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => void check(event)}
      />
      {step.name === 'review' || busy ? null : (
        <Button variant="outline" onClick={() => inputRef.current?.click()}>
          <FileUp aria-hidden="true" />
          {step.name === 'idle' ? 'Import shows' : 'Choose another file'}
        </Button>
      )}
      {current >= 0 ? (
        <ol aria-label="Import progress" className="flex w-full flex-wrap gap-x-4 gap-y-1 text-xs">
          {STEPS.map((label, index) => (
            <li
              key={label}
              aria-current={index === current ? 'step' : undefined}
              className={cn(
                'flex items-center gap-1.5',
                index < current ? 'text-foreground' : index === current ? 'font-semibold text-accent' : 'text-muted',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex size-5 items-center justify-center rounded-full border text-[0.7rem]',
                  index <= current ? 'border-accent' : 'border-border-strong',
                )}
              >
                {index + 1}
              </span>
              {label}
            </li>
          ))}
        </ol>
      ) : null}
      <ImportStepBody step={step} onImport={run} onCancel={() => setStep({ name: 'idle' })} />
    </div>
  );
};

const ImportStepBody = ({
  step,
  onImport,
  onCancel,
}: {
  step: Step;
  onImport: (file: File, preview: ShowImportResult) => void;
  onCancel: () => void;
}) => {
  switch (step.name) {
    case 'idle':
      return null;
    case 'checking':
      return <Spinner label={`Checking ${step.file.name}...`} align="start" className="py-1 text-sm" />;
    case 'importing':
      return (
        <Spinner
          label={`Importing ${plural(step.result.imported, 'show')}...`}
          align="start"
          className="py-1 text-sm"
        />
      );
    case 'refused':
      return (
        <div role="alert" className="w-full rounded-xl border border-destructive/60 bg-destructive-surface p-4 text-sm">
          <p className="flex items-center gap-2 font-semibold text-destructive-foreground">
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-destructive" />
            {step.fileName}: {step.message}
          </p>
          {step.issues.length > 0 ? (
            <ul className="mt-2 max-h-64 list-disc overflow-y-auto pl-5 text-destructive-foreground/90">
              {step.issues.map((issue, index) => (
                // Several problems may share a row: the index keeps keys unique.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
                <li key={index}>
                  {issue.path === 'file' ? '' : `${issue.path}: `}
                  {issue.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      );
    case 'review':
      return (
        <div className="flex w-full flex-col gap-3 rounded-xl border border-border p-4 text-sm">
          <p role="status">
            {step.result.imported > 0
              ? `${step.file.name}: ${plural(step.result.imported, 'show')} of ${step.result.total} ready to import.`
              : `${step.file.name}: none of its ${plural(step.result.total, 'show')} is in the catalog.`}
          </p>
          <UnmatchedList unmatched={step.result.unmatched} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
            {step.result.imported > 0 ? (
              <Button onClick={() => onImport(step.file, step.result)}>
                Import {plural(step.result.imported, 'show')}
              </Button>
            ) : null}
          </div>
        </div>
      );
    case 'done':
      return (
        <div role="status" className="flex w-full flex-col gap-2 rounded-xl border border-border p-4 text-sm">
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-4 text-cyan" />
            {plural(step.result.imported, 'show')} imported.
          </p>
          <UnmatchedList unmatched={step.result.unmatched} />
        </div>
      );
  }
};

const UnmatchedList = ({ unmatched }: { unmatched: UnmatchedShow[] }) => {
  if (unmatched.length === 0) return null;
  return (
    <div>
      <p className="text-muted">{plural(unmatched.length, 'row')} not found in the catalog, so not imported:</p>
      <ul className="mt-1 max-h-48 list-disc overflow-y-auto pl-5 text-muted">
        {unmatched.map((show) => (
          <li key={show.row}>
            Row {show.row}: {show.artist} at {show.venue}, {show.city} on {show.date}
          </li>
        ))}
      </ul>
    </div>
  );
};
