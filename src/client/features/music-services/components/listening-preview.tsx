import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PickableArtistRow, TopNInput } from '#client/components/artist-match.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import {
  LISTENING_PERIOD_LABELS,
  MATCH_LABELS,
  MUSIC_SOURCE_LABELS,
  type MusicFollowResult,
  type MusicPreview,
  type PreviewArtist,
} from '#shared/music-services.ts';
import { postFollow } from '../api/music-services-api.ts';

const canPick = (artist: PreviewArtist) => artist.match !== null && !artist.followed && !artist.excluded;

function summary(result: MusicFollowResult): string {
  const parts = [`${result.followed} artist${result.followed === 1 ? '' : 's'} followed`];
  if (result.alreadyFollowed > 0) parts.push(`${result.alreadyFollowed} already followed`);
  if (result.excluded > 0) parts.push(`${result.excluded} on your exclude list skipped`);
  return `${parts.join(', ')}.`;
}

/** The artists a service found, how each matched the catalog, and the fan's pick (all, top N or by hand). */
export const ListeningPreview = ({
  preview,
  onChanged,
}: {
  preview: MusicPreview;
  onChanged: (preview: MusicPreview) => void;
}) => {
  const queryClient = useQueryClient();
  const pickable = preview.artists.filter(canPick);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [topN, setTopN] = useState(Math.min(10, preview.artists.length || 1));
  const [result, setResult] = useState<string | null>(null);
  const source = MUSIC_SOURCE_LABELS[preview.source];

  const chosenIds = [
    ...new Set([...selected].map((rank) => preview.artists.find((a) => a.rank === rank)?.match?.artistId)),
  ].filter((id): id is string => Boolean(id));

  const follow = useMutation({
    mutationFn: () => postFollow(preview.source, chosenIds),
    onSuccess: (answer) => {
      const followedIds = new Set(chosenIds);
      onChanged({
        ...preview,
        artists: preview.artists.map((artist) =>
          artist.match && followedIds.has(artist.match.artistId) && !artist.excluded
            ? { ...artist, followed: true }
            : artist,
        ),
      });
      setSelected(new Set());
      setResult(summary(answer));
      void queryClient.invalidateQueries({ queryKey: ['favorites'] });
      void queryClient.invalidateQueries({ queryKey: ['music-services', 'proposals'] });
    },
  });

  const toggle = (rank: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(rank)) next.delete(rank);
      else next.add(rank);
      return next;
    });
  const selectTop = (count: number) =>
    setSelected(
      new Set(
        preview.artists
          .slice(0, count)
          .filter(canPick)
          .map((artist) => artist.rank),
      ),
    );

  if (preview.artists.length === 0) {
    return (
      <p
        role="status"
        className="rounded-card border border-dashed border-border-strong bg-surface px-5 py-8 text-center text-muted"
      >
        {preview.notice ?? `${source} found no artists for this period.`}
      </p>
    );
  }

  return (
    <section aria-labelledby="preview-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="preview-heading" className="font-display text-2xl font-bold">
          {preview.source === 'spotify' ? 'Your artists on Spotify' : `${preview.username}’s top artists on ${source}`}
        </h2>
        <p className="text-sm text-muted">
          {LISTENING_PERIOD_LABELS[preview.period]} · {preview.artists.length} found ·{' '}
          {preview.artists.filter((a) => a.match).length} in our catalog · {pickable.length} you can follow
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-2 rounded-card border border-border bg-surface p-3">
        <Button
          size="sm"
          variant="outline"
          onClick={() => selectTop(preview.artists.length)}
          disabled={pickable.length === 0}
        >
          Select all
        </Button>
        <div className="flex items-end gap-2">
          <TopNInput max={preview.artists.length} value={topN} onChange={setTopN} className="w-20" />
          <Button size="sm" variant="outline" onClick={() => selectTop(topN)} disabled={pickable.length === 0}>
            Select top {topN}
          </Button>
        </div>
        <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())} disabled={selected.size === 0}>
          Clear
        </Button>
        <Button
          size="sm"
          className="ml-auto"
          disabled={chosenIds.length === 0 || follow.isPending}
          onClick={() => {
            setResult(null);
            follow.mutate();
          }}
        >
          {follow.isPending
            ? 'Following…'
            : chosenIds.length === 0
              ? 'Pick artists to follow'
              : `Follow ${chosenIds.length} artist${chosenIds.length === 1 ? '' : 's'}`}
        </Button>
      </div>

      <div aria-live="polite" className="text-sm">
        {result ? (
          <p className="rounded-xl border border-emerald-400/40 bg-emerald-400/10 px-3 py-2">
            {result}{' '}
            <Link to={paths.myArtists} className="font-semibold text-accent underline-offset-4 hover:underline">
              See My Artists
            </Link>
          </p>
        ) : null}
        {follow.isError ? (
          <p role="alert" className="rounded-xl border border-destructive/50 bg-destructive/10 px-3 py-2">
            {follow.error instanceof ApiError
              ? follow.error.message
              : 'Following failed. Nothing was changed — please try again.'}
          </p>
        ) : null}
      </div>

      <ol
        aria-label="Artists found"
        className="flex flex-col divide-y divide-border rounded-card border border-border bg-surface"
      >
        {preview.artists.map((artist) => (
          <PreviewRow
            key={artist.rank}
            artist={artist}
            checked={selected.has(artist.rank)}
            onToggle={() => toggle(artist.rank)}
          />
        ))}
      </ol>
    </section>
  );
};

const PreviewRow = ({
  artist,
  checked,
  onToggle,
}: {
  artist: PreviewArtist;
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
      matchLabel={MATCH_LABELS[confidence]}
      followed={artist.followed}
      excluded={artist.excluded}
      pickable={canPick(artist)}
      checked={checked}
      onToggle={onToggle}
      figures={<span>{artist.note ?? `${artist.plays.toLocaleString()} plays`}</span>}
    />
  );
};
