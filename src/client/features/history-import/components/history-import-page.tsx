import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, History, Undo2, Upload } from 'lucide-react';
import Papa from 'papaparse';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { inputClassName } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { cn } from '#client/lib/utils.ts';
import {
  guessCsvMapping,
  HISTORY_CSV_FIELDS,
  HISTORY_IMPORT_LIMITS,
  HISTORY_IMPORT_MESSAGES,
  HISTORY_ROW_OUTCOME_LABELS,
  HISTORY_ROW_OUTCOMES,
  type HistoryCsvField,
  type HistoryCsvMapping,
  type HistoryImportProgressEvent,
  type HistoryImportView,
  type HistoryRowOutcome,
} from '#shared/setlists.ts';
import {
  discardImport,
  importKeys,
  importRowsQueryOptions,
  previewSetlistfm,
  startImport,
  undoImport,
  uploadAppExport,
  uploadCsv,
  useImport,
  useImports,
} from '../api/history-import-api.ts';

type Source = 'csv' | 'setlistfm' | 'app';

const FIELD_LABELS: Record<HistoryCsvField, string> = {
  date: 'Date',
  artist: 'Artist',
  venue: 'Venue',
  city: 'City',
  country: 'Country',
};

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Try again.');

/** The first rows of a CSV, read in the browser for the column-mapping step (the server reads it whole). */
async function sampleCsv(file: File): Promise<{ headers: string[]; rows: Record<string, string>[] }> {
  const head = await file.slice(0, 64 * 1024).text();
  const parsed = Papa.parse<Record<string, string>>(head.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    preview: 4,
    transformHeader: (header) => header.trim(),
  });
  return { headers: (parsed.meta.fields ?? []).filter(Boolean), rows: parsed.data };
}

const CsvStep = ({ onPreview }: { onPreview: (view: HistoryImportView) => void }) => {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [sample, setSample] = useState<{ headers: string[]; rows: Record<string, string>[] } | null>(null);
  const [mapping, setMapping] = useState<HistoryCsvMapping>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (chosen: File | undefined) => {
    setError(null);
    setSample(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > HISTORY_IMPORT_LIMITS.csvMaxBytes) return setError(HISTORY_IMPORT_MESSAGES.csvTooLarge);
    const read = await sampleCsv(chosen);
    if (read.headers.length === 0) return setError(HISTORY_IMPORT_MESSAGES.csvUnreadable);
    setFile(chosen);
    setSample(read);
    setMapping(guessCsvMapping(read.headers));
  };

  const submit = async () => {
    if (!file) return;
    if (!mapping.date || !mapping.artist) return setError(HISTORY_IMPORT_MESSAGES.mappingRequired);
    setBusy(true);
    setError(null);
    try {
      onPreview(await uploadCsv(file, mapping));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <label className="flex flex-col gap-2 text-sm" htmlFor={`${id}-file`}>
        <span className="font-medium">A spreadsheet saved as CSV (up to 20 MB, 50,000 rows)</span>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className="text-sm file:mr-3 file:rounded-full file:border-0 file:bg-surface-raised file:px-4 file:py-2 file:text-foreground"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </label>
      {sample ? (
        // min-w-0: a fieldset is as wide as its widest content by default (a select's longest column name,
        // the sample table), which pushed the page past a phone's width.
        <fieldset className="flex min-w-0 flex-col gap-4 rounded-2xl border border-border bg-surface p-4">
          <legend className="px-1 font-semibold">Which column holds what?</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-5">
            {HISTORY_CSV_FIELDS.map((field) => (
              <label key={field} className="flex flex-col gap-1 text-sm">
                <span>
                  {FIELD_LABELS[field]}
                  {field === 'date' || field === 'artist' ? ' (required)' : ''}
                </span>
                <select
                  className={cn(inputClassName, 'h-10 w-full min-w-0')}
                  value={mapping[field] ?? ''}
                  onChange={(event) =>
                    setMapping((current) => ({ ...current, [field]: event.target.value || undefined }))
                  }
                >
                  <option value="">Not in the file</option>
                  {sample.headers.map((header) => (
                    <option key={header} value={header}>
                      {header}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="mb-1 text-left text-muted">The first rows of {file?.name}</caption>
              <thead>
                <tr>
                  {HISTORY_CSV_FIELDS.map((field) => (
                    <th key={field} scope="col" className="px-2 py-1 font-semibold">
                      {FIELD_LABELS[field]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sample.rows.map((row, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity
                  <tr key={index} className="border-t border-border">
                    {HISTORY_CSV_FIELDS.map((field) => (
                      <td key={field} className="px-2 py-1 text-muted">
                        {mapping[field] ? row[mapping[field]!] : '—'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <Button onClick={() => void submit()} disabled={busy}>
              {busy ? 'Reading the file…' : 'Preview the import'}
            </Button>
          </div>
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
};

const SetlistfmStep = ({ onPreview }: { onPreview: (view: HistoryImportView) => void }) => {
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        try {
          onPreview(await previewSetlistfm(username));
        } catch (failure) {
          setError(errorText(failure));
        } finally {
          setBusy(false);
        }
      }}
    >
      <label className="flex max-w-sm flex-col gap-1.5 text-sm">
        <span className="font-medium">Your setlist.fm user name</span>
        <input
          className={cn(inputClassName, 'h-11')}
          value={username}
          maxLength={HISTORY_IMPORT_LIMITS.usernameMax}
          autoComplete="off"
          onChange={(event) => setUsername(event.target.value)}
        />
      </label>
      <p className="text-sm text-muted">We read the shows you marked as attended on setlist.fm, with their setlists.</p>
      <div>
        <Button type="submit" disabled={busy || !username.trim()}>
          {busy ? 'Reading your setlist.fm shows…' : 'Preview the import'}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
};

const AppStep = ({ onPreview }: { onPreview: (view: HistoryImportView) => void }) => {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-2 text-sm">
        <span className="font-medium">The data export from Settings (JSON). Its CSV works in the CSV tab too.</span>
        <input
          type="file"
          accept=".json,application/json"
          disabled={busy}
          className="text-sm file:mr-3 file:rounded-full file:border-0 file:bg-surface-raised file:px-4 file:py-2 file:text-foreground"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setBusy(true);
            setError(null);
            try {
              onPreview(await uploadAppExport(file));
            } catch (failure) {
              setError(errorText(failure));
            } finally {
              setBusy(false);
            }
          }}
        />
      </label>
      {busy ? <Spinner label="Reading the file..." /> : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
};

const confidenceText = (confidence: number | null) => {
  if (confidence === null) return '';
  const percent = Math.round(confidence * 100);
  return `${confidence >= 0.9 ? 'High' : confidence >= 0.7 ? 'Good' : 'Low'} · ${percent}%`;
};

const OUTCOME_TONE: Record<HistoryRowOutcome, string> = {
  matched: 'text-emerald-300',
  create: 'text-accent',
  duplicate: 'text-muted',
  unparseable: 'text-destructive',
};

const PreviewRows = ({ view }: { view: HistoryImportView }) => {
  const [outcome, setOutcome] = useState<HistoryRowOutcome | null>(null);
  const [page, setPage] = useState(1);
  const query = useQuery(importRowsQueryOptions(view.id, page, outcome));
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show rows</legend>
        {[null, ...HISTORY_ROW_OUTCOMES].map((value) => (
          <Button
            key={value ?? 'all'}
            size="sm"
            variant={outcome === value ? 'default' : 'outline'}
            aria-pressed={outcome === value}
            onClick={() => {
              setOutcome(value);
              setPage(1);
            }}
          >
            {value ? `${HISTORY_ROW_OUTCOME_LABELS[value]} (${view.counts[value]})` : `All (${view.totalRows})`}
          </Button>
        ))}
      </fieldset>
      {query.isPending ? <Spinner label="Loading rows..." /> : null}
      {query.data ? (
        <div className="overflow-x-auto rounded-2xl border border-border">
          <table className="w-full text-left text-sm" data-testid="preview-rows">
            <thead className="bg-surface">
              <tr>
                <th scope="col" className="px-2 py-2 sm:px-3">
                  Row
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3">
                  In the file
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3">
                  Result
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.rows.map((row) => (
                <tr key={row.rowNumber} className="border-t border-border align-top">
                  <td className="px-2 py-2 sm:px-3 text-muted tabular-nums">{row.rowNumber}</td>
                  <td className="px-2 py-2 sm:px-3">
                    <span className="font-medium">{row.artistName ?? '—'}</span>
                    <span className="block text-muted">
                      {[row.eventDate, row.venueName, row.city, row.country].filter(Boolean).join(' · ') || '—'}
                    </span>
                  </td>
                  <td className="px-2 py-2 sm:px-3">
                    <span className={cn('font-semibold', OUTCOME_TONE[row.outcome])}>
                      {HISTORY_ROW_OUTCOME_LABELS[row.outcome]}
                    </span>
                    {row.outcome === 'matched' ? (
                      <span className="ml-2 text-muted">{confidenceText(row.confidence)}</span>
                    ) : null}
                    {row.stop ? (
                      <span className="block text-muted">
                        {row.stop.artistName} at {row.stop.venueName}, {row.stop.city}
                      </span>
                    ) : null}
                    {row.outcome === 'create' ? (
                      <span className="block text-muted">Added as your own show until we check it</span>
                    ) : null}
                    {row.message ? <span className="block text-muted">{row.message}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <div className="flex items-center gap-3 text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </div>
  );
};

/** Progress events from the fan's stream move the bar at once; the query's polling is the fallback. */
function useProgressEvents(importId: string, live: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!live || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    source.addEventListener('history-import-progress', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as HistoryImportProgressEvent;
      if (event.importId !== importId) return;
      queryClient.setQueryData<HistoryImportView>(importKeys.one(importId), (view) =>
        view ? { ...view, state: event.state, processedRows: event.processedRows } : view,
      );
      if (event.state === 'done' || event.state === 'failed') {
        void queryClient.invalidateQueries({ queryKey: importKeys.one(importId) });
      }
    });
    return () => source.close();
  }, [importId, live, queryClient]);
}

const ProgressBar = ({ view }: { view: HistoryImportView }) => {
  const percent = view.totalRows === 0 ? 0 : Math.round((view.processedRows / view.totalRows) * 100);
  return (
    <div className="flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={view.totalRows}
        aria-valuenow={view.processedRows}
        aria-valuetext={`${view.processedRows} of ${view.totalRows} rows`}
        className="h-3 overflow-hidden rounded-full bg-surface-raised"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {view.processedRows.toLocaleString('en-US')} of {view.totalRows.toLocaleString('en-US')} rows ({percent}%)
      </p>
    </div>
  );
};

const ImportView = ({ importId, onReset }: { importId: string; onReset: () => void }) => {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const first = useImport(importId, false);
  const live = first.data?.state === 'queued' || first.data?.state === 'running';
  const query = useImport(importId, live);
  useProgressEvents(importId, live);
  const view = query.data;
  if (!view) return <Spinner label="Loading the import..." />;

  const act = async (action: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    setError(null);
    try {
      const result = await action();
      if (result && typeof result === 'object' && 'id' in result) {
        queryClient.setQueryData(importKeys.one(importId), result);
      }
      void queryClient.invalidateQueries({ queryKey: importKeys.all });
      after?.();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const importable = view.counts.matched + view.counts.create;

  return (
    <section aria-labelledby="import-heading" className="flex flex-col gap-5" data-testid="import-view">
      <h2 id="import-heading" className="font-display text-2xl font-bold">
        {view.state === 'preview' ? 'Preview' : 'Import'}: {view.label}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {HISTORY_ROW_OUTCOMES.map((outcome) => (
          <div key={outcome} className="rounded-2xl border border-border bg-surface px-4 py-3">
            <dt className="text-sm text-muted">{HISTORY_ROW_OUTCOME_LABELS[outcome]}</dt>
            <dd className={cn('font-display text-2xl font-bold', OUTCOME_TONE[outcome])}>{view.counts[outcome]}</dd>
          </div>
        ))}
      </dl>
      {view.state === 'preview' ? (
        <div className="flex flex-wrap gap-3">
          <Button disabled={busy || importable === 0} onClick={() => void act(() => startImport(importId))}>
            <Upload aria-hidden="true" />
            Import {importable} {importable === 1 ? 'show' : 'shows'}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => void act(() => discardImport(importId), onReset)}>
            Discard
          </Button>
        </div>
      ) : null}
      {view.state === 'queued' || view.state === 'running' ? <ProgressBar view={view} /> : null}
      {view.state === 'done' || view.state === 'failed' ? (
        <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4" role="status">
          <ProgressBar view={view} />
          <p>
            {view.state === 'failed' ? `${view.error} ` : ''}
            Added {view.addedCount} {view.addedCount === 1 ? 'show' : 'shows'} to your history
            {view.createdStopCount > 0
              ? `, ${view.createdStopCount} of them new to the catalog (waiting for a check)`
              : ''}
            .
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to={paths.myShows}>See your shows</Link>
            </Button>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => {
                if (!window.confirm(`Undo this import? The ${view.addedCount} shows it added are removed.`)) return;
                void act(
                  () => undoImport(importId),
                  () => showToast({ title: HISTORY_IMPORT_MESSAGES.undone }),
                );
              }}
            >
              <Undo2 aria-hidden="true" />
              Undo the import
            </Button>
            <Button variant="ghost" onClick={onReset}>
              Import another
            </Button>
          </div>
        </div>
      ) : null}
      {view.state === 'undone' ? (
        <p role="status" className="text-muted">
          This import was undone: the shows it added are gone.{' '}
          <button type="button" className="text-accent underline" onClick={onReset}>
            Import another
          </button>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {view.state === 'preview' ? <PreviewRows view={view} /> : null}
    </section>
  );
};

const PastImports = ({ onOpen }: { onOpen: (id: string) => void }) => {
  const query = useImports();
  const imports = query.data?.imports ?? [];
  if (imports.length === 0) return null;
  return (
    <section aria-labelledby="past-imports" className="flex flex-col gap-3">
      <h2 id="past-imports" className="flex items-center gap-2 font-display text-xl font-bold">
        <History className="size-5 text-accent" aria-hidden="true" />
        Earlier imports
      </h2>
      <ul className="flex flex-col gap-2">
        {imports.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border px-4 py-2"
          >
            <span>
              <span className="font-medium">{item.label}</span>
              <span className="ml-2 text-sm text-muted">
                {new Date(item.createdAt).toLocaleDateString('en-US')} · {item.state} · {item.addedCount} added
              </span>
            </span>
            <Button size="sm" variant="outline" onClick={() => onOpen(item.id)}>
              Open
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
};

const SOURCES: { value: Source; label: string }[] = [
  { value: 'csv', label: 'Spreadsheet (CSV)' },
  { value: 'setlistfm', label: 'setlist.fm' },
  { value: 'app', label: 'TourGuides export' },
];

/** /my-shows/import — bring years of shows in at once. The import in progress is in the URL (?import=id). */
export const HistoryImportPage = () => {
  useDocumentTitle(`Import your concert history | ${BRAND}`);
  const [params, setParams] = useSearchParams();
  const importId = params.get('import') ?? '';
  const [source, setSource] = useState<Source>('csv');
  const open = (id: string) => setParams(id ? { import: id } : {});
  const onPreview = (view: HistoryImportView) => open(view.id);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-10 sm:px-6">
      <header className="flex flex-col gap-2">
        <h1 className="flex items-center gap-3 font-display text-3xl font-extrabold sm:text-4xl">
          <FileSpreadsheet className="size-8 text-accent" aria-hidden="true" />
          Import your concert history
        </h1>
        <p className="text-muted">
          Bring in the shows you went to. You see what matches before anything is added; importing the same file again
          adds nothing, and an import can be undone as a whole.
        </p>
      </header>
      {importId ? (
        <ImportView key={importId} importId={importId} onReset={() => open('')} />
      ) : (
        <>
          <div role="tablist" aria-label="Import from" className="flex flex-wrap gap-2">
            {SOURCES.map((item) => (
              <Button
                key={item.value}
                role="tab"
                aria-selected={source === item.value}
                variant={source === item.value ? 'default' : 'outline'}
                size="sm"
                onClick={() => setSource(item.value)}
              >
                {item.label}
              </Button>
            ))}
          </div>
          <div role="tabpanel">
            {source === 'csv' ? <CsvStep onPreview={onPreview} /> : null}
            {source === 'setlistfm' ? <SetlistfmStep onPreview={onPreview} /> : null}
            {source === 'app' ? <AppStep onPreview={onPreview} /> : null}
          </div>
          <PastImports onOpen={open} />
        </>
      )}
    </div>
  );
};
