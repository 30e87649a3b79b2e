import { useQueryClient } from '@tanstack/react-query';
import { FileUp, History, Play } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useAdminArtists } from '#client/components/admin/admin-artists.ts';
import { adminAuditKey } from '#client/components/admin/admin-audit.ts';
import { useAdminJob } from '#client/components/admin/admin-job.ts';
import { AdminPageHeader, timeAgo } from '#client/components/admin/admin-page-header.tsx';
import { AuditLogPanel } from '#client/components/admin/audit-log-panel.tsx';
import { JobProgress } from '#client/components/admin/job-progress.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextInput } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { parseCsv } from '#shared/csv.ts';
import {
  type CsvField,
  type CsvMapping,
  csvFieldLabels,
  csvFields,
  type DryRunReport,
  guessMapping,
  HISTORICAL_IMPORT_MAX_BYTES,
  type ImportRowReport,
  type RunReport,
  requiredCsvFields,
  type SetlistfmHistoryFile,
} from '#shared/historical-import.ts';
import {
  IMPORT_BASE,
  type ImportFile,
  useDryRun,
  useFetchSetlistfmHistory,
  useImports,
  useRunImport,
  useSetlistfmSource,
} from '../api/historical-import-api.ts';

const OUTCOME_TEXT: Record<ImportRowReport['outcome'], string> = {
  add: 'Add',
  match: 'Already there',
  reject: 'Rejected',
};

/** /admin/historical-import: a catalog JSON or a CSV (mapped), a dry run row by row, then the import as a job. */
export const HistoricalImportPage = () => {
  useDocumentTitle(`Historical import · Admin | ${BRAND}`);
  const inputId = useId();
  const [source, setSource] = useState<'file' | 'setlistfm'>('file');
  const [file, setFile] = useState<ImportFile | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [report, setReport] = useState<DryRunReport | null>(null);
  const [validOnly, setValidOnly] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const dryRun = useDryRun();
  const run = useRunImport();
  const job = useAdminJob<RunReport>(IMPORT_BASE, jobId);
  const imports = useImports();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (job.data?.status === 'done' || job.data?.status === 'failed') {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'historical-import'] });
      void queryClient.invalidateQueries({ queryKey: adminAuditKey });
    }
  }, [job.data?.status, queryClient]);

  const reset = () => {
    setReport(null);
    setJobId(null);
    setValidOnly(false);
    setFile(null);
    setHeaders([]);
  };
  const chooseSource = (next: 'file' | 'setlistfm') => {
    reset();
    setSource(next);
  };
  const pick = async (picked: File | undefined) => {
    reset();
    if (!picked) return;
    if (picked.size > HISTORICAL_IMPORT_MAX_BYTES) {
      showToast({ title: 'The file is larger than 10 MB.', variant: 'destructive' });
      return setFile(null);
    }
    const content = await picked.text();
    const format = /\.json$/i.test(picked.name) || content.trimStart().startsWith('{') ? 'json' : 'csv';
    const csvHeaders = format === 'csv' ? (parseCsv(content.split(/\r?\n/, 1)[0] ?? '')[0] ?? []) : [];
    setHeaders(csvHeaders);
    setFile({
      fileName: picked.name,
      format,
      content,
      mapping: format === 'csv' ? guessMapping(csvHeaders) : undefined,
    });
  };
  const setMapping = (field: CsvField, header: string) =>
    file && setFile({ ...file, mapping: { ...file.mapping, [field]: header || undefined } as CsvMapping });
  const mappingComplete = file?.format !== 'csv' || requiredCsvFields.every((field) => file.mapping?.[field]);

  const doDryRun = () =>
    file &&
    dryRun.mutate(file, {
      onSuccess: (answer) => {
        setReport(answer);
        setJobId(null);
      },
      onError: (error) => showToast({ title: 'Dry run refused', description: error.message, variant: 'destructive' }),
    });
  const doRun = () =>
    file &&
    run.mutate(
      { ...file, validOnly },
      {
        onSuccess: (started) => setJobId(started.id),
        onError: (error) =>
          showToast({ title: 'Import not started', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <AdminPageHeader
        title="Historical import"
        intro="Past tour dates from a catalog-format JSON file, a CSV, or an artist’s setlist.fm history. A dry run shows every row first; importing twice adds nothing new."
      />
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="mb-2 font-semibold">Source</legend>
        {(
          [
            ['file', 'A file (catalog JSON or CSV)'],
            ['setlistfm', 'An artist’s setlist.fm history'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="historical-source"
              value={value}
              checked={source === value}
              onChange={() => chooseSource(value)}
              className="size-4 accent-accent"
            />
            {label}
          </label>
        ))}
      </fieldset>
      {source === 'file' ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="font-semibold">
            File (JSON or CSV, up to 10 MB)
          </label>
          <input
            id={inputId}
            type="file"
            accept=".json,.csv,application/json,text/csv"
            onChange={(event) => void pick(event.target.files?.[0])}
            className="text-sm file:mr-3 file:rounded-full file:border-0 file:bg-surface-raised file:px-4 file:py-2 file:font-semibold file:text-foreground"
          />
        </div>
      ) : (
        <SetlistfmSource
          onFetched={(fetched) => {
            reset();
            setFile({ fileName: fetched.fileName, format: fetched.format, content: fetched.content });
          }}
          onPicking={reset}
        />
      )}
      {file?.format === 'csv' ? (
        <fieldset className="grid gap-3 rounded-card border border-border bg-surface p-4 sm:grid-cols-3">
          <legend className="px-1 font-semibold">Which column holds what</legend>
          {csvFields.map((field) => (
            <label key={field} className="flex flex-col gap-1 text-sm">
              <span>
                {csvFieldLabels[field]}
                {requiredCsvFields.includes(field) ? ' *' : ''}
              </span>
              <select
                value={file.mapping?.[field] ?? ''}
                onChange={(event) => setMapping(field, event.target.value)}
                className="h-10 rounded-lg border border-border-strong bg-background px-2"
              >
                <option value="">— none —</option>
                {headers.map((header) => (
                  <option key={header} value={header}>
                    {header}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
      ) : null}
      {file ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={doDryRun} disabled={!mappingComplete || dryRun.isPending}>
            <FileUp aria-hidden="true" />
            {dryRun.isPending ? 'Checking…' : 'Dry run'}
          </Button>
        </div>
      ) : null}
      {report ? (
        <DryRunResult
          report={report}
          validOnly={validOnly}
          onValidOnly={setValidOnly}
          onRun={doRun}
          busy={run.isPending || job.data?.status === 'running' || job.data?.status === 'queued'}
        />
      ) : null}
      {job.data ? <JobProgress job={job.data} /> : null}
      {job.data?.report ? (
        <p role="status" className="text-sm">
          Imported: {job.data.report.written.stopsAdded} stops, {job.data.report.written.artistsAdded} artists,{' '}
          {job.data.report.written.toursAdded} tours, {job.data.report.written.venuesAdded} venues added;{' '}
          {job.data.report.summary.match} already there
          {job.data.report.validOnly ? `; ${job.data.report.summary.reject} invalid rows skipped as chosen` : ''}.
        </p>
      ) : null}
      {imports.data && imports.data.imports.length > 0 ? (
        <section aria-labelledby="imports-heading" className="flex flex-col gap-2">
          <h2 id="imports-heading" className="font-display text-xl font-bold">
            Kept reports
          </h2>
          <ul className="flex flex-col divide-y divide-border/60 rounded-card border border-border bg-surface text-sm">
            {imports.data.imports.map((item) => (
              <li key={item.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
                <span className="break-all">{item.label}</span>
                <span className="text-muted">
                  {item.status}
                  {item.report
                    ? ` · +${item.report.written.stopsAdded} stops · ${item.report.summary.match} matched · ${item.report.summary.reject} rejected`
                    : ''}{' '}
                  · {timeAgo(item.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <AuditLogPanel targetTypes={['historical-import']} emptyText="No import has been run yet." />
    </section>
  );
};

const DryRunResult = ({
  report,
  validOnly,
  onValidOnly,
  onRun,
  busy,
}: {
  report: DryRunReport;
  validOnly: boolean;
  onValidOnly: (value: boolean) => void;
  onRun: () => void;
  busy: boolean;
}) => {
  const { summary } = report;
  const blocked = summary.reject > 0 && !validOnly;
  return (
    <section aria-labelledby="dry-run-heading" className="flex flex-col gap-3">
      <h2 id="dry-run-heading" className="font-display text-xl font-bold">
        Dry run: {summary.rows} rows
      </h2>
      <ul className="flex flex-wrap gap-2 text-sm">
        <li className="rounded-full bg-accent/15 px-3 py-1 text-accent">{summary.add} to add</li>
        <li className="rounded-full bg-white/8 px-3 py-1">{summary.match} already there</li>
        <li className={`rounded-full px-3 py-1 ${summary.reject ? 'bg-destructive/25' : 'bg-white/8'}`}>
          {summary.reject} rejected
        </li>
      </ul>
      <div className="max-h-96 overflow-auto rounded-card border border-border bg-surface">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="sticky top-0 border-b border-border bg-surface text-xs uppercase tracking-wider text-muted">
            <tr>
              <th className="px-3 py-2">Row</th>
              <th className="px-3 py-2">Artist</th>
              <th className="px-3 py-2">Date</th>
              <th className="px-3 py-2">Venue</th>
              <th className="px-3 py-2">Result</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={row.row} className="border-b border-border/60 last:border-0">
                <td className="px-3 py-1.5 tabular-nums">{row.row}</td>
                <td className="px-3 py-1.5">{row.artist}</td>
                <td className="px-3 py-1.5">{row.date}</td>
                <td className="px-3 py-1.5">
                  {row.venue}
                  {row.city ? `, ${row.city}` : ''}
                </td>
                <td className={`px-3 py-1.5 ${row.outcome === 'reject' ? 'text-destructive-foreground' : ''}`}>
                  {OUTCOME_TEXT[row.outcome]}
                  {row.note ? <span className="text-muted"> · {row.note}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.truncated ? (
        <p className="text-sm text-muted">Only the first rows are listed; the counts cover all.</p>
      ) : null}
      {summary.reject > 0 ? (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-accent"
            checked={validOnly}
            onChange={(event) => onValidOnly(event.target.checked)}
          />
          <span>
            Import the {summary.rows - summary.reject} valid rows only and skip the {summary.reject} rejected ones.
          </span>
        </label>
      ) : null}
      <div>
        <Button onClick={onRun} disabled={blocked || busy || summary.rows === summary.reject}>
          <Play aria-hidden="true" />
          {busy ? 'Importing…' : 'Run the import'}
        </Button>
        {blocked ? (
          <p className="mt-2 text-sm text-muted">Fix the file, or choose to import the valid rows only.</p>
        ) : null}
      </div>
    </section>
  );
};

/**
 * The setlist.fm source: pick a catalog artist (it needs a MusicBrainz ID), fetch its setlists'
 * dates and venues as rows; the dry run and the run below are the file's. Without a key, the
 * option says what is missing.
 */
const SetlistfmSource = ({
  onFetched,
  onPicking,
}: {
  onFetched: (file: SetlistfmHistoryFile) => void;
  onPicking: () => void;
}) => {
  const status = useSetlistfmSource();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [fetched, setFetched] = useState<SetlistfmHistoryFile | null>(null);
  const fetchHistory = useFetchSetlistfmHistory();
  const searchId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const artists = useAdminArtists({ q, page: 1 });

  if (status.isPending) return <p className="text-sm text-muted">Checking setlist.fm…</p>;
  if (status.data && !status.data.configured) {
    return (
      <p role="note" className="rounded-card border border-border bg-surface p-4 text-sm">
        {status.data.message}
      </p>
    );
  }
  const pickArtist = (slug: string) => {
    onPicking();
    setFetched(null);
    fetchHistory.mutate(slug, {
      onSuccess: (file) => {
        setFetched(file);
        onFetched(file);
      },
    });
  };
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={searchId} className="font-semibold">
        Artist
      </label>
      <TextInput
        id={searchId}
        type="search"
        placeholder="Search catalog artists by name"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="max-w-md"
      />
      {q && artists.data ? (
        artists.data.artists.length === 0 ? (
          <p className="text-sm text-muted">No artist matches “{q}”.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Matching artists">
            {artists.data.artists.slice(0, 12).map((artist) => (
              <li key={artist.id}>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={fetchHistory.isPending}
                  onClick={() => pickArtist(artist.slug)}
                  aria-label={`Fetch the setlist.fm history of ${artist.name}`}
                >
                  <History aria-hidden="true" />
                  {artist.name}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {fetchHistory.isPending ? (
        <p role="status" className="text-sm text-muted">
          Fetching setlists from setlist.fm (2 pages a second)…
        </p>
      ) : null}
      {fetchHistory.isError ? (
        <p role="alert" className="text-sm text-destructive-foreground">
          {fetchHistory.error.message}
        </p>
      ) : null}
      {fetched ? (
        <p role="status" className="text-sm">
          {fetched.fetched} setlists fetched for {fetched.fileName.replace(/^setlist\.fm · /, '')}
          {fetched.truncated ? ` (the newest of ${fetched.total}; older ones are not read)` : ''}. Run the dry run to
          see each row.
        </p>
      ) : null}
    </div>
  );
};
