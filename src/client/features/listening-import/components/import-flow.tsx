import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminAuditKey } from '#client/components/admin/admin-audit.ts';
import { PickableArtistRow, TopNInput } from '#client/components/artist-match.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { cn } from '#client/lib/utils.ts';
import {
  IMPORT_OUTCOME_LABELS,
  type ImportConfidence,
  LISTENING_IMPORT_LIMITS,
  type ListeningImportArtist,
  type ListeningImportView,
} from '#shared/listening-import.ts';
import { MATCH_LABELS } from '#shared/music-services.ts';
import {
  ADMIN_BASE,
  artistsQueryOptions,
  cancelImport,
  type ImportBase,
  type ImportPick,
  importQueryOptions,
  listeningImportKeys,
  resumeImport,
  startFollow,
  useImportProgressEvents,
} from '../api/listening-import-api.ts';

const PAGE = 100;

const CONFIDENCE_LABELS: Record<ImportConfidence | 'none', string> = {
  ...MATCH_LABELS,
  musicbrainz: 'Found on MusicBrainz',
};

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * One import after its files are in: the live progress bar (matching, then following), the
 * preview to pick from, the summary, and cancel / resume. Survives a reload: all of it is read
 * back from the server.
 */
export const ImportFlow = ({ base, view: initial }: { base: ImportBase; view: ListeningImportView }) => {
  const query = useQuery({ ...importQueryOptions(base, initial.id), initialData: initial });
  const view = query.data;
  const live = view.state === 'matching' || view.state === 'following';
  useImportProgressEvents(view.id, live);

  if (view.state === 'preview') return <ArtistPicker base={base} view={view} />;
  if (view.state === 'done') return <ImportSummary base={base} view={view} />;
  return <ProgressPanel base={base} view={view} />;
};

const PHASE_TEXT = {
  matching: 'Matching your artists against the catalog',
  following: 'Looking up new artists on MusicBrainz',
} as const;

export const ProgressPanel = ({ base, view }: { base: ImportBase; view: ListeningImportView }) => {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const settle = (next: ListeningImportView) => {
    queryClient.setQueryData(listeningImportKeys.one(next.id), next);
    void queryClient.invalidateQueries({ queryKey: listeningImportKeys.all });
    if (base === ADMIN_BASE) void queryClient.invalidateQueries({ queryKey: adminAuditKey });
  };
  const cancel = useMutation({ mutationFn: () => cancelImport(base, view.id), onSuccess: settle });
  const resume = useMutation({ mutationFn: () => resumeImport(base, view.id), onSuccess: settle });
  const running = view.state === 'matching' || view.state === 'following';
  const percent = view.total === 0 ? 0 : Math.min(100, Math.round((view.processed / view.total) * 100));
  const stepWord = view.state === 'following' || view.phase === 'follow' ? 'step' : 'artist';
  const title = running
    ? PHASE_TEXT[view.state as keyof typeof PHASE_TEXT]
    : view.state === 'cancelled'
      ? 'Import cancelled'
      : 'Import stopped';

  return (
    <section
      aria-labelledby={`progress-${view.id}`}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <h3 id={`progress-${view.id}`} className="font-display text-lg font-bold">
        {title}
        {running ? '…' : ''}
      </h3>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={view.total}
        aria-valuenow={view.processed}
        aria-valuetext={`${view.processed} of ${view.total}`}
        className="h-3 overflow-hidden rounded-full bg-surface-raised"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-300',
            running ? 'bg-accent' : 'bg-border-strong',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {view.processed.toLocaleString('en-US')} of {plural(view.total, stepWord)} ({percent}%)
        {view.state === 'following' ? ' · MusicBrainz allows about one lookup a second.' : ''}
      </p>
      {view.error && !running ? (
        <p role="alert" className="rounded-xl border border-amber-400/50 bg-amber-400/10 px-3 py-2 text-sm">
          {view.error}
        </p>
      ) : null}
      {view.stalled ? (
        <p role="alert" className="rounded-xl border border-amber-400/50 bg-amber-400/10 px-3 py-2 text-sm">
          This import has not moved for a few minutes (the server may have restarted). Resume it to carry on where it
          stopped.
        </p>
      ) : null}
      {cancel.isError || resume.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(cancel.error ?? resume.error, 'That did not work. Please try again.')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {running && !confirming ? (
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Cancel import
          </Button>
        ) : null}
        {running && confirming ? (
          <>
            <span className="self-center text-sm">Stop it? Nothing gets followed; you can resume later.</span>
            <Button size="sm" variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending ? 'Cancelling…' : 'Yes, cancel'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Keep going
            </Button>
          </>
        ) : null}
        {view.phase && (!running || view.stalled) ? (
          <Button size="sm" disabled={resume.isPending} onClick={() => resume.mutate()}>
            {resume.isPending ? 'Resuming…' : 'Resume'}
          </Button>
        ) : null}
      </div>
    </section>
  );
};

const canPick = (artist: ListeningImportArtist) => !artist.followed && !artist.excluded;

/** The preview: every artist found, its match, and the pick (all, top N by plays, or by hand). */
export const ArtistPicker = ({ base, view }: { base: ImportBase; view: ListeningImportView }) => {
  const admin = base === ADMIN_BASE;
  // A playlist's counts are its tracks per artist, not plays.
  const playlist = Boolean(view.files[0]?.playlist);
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [topN, setTopN] = useState(Math.min(50, view.artists));
  const page = useQuery(artistsQueryOptions(base, view.id, offset, PAGE));
  const run = useMutation({
    mutationFn: (pick: ImportPick) => startFollow(base, view.id, pick),
    onSuccess: (next) => {
      queryClient.setQueryData(listeningImportKeys.one(next.id), next);
      void queryClient.invalidateQueries({ queryKey: listeningImportKeys.all });
      if (admin) void queryClient.invalidateQueries({ queryKey: adminAuditKey });
    },
  });
  const verb = admin ? 'Add' : 'Follow';
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const pages = Math.max(1, Math.ceil(view.artists / PAGE));

  return (
    <section aria-labelledby={`preview-${view.id}`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id={`preview-${view.id}`} className="font-display text-xl font-bold">
          {plural(view.artists, 'artist')} found
        </h3>
        <p className="text-sm text-muted">
          {view.plays > 0
            ? `${view.plays.toLocaleString('en-US')} ${playlist ? 'tracks read' : 'plays counted'} · `
            : ''}
          Artists not in the catalog yet are looked up on MusicBrainz and added when you {verb.toLowerCase()} them;
          their tour dates follow in the background.
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-2 rounded-card border border-border bg-surface p-3">
        <Button size="sm" variant="outline" disabled={run.isPending} onClick={() => run.mutate({ all: true })}>
          {verb} all {view.artists.toLocaleString('en-US')}
        </Button>
        <div className="flex items-end gap-2">
          <TopNInput
            max={Math.min(view.artists, LISTENING_IMPORT_LIMITS.pickMax)}
            value={topN}
            onChange={setTopN}
            className="w-24"
          />
          <Button size="sm" variant="outline" disabled={run.isPending} onClick={() => run.mutate({ top: topN })}>
            {verb} top {topN}
          </Button>
        </div>
        <Button
          size="sm"
          className="ml-auto"
          disabled={selected.size === 0 || run.isPending}
          onClick={() => run.mutate({ keys: [...selected] })}
        >
          {run.isPending
            ? 'Starting…'
            : selected.size === 0
              ? 'Tick artists to pick by hand'
              : `${verb} ${plural(selected.size, 'artist')}`}
        </Button>
      </div>
      {run.isError ? (
        <FormAlert>{errorText(run.error, 'That did not start. Nothing was changed — please try again.')}</FormAlert>
      ) : null}

      {page.isPending ? <Spinner label="Loading the artists..." className="py-6" /> : null}
      {page.isError ? (
        <p role="alert" className="text-sm text-muted">
          The artists could not be loaded.{' '}
          <Button size="sm" variant="outline" onClick={() => page.refetch()}>
            Try again
          </Button>
        </p>
      ) : null}
      {page.data ? (
        <ol
          aria-label="Artists found"
          className="flex flex-col divide-y divide-border rounded-card border border-border bg-surface"
        >
          {page.data.artists.map((artist) => (
            <PickRow
              key={artist.key}
              artist={artist}
              admin={admin}
              unit={playlist ? 'track' : 'play'}
              checked={selected.has(artist.key)}
              onToggle={() => toggle(artist.key)}
            />
          ))}
        </ol>
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Artist pages" className="flex items-center justify-between gap-2">
          <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => setOffset(offset - PAGE)}>
            Previous
          </Button>
          <span className="text-sm text-muted">
            Page {offset / PAGE + 1} of {pages}
            {selected.size > 0 ? ` · ${selected.size} ticked` : ''}
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={offset + PAGE >= view.artists}
            onClick={() => setOffset(offset + PAGE)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
};

const PickRow = ({
  artist,
  admin,
  unit,
  checked,
  onToggle,
}: {
  artist: ListeningImportArtist;
  admin: boolean;
  unit: 'play' | 'track';
  checked: boolean;
  onToggle: () => void;
}) => {
  const confidence = artist.match?.confidence ?? 'none';
  return (
    <PickableArtistRow
      name={artist.name}
      rank={artist.rank}
      match={artist.match}
      confidence={confidence}
      matchLabel={confidence === 'none' ? 'Not in the catalog' : CONFIDENCE_LABELS[confidence]}
      followed={artist.followed}
      excluded={artist.excluded}
      pickable={canPick(artist)}
      checked={checked}
      onToggle={onToggle}
      figures={
        !admin || artist.plays > 0 ? (
          <span>
            {plural(artist.plays, unit)}
            {artist.minutes > 0 ? ` · ${plural(artist.minutes, 'minute')}` : ''}
          </span>
        ) : null
      }
    />
  );
};

/** The end: followed (or added), skipped and not matched, with reasons, and each artist's outcome. */
export const ImportSummary = ({ base, view }: { base: ImportBase; view: ListeningImportView }) => {
  const admin = base === ADMIN_BASE;
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState(false);
  const page = useQuery({ ...artistsQueryOptions(base, view.id, offset, PAGE), enabled: open });
  const summary = view.summary;
  if (!summary) return null;
  const figures = admin
    ? [
        { label: 'Added to the catalog', value: summary.added },
        { label: 'Skipped', value: summary.skipped },
        { label: 'Not matched', value: summary.notMatched },
      ]
    : [
        { label: 'Followed', value: summary.followed },
        { label: 'Skipped', value: summary.skipped },
        { label: 'Not matched', value: summary.notMatched },
      ];
  return (
    <section
      aria-labelledby={`summary-${view.id}`}
      className="flex flex-col gap-4 rounded-card border border-emerald-400/40 bg-emerald-400/5 p-5 sm:p-6"
    >
      <h3 id={`summary-${view.id}`} className="font-display text-xl font-bold">
        Import finished
      </h3>
      <dl className="grid grid-cols-3 gap-3">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col rounded-xl bg-surface px-3 py-2">
            <dt className="text-xs text-muted">{figure.label}</dt>
            <dd className="font-display text-2xl font-bold">{figure.value.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {summary.reasons.length > 0 ? (
        <div className="flex flex-col gap-1 text-sm">
          <p className="font-semibold">Why some were skipped or not matched</p>
          <ul className="list-inside list-disc text-muted">
            {summary.reasons.map((reason) => (
              <li key={reason.reason}>
                {reason.reason}: {reason.count.toLocaleString('en-US')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-sm text-muted">
        {summary.added > 0
          ? `${plural(summary.added, 'artist')} new to the catalog${summary.syncQueued > 0 ? ': their tour dates are being fetched in the background.' : '.'}`
          : 'No artist was added to the catalog.'}{' '}
        {admin ? null : (
          <Link to={paths.myArtists} className="font-semibold text-accent underline-offset-4 hover:underline">
            See My Artists
          </Link>
        )}
      </p>
      <div>
        <Button size="sm" variant="outline" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide the artist report' : 'Show every artist'}
        </Button>
      </div>
      {open && page.data ? (
        <>
          <ul aria-label="Artist report" className="flex flex-col divide-y divide-border rounded-xl bg-surface text-sm">
            {page.data.artists.map((artist) => (
              <li key={artist.key} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span className="font-semibold">{artist.name}</span>
                <span className="text-muted">
                  {artist.outcome ? IMPORT_OUTCOME_LABELS[artist.outcome] : 'Not picked'}
                  {artist.reason ? ` — ${artist.reason}` : ''}
                </span>
              </li>
            ))}
          </ul>
          {view.artists > PAGE ? (
            <nav aria-label="Report pages" className="flex items-center justify-between">
              <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => setOffset(offset - PAGE)}>
                Previous
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={offset + PAGE >= view.artists}
                onClick={() => setOffset(offset + PAGE)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
};
