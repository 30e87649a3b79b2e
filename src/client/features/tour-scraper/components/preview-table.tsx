import { AlertTriangle, CheckCircle2, ExternalLink, Import, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { inputClassName } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { cn } from '#client/lib/utils.ts';
import {
  type PreviewPage,
  type PreviewRow,
  SCRAPE_AMBIGUITIES,
  type ScrapeImportResponse,
  type ScrapeMatch,
} from '#shared/tour-scraper.ts';
import { type ImportRowInput, postImport } from '../api/tour-scraper-api.ts';

/** A preview row as the person edits it. */
export interface EditableRow extends PreviewRow {
  selected: boolean;
}

const STATUSES = ['scheduled', 'cancelled', 'postponed', 'rescheduled'] as const;
const STATUS_LABELS: Record<(typeof STATUSES)[number], string> = {
  scheduled: 'Scheduled',
  cancelled: 'Cancelled',
  postponed: 'Postponed',
  rescheduled: 'Rescheduled',
};
const MATCH_LABELS: Record<ScrapeMatch, string> = { match: 'In catalog', new: 'New', conflict: 'Conflict' };
const MATCH_STYLES: Record<ScrapeMatch, string> = {
  match: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-200',
  new: 'border-accent/50 bg-accent/10 text-accent',
  conflict: 'border-rose-400/50 bg-rose-400/10 text-rose-200',
};

/** Rows start chosen unless a person must decide (a question on the row) or the catalog has them. */
export function editableRows(pages: PreviewPage[]): EditableRow[] {
  return pages.flatMap((page) =>
    page.rows.map((row) => ({ ...row, selected: row.ambiguities.length === 0 && row.match !== 'match' })),
  );
}

function missingFor(row: EditableRow): string | null {
  if (!row.artistName?.trim()) return 'Add the artist';
  if (!row.date) return 'Add the date';
  if (!row.venueName?.trim() || !row.city?.trim()) return 'Add the venue and city';
  if (!row.countryCode || !/^[A-Za-z]{2}$/.test(row.countryCode)) return 'Add a 2-letter country code';
  return null;
}

function toImport(row: EditableRow): ImportRowInput {
  return {
    externalId: row.externalId,
    artistName: row.artistName!.trim(),
    date: row.date!,
    localTime: row.localTime || null,
    venueName: row.venueName!.trim(),
    city: row.city!.trim(),
    region: row.region?.trim() || null,
    countryCode: row.countryCode!.toUpperCase(),
    timeZone: row.timeZone,
    lat: row.lat,
    lon: row.lon,
    status: row.status,
    ticketUrl: row.ticketUrl?.trim() || null,
    pageUrl: row.pageUrl,
    ambiguities: row.ambiguities,
    // Rows with questions start unticked: a ticked one was chosen by the person.
    confirmed: row.selected,
  };
}

/**
 * The preview of the events read from `pages`, for a page that shows one answer (the web tour
 * finder, composed with it in app/routes/tour-web.tsx): nothing when no event was read.
 */
export const PagesPreview = ({ pages }: { pages: PreviewPage[] }) => {
  const { user } = useSession();
  const [rows, setRows] = useState(() => editableRows(pages));
  if (rows.length === 0) return null;
  return <PreviewTable rows={rows} onRowsChange={setRows} isAdmin={user?.isAdmin === true} />;
};

interface PreviewTableProps {
  rows: EditableRow[];
  onRowsChange: (rows: EditableRow[]) => void;
  isAdmin: boolean;
}

/**
 * The preview: one card per event (a table-like grid from 1024 px), every field editable, a tick
 * to choose it, and what the catalog has. Import sends the chosen rows: an admin's go to the
 * catalog, anyone else's to the catalog-requests queue.
 */
export const PreviewTable = ({ rows, onRowsChange, isAdmin }: PreviewTableProps) => {
  const [state, setState] = useState<'idle' | 'importing'>('idle');
  const [result, setResult] = useState<ScrapeImportResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = rows.filter((row) => row.selected);
  const update = (key: string, patch: Partial<EditableRow>) =>
    onRowsChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  async function importChosen() {
    const incomplete = chosen.find((row) => missingFor(row));
    if (incomplete) {
      setProblem(`${incomplete.venueName ?? 'A row'}: ${missingFor(incomplete)}`);
      return;
    }
    setProblem(null);
    setState('importing');
    try {
      const answer = await postImport(chosen.map(toImport));
      setResult(answer);
      onRowsChange(rows.map((row) => (row.selected ? { ...row, selected: false, match: 'match' } : row)));
      showToast({
        title: answer.destination === 'catalog' ? 'Imported into the catalog' : 'Sent for review',
        description: `${answer.added} new show${answer.added === 1 ? '' : 's'}`,
      });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The import failed. Please try again.');
    } finally {
      setState('idle');
    }
  }

  if (rows.length === 0) return null;
  return (
    <div className="flex flex-col gap-4">
      <div className="hidden grid-cols-[2rem_1.4fr_9.5rem_7.5rem_1.4fr_1.1fr_4rem_8.5rem_1.2fr_6.5rem] gap-2 px-3 text-xs font-semibold tracking-wide text-muted uppercase lg:grid">
        <span>
          <span className="sr-only">Choose</span>
        </span>
        <span>Artist</span>
        <span>Date</span>
        <span>Local time</span>
        <span>Venue</span>
        <span>City</span>
        <span>Country</span>
        <span>Status</span>
        <span>Ticket link</span>
        <span>Catalog</span>
      </div>
      <ul className="flex flex-col gap-3" aria-label="Events found">
        {rows.map((row) => (
          <RowEditor key={row.key} row={row} onChange={(patch) => update(row.key, patch)} />
        ))}
      </ul>
      {problem ? (
        <p
          role="alert"
          className="rounded-card border border-rose-400/40 bg-rose-400/10 px-4 py-3 text-sm text-rose-100"
        >
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={importChosen} disabled={chosen.length === 0 || state === 'importing'}>
          {state === 'importing' ? <Spinner label="" className="size-4" /> : <Import aria-hidden="true" />}
          {isAdmin
            ? `Import ${chosen.length} show${chosen.length === 1 ? '' : 's'}`
            : `Send ${chosen.length} show${chosen.length === 1 ? '' : 's'} for review`}
        </Button>
        <p className="text-sm text-muted">
          {isAdmin
            ? 'Imported shows are public at once and re-checked weekly against their page.'
            : 'An admin reviews your shows before everyone sees them.'}
        </p>
      </div>
      {result ? <ImportDone result={result} /> : null}
    </div>
  );
};

const ImportDone = ({ result }: { result: ScrapeImportResponse }) => (
  <div
    role="status"
    className="flex flex-col gap-2 rounded-card border border-emerald-400/40 bg-emerald-400/10 p-4 text-sm"
  >
    <p className="flex items-center gap-2 font-semibold">
      <CheckCircle2 className="size-4" aria-hidden="true" />
      {result.destination === 'catalog'
        ? `${result.added} show${result.added === 1 ? '' : 's'} added to the catalog`
        : `${result.added} show${result.added === 1 ? '' : 's'} sent for review`}
      {result.alreadyKnown > 0 ? ` · ${result.alreadyKnown} already known` : ''}
      {result.changeRequests > 0
        ? ` · ${result.changeRequests} change${result.changeRequests === 1 ? '' : 's'} to public shows sent to an admin`
        : ''}
    </p>
    {result.artists.length > 0 ? (
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {result.artists.map((artist) => (
          <Link
            key={artist.slug}
            to={paths.tour(artist.slug)}
            className="text-accent underline-offset-4 hover:underline"
          >
            {artist.name}’s tour
          </Link>
        ))}
      </p>
    ) : null}
  </div>
);

const cell = cn(inputClassName, 'h-10 min-w-0 px-3 py-1.5 text-sm');

const RowEditor = ({ row, onChange }: { row: EditableRow; onChange: (patch: Partial<EditableRow>) => void }) => {
  const id = useId();
  const label = `${row.artistName ?? 'Unknown artist'}, ${row.date ?? 'no date'}, ${row.venueName ?? 'no venue'}`;
  const text = (value: string) => value;
  return (
    <li
      className={cn(
        'rounded-card border bg-surface p-3 transition-colors',
        row.selected ? 'border-accent/60' : 'border-border',
      )}
    >
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-[2rem_1.4fr_9.5rem_7.5rem_1.4fr_1.1fr_4rem_8.5rem_1.2fr_6.5rem] lg:items-center">
        <label className="col-span-2 flex items-center gap-2 text-sm sm:col-span-4 lg:col-span-1">
          <input
            type="checkbox"
            className="size-5 accent-[var(--color-accent)]"
            checked={row.selected}
            onChange={(event) => onChange({ selected: event.target.checked })}
            aria-label={`Choose ${label}`}
          />
          <span className="font-semibold lg:sr-only">{row.selected ? 'Chosen' : 'Not chosen'}</span>
        </label>
        <Cell label="Artist" id={`${id}-artist`} className="col-span-2 sm:col-span-4 lg:col-span-1">
          <input
            id={`${id}-artist`}
            className={cell}
            value={row.artistName ?? ''}
            onChange={(e) => onChange({ artistName: text(e.target.value) })}
          />
        </Cell>
        <Cell label="Date" id={`${id}-date`}>
          <input
            id={`${id}-date`}
            type="date"
            className={cell}
            value={row.date ?? ''}
            onChange={(e) => onChange({ date: e.target.value || null })}
          />
        </Cell>
        <Cell label="Local time" id={`${id}-time`}>
          <input
            id={`${id}-time`}
            type="time"
            className={cell}
            value={row.localTime ?? ''}
            onChange={(e) => onChange({ localTime: e.target.value || null })}
          />
        </Cell>
        <Cell label="Venue" id={`${id}-venue`} className="col-span-2 lg:col-span-1">
          <input
            id={`${id}-venue`}
            className={cell}
            value={row.venueName ?? ''}
            onChange={(e) => onChange({ venueName: e.target.value })}
          />
        </Cell>
        <Cell label="City" id={`${id}-city`}>
          <input
            id={`${id}-city`}
            className={cell}
            value={row.city ?? ''}
            onChange={(e) => onChange({ city: e.target.value })}
          />
        </Cell>
        <Cell label="Country" id={`${id}-country`}>
          <input
            id={`${id}-country`}
            className={cn(cell, 'uppercase')}
            maxLength={2}
            value={row.countryCode ?? ''}
            onChange={(e) => onChange({ countryCode: e.target.value.toUpperCase() || null })}
          />
        </Cell>
        <Cell label="Status" id={`${id}-status`}>
          <select
            id={`${id}-status`}
            className={cell}
            value={row.status}
            onChange={(e) => onChange({ status: e.target.value as EditableRow['status'] })}
          >
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </Cell>
        <Cell label="Ticket link" id={`${id}-ticket`} className="col-span-2 sm:col-span-3 lg:col-span-1">
          <input
            id={`${id}-ticket`}
            type="url"
            className={cell}
            value={row.ticketUrl ?? ''}
            onChange={(e) => onChange({ ticketUrl: e.target.value || null })}
          />
        </Cell>
        <div className="col-span-2 flex flex-col items-start gap-1 sm:col-span-1">
          <span className="text-xs font-semibold text-muted uppercase lg:sr-only">Catalog</span>
          <span className={cn('rounded-full border px-2.5 py-0.5 text-xs font-semibold', MATCH_STYLES[row.match])}>
            {MATCH_LABELS[row.match]}
          </span>
        </div>
      </div>
      <RowNotes row={row} />
    </li>
  );
};

const Cell = ({
  label,
  id,
  className,
  children,
}: {
  label: string;
  id: string;
  className?: string;
  children: React.ReactNode;
}) => (
  <div className={cn('flex min-w-0 flex-col gap-1', className)}>
    <label htmlFor={id} className="text-xs font-semibold text-muted uppercase lg:sr-only">
      {label}
    </label>
    {children}
  </div>
);

const RowNotes = ({ row }: { row: EditableRow }) => {
  if (row.ambiguities.length === 0 && !row.matchNote && row.source !== 'text') return null;
  return (
    <div className="mt-2 flex flex-col gap-1 text-xs">
      {row.source === 'text' ? (
        <p className="flex items-center gap-1.5 font-semibold text-amber-200">
          <Sparkles className="size-3.5 shrink-0" aria-hidden="true" />
          {SCRAPE_AMBIGUITIES.fromText} — a language model read it: tick the row once it is right
        </p>
      ) : null}
      {row.ambiguities
        .filter((question) => question !== SCRAPE_AMBIGUITIES.fromText)
        .map((question) => (
          <p key={question} className="flex items-center gap-1.5 text-amber-200">
            <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />
            {question} — tick the row to import it anyway
          </p>
        ))}
      {row.matchNote ? <p className="text-muted">{row.matchNote}</p> : null}
      <p className="flex items-center gap-1.5 text-muted">
        <ExternalLink className="size-3.5" aria-hidden="true" />
        <a
          href={row.pageUrl}
          target="_blank"
          rel="noreferrer noopener"
          className="truncate underline-offset-4 hover:underline"
        >
          {row.pageUrl}
        </a>
      </p>
    </div>
  );
};
