import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminAuditKey } from '#client/components/admin/admin-audit.ts';
import { AdminPageHeader, timeAgo } from '#client/components/admin/admin-page-header.tsx';
import { AuditLogPanel } from '#client/components/admin/audit-log-panel.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, inputClassName } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { cn } from '#client/lib/utils.ts';
import {
  LISTENING_IMPORT_LIMITS,
  LISTENING_IMPORT_MESSAGES,
  type ListeningImportView,
  type PlaylistImportStatus,
  spotifyPlaylistId,
} from '#shared/listening-import.ts';
import {
  ADMIN_BASE,
  adminImportsQueryOptions,
  listeningImportKeys,
  postArtistList,
  postPlaylist,
} from '../api/listening-import-api.ts';
import { ExportUpload } from './export-upload.tsx';
import { ImportFlow } from './import-flow.tsx';

const STATE_LABELS: Record<ListeningImportView['state'], string> = {
  uploading: 'Waiting for files',
  matching: 'Matching',
  preview: 'Waiting for a pick',
  following: 'Adding',
  done: 'Done',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

type Source = 'list' | 'playlist' | 'export';
const SOURCES: [Source, string][] = [
  ['list', 'Artist list'],
  ['playlist', 'Spotify playlist'],
  ['export', 'Export files'],
];

/** /admin/spotify-import: seed the catalog from an artist list, a playlist or a Spotify export, as a job with a kept report. */
export const AdminSpotifyImportPage = () => {
  useDocumentTitle(`Spotify import · Admin | ${BRAND}`);
  const queryClient = useQueryClient();
  const listId = useId();
  const [source, setSource] = useState<Source>('list');
  const [text, setText] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const imports = useQuery(adminImportsQueryOptions());
  const refresh = (view: ListeningImportView) => {
    queryClient.setQueryData(listeningImportKeys.one(view.id), view);
    void queryClient.invalidateQueries({ queryKey: listeningImportKeys.adminList() });
    void queryClient.invalidateQueries({ queryKey: adminAuditKey });
    setOpenId(view.id);
  };
  const list = useMutation({
    mutationFn: () => postArtistList(text),
    onSuccess: (view) => {
      setText('');
      refresh(view);
    },
  });
  const lines = text.split('\n').filter((line) => line.trim() !== '').length;
  const open = imports.data?.imports.find((view) => view.id === openId) ?? null;

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <AdminPageHeader
        title="Spotify import"
        intro="Seed the catalog from an artist list, a public Spotify playlist or a Spotify data export: the same preview and matching fans get, then the artists you pick are looked up on MusicBrainz, added, and their tour dates synced in the background."
      />

      <section
        aria-labelledby="new-import-heading"
        className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 sm:p-6"
      >
        <h2 id="new-import-heading" className="font-display text-xl font-bold">
          New import
        </h2>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Import from</legend>
          {SOURCES.map(([value, label]) => (
            <label
              key={value}
              className={cn(
                'flex h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40',
                source === value ? 'border-accent bg-accent/15' : 'border-border-strong',
              )}
            >
              <input
                type="radio"
                name="import-source"
                value={value}
                checked={source === value}
                onChange={() => setSource(value)}
                className="accent-[var(--color-accent)]"
              />
              {label}
            </label>
          ))}
        </fieldset>
        {source === 'list' ? (
          <form
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (lines > 0) list.mutate();
            }}
          >
            <label htmlFor={listId} className="text-sm font-semibold">
              Artists, one per line
            </label>
            <textarea
              id={listId}
              rows={8}
              value={text}
              maxLength={LISTENING_IMPORT_LIMITS.listCharsMax}
              onChange={(event) => setText(event.target.value)}
              placeholder={
                'Northern Lanterns\n3f1c2a9e-5b7d-4c1e-9a2b-1d2e3f4a5b6c\nhttps://open.spotify.com/artist/0AbCdEfGhIjKlMnOpQrStU'
              }
              className={cn(inputClassName, 'h-auto py-2 font-mono text-sm')}
              aria-describedby={`${listId}-hint`}
            />
            <p id={`${listId}-hint`} className="text-xs text-muted">
              A name, a MusicBrainz id, or an open.spotify.com artist link per line (up to{' '}
              {LISTENING_IMPORT_LIMITS.listLinesMax.toLocaleString('en-US')}). Spotify links are resolved through
              MusicBrainz's links to Spotify.
            </p>
            {list.isError ? (
              <FormAlert>
                {list.error instanceof ApiError ? list.error.message : 'The list could not be sent. Please try again.'}
              </FormAlert>
            ) : null}
            <div>
              <Button type="submit" disabled={lines === 0 || list.isPending}>
                {list.isPending
                  ? 'Starting…'
                  : `Match ${lines || ''} artist${lines === 1 ? '' : 's'}`.replace('  ', ' ')}
              </Button>
            </div>
          </form>
        ) : source === 'playlist' ? (
          <PlaylistForm status={imports.data?.playlist ?? null} onStarted={refresh} />
        ) : (
          <ExportUpload base={ADMIN_BASE} existing={null} onStarted={refresh} />
        )}
      </section>

      {open ? (
        <section aria-label="Open import" className="flex flex-col gap-3">
          <ImportFlow key={open.id} base={ADMIN_BASE} view={open} />
        </section>
      ) : null}

      <section aria-labelledby="imports-heading" className="flex flex-col gap-3">
        <h2 id="imports-heading" className="font-display text-xl font-bold">
          Imports
        </h2>
        {imports.isPending ? <Spinner label="Loading the imports..." /> : null}
        {imports.data && imports.data.imports.length === 0 ? (
          <p className="text-sm text-muted">No Spotify import yet.</p>
        ) : null}
        {imports.data && imports.data.imports.length > 0 ? (
          <ul className="flex flex-col divide-y divide-border rounded-card border border-border bg-surface">
            {imports.data.imports.map((view) => (
              <li key={view.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-semibold">
                    {view.files.map((file) => file.name).join(', ') || 'Export upload'}
                  </span>
                  <span className="text-xs text-muted">
                    {view.artists.toLocaleString('en-US')} artists · {timeAgo(view.createdAt)}
                    {view.startedBy ? ` · ${view.startedBy}` : ''}
                    {view.summary
                      ? ` · ${view.summary.added} added, ${view.summary.skipped} skipped, ${view.summary.notMatched} not matched`
                      : ''}
                  </span>
                </div>
                <span className="rounded-full bg-surface-raised px-2 py-0.5 text-xs font-semibold">
                  {STATE_LABELS[view.state]}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  aria-pressed={openId === view.id}
                  onClick={() => setOpenId(openId === view.id ? null : view.id)}
                >
                  {openId === view.id ? 'Close' : view.state === 'done' ? 'Report' : 'Open'}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <AuditLogPanel targetTypes={['spotify-import']} emptyText="No Spotify import has been run yet." />
    </section>
  );
};

const MISSING_TEXT: Record<NonNullable<PlaylistImportStatus['missing']>, string> = {
  SPOTIFY_CLIENT_ID: LISTENING_IMPORT_MESSAGES.playlistNeedsId,
  SPOTIFY_CLIENT_SECRET: LISTENING_IMPORT_MESSAGES.playlistNeedsSecret,
};

/** A public playlist's link: the server reads it with the app's own Spotify token and counts tracks per artist. */
const PlaylistForm = ({
  status,
  onStarted,
}: {
  status: PlaylistImportStatus | null;
  onStarted: (view: ListeningImportView) => void;
}) => {
  const inputId = useId();
  const [link, setLink] = useState('');
  const read = useMutation({
    mutationFn: () => postPlaylist(link),
    onSuccess: (view) => {
      setLink('');
      onStarted(view);
    },
  });
  const valid = spotifyPlaylistId(link) !== null;
  const blocked = status !== null && !status.configured;
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !blocked) read.mutate();
      }}
    >
      {blocked && status.missing ? (
        <div className="flex flex-col gap-1 rounded-xl border border-border-strong bg-surface-raised px-3 py-2 text-sm">
          <p className="font-semibold">The playlist import is not set up</p>
          <p className="text-muted">{MISSING_TEXT[status.missing]}</p>
        </div>
      ) : null}
      <label htmlFor={inputId} className="text-sm font-semibold">
        Playlist link
      </label>
      <input
        id={inputId}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        value={link}
        maxLength={500}
        disabled={blocked}
        onChange={(event) => setLink(event.target.value)}
        placeholder="https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M"
        className={cn(inputClassName, 'font-mono text-sm')}
        aria-describedby={`${inputId}-hint`}
        aria-invalid={link.trim() !== '' && !valid ? true : undefined}
      />
      <p id={`${inputId}-hint`} className="text-xs text-muted">
        Paste the link from Spotify’s Share menu (open.spotify.com/playlist/…) or a spotify:playlist: URI. The playlist
        must be public. Every artist credited on a track is counted; local files and podcasts are left out.
      </p>
      {link.trim() !== '' && !valid ? (
        <p className="text-sm text-destructive">{LISTENING_IMPORT_MESSAGES.notAPlaylist}</p>
      ) : null}
      {read.isError ? (
        <FormAlert>
          {read.error instanceof ApiError ? read.error.message : 'The playlist could not be read. Please try again.'}
        </FormAlert>
      ) : null}
      <div>
        <Button type="submit" disabled={!valid || blocked || read.isPending}>
          {read.isPending ? 'Reading the playlist…' : 'Read the playlist'}
        </Button>
      </div>
    </form>
  );
};
