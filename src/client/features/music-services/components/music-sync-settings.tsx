import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, inputClassName } from '#client/components/ui/form-field.tsx';
import { ModalDialog, ModalDialogClose, ModalDialogContent } from '#client/components/ui/modal-dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { cn } from '#client/lib/utils.ts';
import {
  LISTENING_PERIOD_LABELS,
  LISTENING_PERIODS,
  type ListeningPeriod,
  MUSIC_LIMITS,
  MUSIC_SOURCE_LABELS,
  MUSIC_SOURCES,
  type MusicSource,
} from '#shared/music-services.ts';
import { musicConnectionCreateSchema } from '#shared/music-services-api.ts';
import {
  describeSyncSummary,
  type MusicConnection,
  SPOTIFY_PERIOD_LABELS,
  SPOTIFY_PERIODS,
  SYNC_MODE_LABELS,
  SYNC_MODES,
  type SyncMode,
} from '#shared/music-services-sync.ts';
import { musicServicesKeys } from '../api/music-services-api.ts';
import {
  connectionsQueryOptions,
  deleteConnection,
  musicSyncKeys,
  patchConnection,
  postConnection,
  postProposals,
  postSync,
  proposalsQueryOptions,
} from '../api/music-sync-api.ts';
import { checkUsername } from './check-username.ts';

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);
const label = (connection: MusicConnection) =>
  connection.username
    ? `${MUSIC_SOURCE_LABELS[connection.source]} · ${connection.username}`
    : MUSIC_SOURCE_LABELS[connection.source];

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Invalidates what a sync or an answer may have changed. */
function useRefreshAfterSync() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: musicSyncKeys.connections() });
    void queryClient.invalidateQueries({ queryKey: musicSyncKeys.proposals() });
    void queryClient.invalidateQueries({ queryKey: musicServicesKeys.excludes() });
    void queryClient.invalidateQueries({ queryKey: ['favorites'] });
  };
}

/** "Keep in sync": the fan's connected services, each re-synced weekly and on demand, and a username to add. */
export const MusicSyncSettings = () => {
  const connections = useQuery(connectionsQueryOptions());
  const list = connections.data?.connections ?? [];
  const offered = connections.data?.sources ?? MUSIC_SOURCES;
  const free = offered.filter((source) => !list.some((c) => c.source === source));
  return (
    <section
      aria-labelledby="sync-heading"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="sync-heading" className="font-display text-xl font-bold">
          Keep in sync
        </h2>
        <p className="text-sm text-muted">
          Connected services are checked every week and whenever you press Sync now. Artists you unfollow by hand go on
          the exclude list and are never added again.
        </p>
      </div>
      {connections.isPending ? <Spinner label="Loading your connections..." className="py-2" /> : null}
      {connections.data && list.length === 0 ? (
        <p className="text-sm text-muted">
          Nothing is kept in sync yet. {connections.data.spotify.configured ? 'Connect Spotify, or add' : 'Add'} a{' '}
          {offered.map((source) => MUSIC_SOURCE_LABELS[source]).join(' or ')} username below.
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul aria-label="Connected services" className="flex flex-col gap-3">
          {list.map((connection) => (
            <ConnectionItem key={connection.id} connection={connection} />
          ))}
        </ul>
      ) : null}
      {connections.data && free.length > 0 ? <AddUsername sources={free} /> : null}
    </section>
  );
};

const ConnectionItem = ({ connection }: { connection: MusicConnection }) => {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterSync();
  const ids = { mode: useId(), period: useId() };
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const name = label(connection);

  const sync = useMutation({
    mutationFn: () => postSync(connection.id),
    onSuccess: (answer) => {
      setResult(`Synced: ${describeSyncSummary(answer.summary)}`);
      refresh();
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: musicSyncKeys.connections() }),
  });
  const change = useMutation({
    mutationFn: (changes: { mode?: SyncMode; period?: ListeningPeriod }) => patchConnection(connection.id, changes),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: musicSyncKeys.connections() }),
    onError: (error) => showToast({ title: 'Not saved', description: errorText(error, 'Please try again.') }),
  });
  const remove = useMutation({
    mutationFn: () => deleteConnection(connection.id),
    onSuccess: (answer) => {
      queryClient.setQueryData(musicSyncKeys.connections(), answer);
      setConfirming(false);
      showToast({
        title: `${MUSIC_SOURCE_LABELS[connection.source]} disconnected`,
        description: 'The artists you follow stay followed.',
      });
    },
  });

  const periods: readonly ListeningPeriod[] = connection.source === 'spotify' ? SPOTIFY_PERIODS : LISTENING_PERIODS;
  const periodLabel = (value: ListeningPeriod) =>
    connection.source === 'spotify'
      ? SPOTIFY_PERIOD_LABELS[value as keyof typeof SPOTIFY_PERIOD_LABELS]
      : LISTENING_PERIOD_LABELS[value];

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border-strong p-4" aria-label={name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="font-semibold break-words">{name}</span>
          <span className="text-xs text-muted">
            {connection.status === 'reconnect'
              ? 'Needs reconnecting'
              : connection.lastSyncedAt
                ? `Last synced ${when(connection.lastSyncedAt)}${connection.lastSummary ? ` — ${describeSyncSummary(connection.lastSummary)}` : ''}`
                : 'Not synced yet'}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={sync.isPending || connection.status !== 'connected'}
            onClick={() => {
              setResult(null);
              sync.mutate();
            }}
          >
            <RefreshCw className={cn(sync.isPending && 'motion-safe:animate-spin')} aria-hidden="true" />
            {sync.isPending ? 'Syncing…' : 'Sync now'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
        </div>
      </div>
      {connection.lastError && connection.status === 'connected' ? (
        <p className="rounded-lg border border-amber-400/50 bg-amber-400/10 px-3 py-1.5 text-xs">
          Last sync failed: {connection.lastError}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id={ids.mode}
          label="New artists found"
          value={connection.mode}
          options={SYNC_MODES}
          labelOf={(mode) => SYNC_MODE_LABELS[mode]}
          disabled={change.isPending}
          onChange={(mode) => change.mutate({ mode })}
        />
        <SelectField
          id={ids.period}
          label="Top artists of"
          value={periods.includes(connection.period) ? connection.period : periods[0]!}
          options={periods}
          labelOf={periodLabel}
          disabled={change.isPending}
          onChange={(period) => change.mutate({ period })}
        />
      </div>
      <div aria-live="polite" className="text-sm">
        {result ? (
          <p className="rounded-lg border border-emerald-400/40 bg-emerald-400/10 px-3 py-1.5">{result}</p>
        ) : null}
        {sync.isError ? (
          <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/10 px-3 py-1.5">
            {errorText(sync.error, 'The sync failed. Nothing was changed — please try again.')}
          </p>
        ) : null}
      </div>
      <ModalDialog open={confirming} onOpenChange={setConfirming}>
        <ModalDialogContent
          title={`Disconnect ${MUSIC_SOURCE_LABELS[connection.source]}?`}
          description={
            connection.source === 'spotify'
              ? 'The weekly sync stops and this server deletes its Spotify access. The artists you follow stay followed. You can also remove the app at spotify.com/account/apps.'
              : 'The weekly sync stops. The artists you follow stay followed.'
          }
        >
          {remove.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorText(remove.error, 'Disconnecting failed. Please try again.')}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <ModalDialogClose asChild>
              <Button variant="ghost">Keep it</Button>
            </ModalDialogClose>
            <Button onClick={() => remove.mutate()} disabled={remove.isPending}>
              {remove.isPending ? 'Disconnecting…' : 'Disconnect'}
            </Button>
          </div>
        </ModalDialogContent>
      </ModalDialog>
    </li>
  );
};

const AddUsername = ({ sources }: { sources: MusicSource[] }) => {
  const refresh = useRefreshAfterSync();
  const ids = { source: useId(), username: useId(), mode: useId(), error: useId() };
  const [problem, setProblem] = useState<string | null>(null);
  // A source connected since it was chosen (the list is the free ones) gives way to the first one left,
  // shown and sent alike.
  const sourceOf = (chosen: string) =>
    sources.includes(chosen as MusicSource) ? (chosen as MusicSource) : sources[0]!;
  // On react-hook-form through useValidatedForm with the server's schema; the problem shows under the
  // form, as the services' own answers do.
  const form = useValidatedForm({
    initial: { source: sources[0]!, username: '', mode: 'propose' },
    check: ({ source, username, mode }) =>
      checkUsername(
        musicConnectionCreateSchema,
        { source: sourceOf(source), username, period: 'half-year', mode },
        setProblem,
      ),
    send: async (input) => {
      try {
        const answer = await postConnection(input);
        form.setValues((current) => ({ ...current, username: '' }));
        refresh();
        showToast({
          title: `${MUSIC_SOURCE_LABELS[answer.connection.source]} kept in sync`,
          description: describeSyncSummary(answer.summary),
        });
      } catch (error) {
        setProblem(errorText(error, 'That did not work. Please try again.'));
      }
    },
  });
  const { values, busy } = form;
  const choose = (name: 'source' | 'mode') => (value: string) =>
    form.setValues((previous) => ({ ...previous, [name]: value }));

  return (
    <form
      ref={form.formRef}
      onSubmit={form.submit}
      noValidate
      aria-label="Keep a username in sync"
      className="flex flex-col gap-3 border-t border-border pt-4"
    >
      <h3 className="text-sm font-semibold">
        Add a {sources.map((value) => MUSIC_SOURCE_LABELS[value]).join(' or ')} username
      </h3>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr_14rem]">
        <SelectField
          id={ids.source}
          label="Service"
          value={sourceOf(values.source)}
          options={sources}
          labelOf={(source) => MUSIC_SOURCE_LABELS[source]}
          onChange={choose('source')}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.username} className="text-xs font-semibold text-muted">
            Username
          </label>
          <input
            id={ids.username}
            className={cn(inputClassName, 'h-10 text-sm')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={MUSIC_LIMITS.usernameMax}
            name="username"
            value={values.username}
            onChange={form.field('username').onChange}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.error : undefined}
          />
        </div>
        <SelectField
          id={ids.mode}
          label="New artists found"
          value={values.mode as SyncMode}
          options={SYNC_MODES}
          labelOf={(value) => SYNC_MODE_LABELS[value]}
          onChange={choose('mode')}
        />
      </div>
      {problem ? <FormAlert id={ids.error}>{problem}</FormAlert> : null}
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Checking…' : 'Keep in sync'}
        </Button>
      </div>
    </form>
  );
};

/** Artists a sync in "propose" mode found: follow or dismiss (dismissed ones go on the exclude list). */
export const ProposalList = () => {
  const proposals = useQuery(proposalsQueryOptions());
  const refresh = useRefreshAfterSync();
  const answer = useMutation({
    mutationFn: ({ kind, artistIds }: { kind: 'accept' | 'dismiss'; artistIds: string[] }) =>
      postProposals(kind, artistIds),
    onSuccess: (result) => {
      refresh();
      showToast({
        title: result.followed > 0 ? `${result.followed} followed` : `${result.dismissed} dismissed`,
        description:
          result.followed > 0 ? 'They are on My Artists now.' : 'Dismissed artists are on your exclude list.',
      });
    },
    onError: (error) => showToast({ title: 'Nothing changed', description: errorText(error, 'Please try again.') }),
  });
  const list = proposals.data?.proposals ?? [];
  if (list.length === 0) return null;
  return (
    <section
      aria-labelledby="proposals-heading"
      className="flex flex-col gap-3 rounded-card border border-accent/40 bg-surface p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="proposals-heading" className="font-display text-xl font-bold">
          Proposed by your sync ({list.length})
        </h2>
        <Button
          size="sm"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ kind: 'accept', artistIds: list.map((p) => p.artistId) })}
        >
          Follow all
        </Button>
      </div>
      <ul aria-label="Proposed artists" className="flex flex-col divide-y divide-border">
        {list.map((proposal) => (
          <li key={proposal.artistId} className="flex flex-wrap items-center gap-3 py-2.5">
            <div className="flex min-w-0 flex-1 flex-col">
              <Link
                to={paths.artist(proposal.artistSlug)}
                className="truncate font-semibold underline-offset-4 hover:underline"
              >
                {proposal.artistName}
              </Link>
              <span className="text-xs text-muted">
                From {MUSIC_SOURCE_LABELS[proposal.source as MusicSource] ?? proposal.source}
              </span>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ kind: 'accept', artistIds: [proposal.artistId] })}
                aria-label={`Follow ${proposal.artistName}`}
              >
                Follow
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ kind: 'dismiss', artistIds: [proposal.artistId] })}
                aria-label={`Dismiss ${proposal.artistName}`}
              >
                Dismiss
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
};

/** A labelled select over a fixed list of values (the sync settings' mode, period and service). */
function SelectField<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  labelOf: (value: T) => string;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={props.id} className="text-xs font-semibold text-muted">
        {props.label}
      </label>
      <select
        id={props.id}
        className={cn(inputClassName, 'h-10 text-sm')}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value as T)}
      >
        {props.options.map((value) => (
          <option key={value} value={value}>
            {props.labelOf(value)}
          </option>
        ))}
      </select>
    </div>
  );
}
