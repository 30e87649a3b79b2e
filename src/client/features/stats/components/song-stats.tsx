import { useQuery } from '@tanstack/react-query';
import { ListMusic } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '#client/lib/paths.ts';
import type { StatsResponse } from '#shared/stats.ts';
import { statsCoverageQueryOptions } from '../api/stats-api.ts';
import { RankTable } from './rank-table.tsx';
import { ShowAll } from './show-all.tsx';

/** The setlist-aware part: songs heard live most often, and each artist's songs heard and never heard. */
export const SongStats = ({ stats }: { stats: StatsResponse }) => {
  const [showAll, setShowAll] = useState(false);
  const all = useQuery(statsCoverageQueryOptions(stats.year, showAll && stats.coverageMore));
  const coverage = all.data?.coverage ?? stats.coverage;
  if (!stats.hasSetlists) {
    return (
      <section className="flex items-start gap-3 rounded-card border border-dashed border-border-strong bg-surface p-4 text-sm">
        <ListMusic className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <p className="text-muted">
          Songs heard live appear here once your shows have setlists — from setlist.fm or added by you on a show’s page.
        </p>
      </section>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <RankTable
        title="Songs heard live most often"
        countLabel="Times heard"
        testId="top-songs"
        rows={stats.topSongs.map((song) => ({
          key: `${song.artistName}|${song.title}`,
          label: song.title,
          detail: song.artistName,
          count: song.count,
        }))}
      />
      <section className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4" data-testid="coverage">
        <h3 className="font-display text-lg font-bold">Songs heard of the tours you saw</h3>
        {coverage.length === 0 ? (
          <p className="text-sm text-muted">See an artist twice and their setlists add up here.</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {coverage.map((artist) => (
              <li key={artist.artistSlug} className="flex flex-col gap-1.5 text-sm">
                <div className="flex items-baseline justify-between gap-2">
                  <Link to={paths.artist(artist.artistSlug)} className="font-semibold hover:underline">
                    {artist.artistName}
                  </Link>
                  <span className="text-muted tabular-nums">
                    {artist.heard} of {artist.played} songs · {artist.shows} shows
                  </span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-border" aria-hidden="true">
                  <div
                    className="h-full rounded-full bg-accent"
                    style={{ width: `${(artist.heard / Math.max(artist.played, 1)) * 100}%` }}
                  />
                </div>
                {artist.neverHeard.length > 0 ? (
                  <p className="text-muted">
                    Never heard live:{' '}
                    {artist.neverHeard.map((song, i) => (
                      <span key={song.title}>
                        {i > 0 ? ', ' : ''}
                        <span className="text-foreground">{song.title}</span> ({song.timesPlayed}×)
                      </span>
                    ))}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {stats.coverageMore ? (
          <ShowAll
            label="Show every artist seen twice"
            query={all}
            onShow={() => (showAll ? void all.refetch() : setShowAll(true))}
          />
        ) : null}
      </section>
    </div>
  );
};
