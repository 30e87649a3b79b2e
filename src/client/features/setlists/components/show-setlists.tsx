import { ListMusic, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { SETLIST_MESSAGES } from '#shared/setlists.ts';
import { useDeleteOwnSetlist, useStopSetlists } from '../api/setlists-api.ts';
import { SetlistEditor } from './setlist-editor.tsx';
import { ProviderNotice, SetlistSongs } from './setlist-songs.tsx';

/**
 * A show's setlist for one artist on the bill, on the show detail: setlist.fm's (with its link)
 * and the fan's own, which they add or edit here.
 */
export const ShowSetlists = ({ stopId, artistName }: { stopId: string; artistName: string }) => {
  const query = useStopSetlists(stopId);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteOwnSetlist(stopId);
  const headingId = `setlist-${stopId}`;
  const view = query.data;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="show-setlists">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 font-display text-2xl font-bold">
          <ListMusic className="size-6 text-accent" aria-hidden="true" />
          Setlist: {artistName}
        </h2>
        {view && !editing ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {view.mine ? 'Edit your setlist' : 'Add setlist by hand'}
            </Button>
            {view.mine ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                onClick={() => {
                  if (!window.confirm('Delete your setlist of this show?')) return;
                  remove.mutate(undefined, {
                    onSuccess: () => showToast({ title: SETLIST_MESSAGES.deleted }),
                    onError: (error) =>
                      showToast({ title: error instanceof ApiError ? error.message : 'Could not delete it.' }),
                  });
                }}
              >
                <Trash2 aria-hidden="true" />
                Delete yours
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {query.isPending ? <Spinner label="Loading setlist..." /> : null}
      {query.isError ? <p className="text-sm text-destructive">The setlist could not be loaded.</p> : null}
      {view ? (
        <>
          <ProviderNotice provider={view.provider} />
          {editing ? (
            <SetlistEditor
              stopId={stopId}
              artistId={view.artistId}
              artistName={artistName}
              initial={view.mine ?? view.setlistfm}
              onDone={() => setEditing(false)}
            />
          ) : (
            <div className="grid gap-6 md:grid-cols-2">
              {view.mine ? (
                <div className="rounded-2xl border border-border bg-surface p-4" data-testid="my-setlist">
                  <h3 className="mb-2 font-semibold">Your setlist</h3>
                  <SetlistSongs setlist={view.mine} />
                </div>
              ) : null}
              {view.setlistfm ? (
                <div className="rounded-2xl border border-border bg-surface p-4" data-testid="setlistfm-setlist">
                  <h3 className="mb-2 font-semibold">From setlist.fm</h3>
                  <SetlistSongs setlist={view.setlistfm} />
                </div>
              ) : null}
              {!view.mine && !view.setlistfm ? (
                <p className="text-muted md:col-span-2">No setlist yet. Were you there? Add what they played.</p>
              ) : null}
            </div>
          )}
          <Link
            to={`${paths.setlist}?artist=${encodeURIComponent(view.artistSlug)}`}
            className="text-sm text-accent underline-offset-4 hover:underline"
          >
            {artistName}: tour setlists and predicted setlist
          </Link>
        </>
      ) : null}
    </section>
  );
};
