import { useQueryClient } from '@tanstack/react-query';
import { Tags } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { adminAuditKey } from '#client/components/admin/admin-audit.ts';
import { useAdminJob } from '#client/components/admin/admin-job.ts';
import { AdminPageHeader, timeAgo } from '#client/components/admin/admin-page-header.tsx';
import { AuditLogPanel } from '#client/components/admin/audit-log-panel.tsx';
import { JobProgress } from '#client/components/admin/job-progress.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import {
  GENRE_PREVIEW_DEFAULT,
  GENRE_PREVIEW_MAX,
  GENRES_APPLIED_MAX,
  type GenreApplyReport,
  type GenrePreviewReport,
} from '#shared/genre-backfill.ts';
import { GENRE_BASE, useGenreOverview, useStartApply, useStartPreview } from '../api/genre-backfill-api.ts';

/** /admin/genre-backfill: MusicBrainz genres for artists without any, previewed with votes, applied as a job. */
export const GenreBackfillPage = () => {
  useDocumentTitle(`Genre backfill · Admin | ${BRAND}`);
  const overview = useGenreOverview();
  const startPreview = useStartPreview();
  const startApply = useStartApply();
  const [limit, setLimit] = useState(String(GENRE_PREVIEW_DEFAULT));
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [applyId, setApplyId] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const preview = useAdminJob<GenrePreviewReport>(GENRE_BASE, previewId);
  const applyJob = useAdminJob<GenreApplyReport>(GENRE_BASE, applyId);
  const queryClient = useQueryClient();
  const proposals = preview.data?.report?.proposals ?? [];
  const withGenres = proposals.filter((p) => p.genres.length > 0);
  const previewDone = preview.data?.status === 'done';

  // A finished preview starts with every artist that has genres selected (once per preview).
  const seeded = useRef<string | null>(null);
  useEffect(() => {
    if (!previewDone || !previewId || seeded.current === previewId) return;
    seeded.current = previewId;
    setSelected(new Set(withGenres.map((p) => p.artistId)));
  }, [previewDone, previewId, withGenres]);
  // Finished jobs change the counts and the list of runs.
  const finished = `${preview.data?.status}:${applyJob.data?.status}`;
  useEffect(() => {
    if (finished.includes('done') || finished.includes('failed')) {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'genre-backfill'] });
      void queryClient.invalidateQueries({ queryKey: adminAuditKey });
    }
  }, [finished, queryClient]);

  const runPreview = (event: React.FormEvent) => {
    event.preventDefault();
    setApplyId(null);
    startPreview.mutate(
      { limit: Number(limit) },
      {
        onSuccess: (job) => setPreviewId(job.id),
        onError: (error) => showToast({ title: 'No preview', description: error.message, variant: 'destructive' }),
      },
    );
  };
  const runApply = (all: boolean) =>
    previewId &&
    startApply.mutate(
      { previewJobId: previewId, artistIds: all ? undefined : [...selected] },
      {
        onSuccess: (job) => setApplyId(job.id),
        onError: (error) => showToast({ title: 'Not applied', description: error.message, variant: 'destructive' }),
      },
    );
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <AdminPageHeader
        title="Genre backfill"
        intro="Artists without genres get MusicBrainz's, one request a second (shared with the rest of the app). New artists are done daily at 04:10 UTC."
      />
      {overview.isPending ? (
        <Spinner label="Counting artists..." className="py-8" />
      ) : overview.isError ? (
        <LoadError what="The counts" message={overview.error.message} onRetry={() => overview.refetch()} />
      ) : (
        <p className="text-lg">
          <strong>{overview.data.missing}</strong> artist{overview.data.missing === 1 ? ' has' : 's have'} no genres;{' '}
          <strong>{overview.data.withMbid}</strong> of them can be looked up (they have a MusicBrainz ID).
        </p>
      )}
      <form onSubmit={runPreview} className="flex flex-wrap items-end gap-3">
        <Field
          label="Artists to look up"
          type="number"
          min={1}
          max={GENRE_PREVIEW_MAX}
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          className="w-44"
        />
        <Button type="submit" disabled={startPreview.isPending || preview.data?.status === 'running'}>
          <Tags aria-hidden="true" />
          Preview genres
        </Button>
      </form>
      {preview.data ? <JobProgress job={preview.data} /> : null}
      {previewDone ? (
        <section aria-labelledby="proposals-heading" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="proposals-heading" className="font-display text-xl font-bold">
              Proposed genres
            </h2>
            <div className="flex gap-2">
              <Button
                variant="outline"
                onClick={() => runApply(false)}
                disabled={selected.size === 0 || startApply.isPending}
              >
                Apply selected ({selected.size})
              </Button>
              <Button onClick={() => runApply(true)} disabled={withGenres.length === 0 || startApply.isPending}>
                Apply all ({withGenres.length})
              </Button>
            </div>
          </div>
          <p className="text-sm text-muted">
            The {GENRES_APPLIED_MAX} genres with the most votes are applied; tags are shown for judgement only.
          </p>
          <div className="overflow-x-auto rounded-card border border-border bg-surface">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="border-b border-border text-xs uppercase tracking-wider text-muted">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Apply</span>
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Artist
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Genres (votes)
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Tags (votes)
                  </th>
                </tr>
              </thead>
              <tbody>
                {proposals.map((proposal) => (
                  <tr key={proposal.artistId} className="border-b border-border/60 last:border-0 align-top">
                    <td className="px-4 py-3">
                      <input
                        type="checkbox"
                        className="size-4 accent-accent"
                        aria-label={`Apply genres to ${proposal.name}`}
                        disabled={proposal.genres.length === 0}
                        checked={selected.has(proposal.artistId)}
                        onChange={() => toggle(proposal.artistId)}
                      />
                    </td>
                    <th scope="row" className="px-4 py-3 font-medium">
                      {proposal.name}
                    </th>
                    <td className="px-4 py-3">
                      {proposal.error ? (
                        <span className="text-destructive-foreground">{proposal.error}</span>
                      ) : proposal.genres.length === 0 ? (
                        <span className="text-muted">No genre on MusicBrainz</span>
                      ) : (
                        <VoteList votes={proposal.genres.slice(0, GENRES_APPLIED_MAX)} />
                      )}
                    </td>
                    <td className="px-4 py-3 text-muted">
                      {proposal.tags.length ? <VoteList votes={proposal.tags.slice(0, 8)} /> : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {applyJob.data ? <JobProgress job={applyJob.data} /> : null}
      {applyJob.data?.report ? (
        <p role="status" className="text-sm">
          Genres written for {applyJob.data.report.applied.length} artist
          {applyJob.data.report.applied.length === 1 ? '' : 's'}
          {applyJob.data.report.skipped
            ? `; ${applyJob.data.report.skipped} had genres meanwhile and were left alone`
            : ''}
          .
        </p>
      ) : null}
      {overview.data && overview.data.jobs.length > 0 ? (
        <section aria-labelledby="runs-heading" className="flex flex-col gap-2">
          <h2 id="runs-heading" className="font-display text-xl font-bold">
            Recent runs
          </h2>
          <ul className="flex flex-col divide-y divide-border/60 rounded-card border border-border bg-surface text-sm">
            {overview.data.jobs.map((job) => (
              <li key={job.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
                <span>{job.label}</span>
                <span className="text-muted">
                  {job.status} · {job.done}/{job.total} · {timeAgo(job.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <AuditLogPanel targetTypes={['artist']} title="Genre changes and other artist edits" />
    </section>
  );
};

const VoteList = ({ votes }: { votes: { name: string; count: number }[] }) => (
  <ul className="flex flex-wrap gap-1.5">
    {votes.map((vote) => (
      <li key={vote.name} className="rounded-full bg-white/8 px-2 py-0.5">
        {vote.name} <span className="tabular-nums text-muted">({vote.count})</span>
      </li>
    ))}
  </ul>
);
