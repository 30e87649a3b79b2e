import { useQuery } from '@tanstack/react-query';
import { Headphones } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, inputClassName } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { cn } from '#client/lib/utils.ts';
import {
  LISTENING_PERIOD_LABELS,
  LISTENING_PERIODS,
  MUSIC_LIMITS,
  MUSIC_SOURCE_LABELS,
  MUSIC_SOURCES,
  type MusicPreview,
  type MusicSource,
} from '#shared/music-services.ts';
import { musicPreviewSchema } from '#shared/music-services-api.ts';
import { postPreview } from '../api/music-services-api.ts';
import { connectionsQueryOptions } from '../api/music-sync-api.ts';
import { checkUsername } from './check-username.ts';
import { ExcludeList } from './exclude-list.tsx';
import { ListeningPreview } from './listening-preview.tsx';
import { MusicSyncSettings, ProposalList } from './music-sync-settings.tsx';
import { SpotifyCard } from './spotify-card.tsx';

const USERNAME_HINT: Record<MusicSource, string> = {
  lastfm: 'The name in your profile address: last.fm/user/<name>.',
  listenbrainz: 'The name in your profile address: listenbrainz.org/user/<name>. Public statistics only.',
};

/**
 * /music-services: follow the artists you listen to on Last.fm or ListenBrainz, after a preview.
 * `spotifyExport` is the listening-import feature's 'Spotify data export' section.
 */
export const MusicServicesPage = ({ spotifyExport }: { spotifyExport: ReactNode }) => {
  useDocumentTitle(`Music services | ${BRAND}`);
  const ids = { username: useId(), period: useId(), hint: useId(), error: useId() };
  const [chosen, setSource] = useState<MusicSource>('lastfm');
  // Only the services this server offers (Last.fm needs the operator's key).
  const connections = useQuery(connectionsQueryOptions());
  const offered = connections.data?.sources ?? MUSIC_SOURCES;
  const source = offered.includes(chosen) ? chosen : (offered[0] ?? chosen);
  const spotifyOffered = connections.data?.spotify.configured !== false;
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<MusicPreview | null>(null);
  // On react-hook-form through useValidatedForm with the server's schema; the problem shows under the
  // form, as the services' own answers do.
  const form = useValidatedForm({
    initial: { username: '', period: 'year' },
    check: ({ username, period }) =>
      checkUsername(musicPreviewSchema, { source, username, period, limit: MUSIC_LIMITS.previewDefault }, setProblem),
    send: async (request) => {
      try {
        setPreview(await postPreview(request));
      } catch (error) {
        setPreview(null);
        setProblem(error instanceof ApiError ? error.message : 'The preview failed. Please try again.');
      }
    },
  });
  const loading = form.busy;

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex max-w-3xl flex-col gap-2">
        <p className="flex items-center gap-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">
          <Headphones className="size-4" aria-hidden="true" />
          Connect and import
        </p>
        <h1 className="hidden font-display text-4xl font-bold md:block">Music services</h1>
        <p className="text-muted">
          Follow the artists you actually listen to. {spotifyOffered ? 'Connect Spotify or enter' : 'Enter'} a username,
          check the preview, and pick who lands in{' '}
          <Link to={paths.myArtists} className="text-accent underline-offset-4 hover:underline">
            My Artists
          </Link>
          . Nothing is followed until you say so.
        </p>
      </header>

      <SpotifyCard />

      <form
        ref={form.formRef}
        onSubmit={form.submit}
        noValidate
        aria-label="Preview your top artists"
        className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 sm:p-6"
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold">Service</legend>
          <div className="flex flex-wrap gap-2">
            {offered.map((value) => (
              <label
                key={value}
                className={cn(
                  'flex h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40',
                  source === value ? 'border-accent bg-accent/15 text-foreground' : 'border-border-strong',
                )}
              >
                <input
                  type="radio"
                  name="source"
                  value={value}
                  checked={source === value}
                  onChange={() => setSource(value)}
                  className="accent-[var(--color-accent)]"
                />
                {MUSIC_SOURCE_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.username} className="text-sm font-semibold">
              {MUSIC_SOURCE_LABELS[source]} username
            </label>
            <input
              id={ids.username}
              name="username"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={MUSIC_LIMITS.usernameMax}
              className={inputClassName}
              value={form.values.username}
              onChange={form.field('username').onChange}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${ids.hint} ${ids.error}` : ids.hint}
            />
            <p id={ids.hint} className="text-xs text-muted">
              {USERNAME_HINT[source]}
            </p>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.period} className="text-sm font-semibold">
              Period
            </label>
            <select
              id={ids.period}
              name="period"
              className={inputClassName}
              value={form.values.period}
              onChange={form.field('period').onChange}
            >
              {LISTENING_PERIODS.map((value) => (
                <option key={value} value={value}>
                  {LISTENING_PERIOD_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        </div>
        {problem ? <FormAlert id={ids.error}>{problem}</FormAlert> : null}
        <div>
          <Button type="submit" disabled={loading}>
            {loading ? 'Looking…' : 'Preview top artists'}
          </Button>
        </div>
      </form>

      {loading ? (
        <Spinner label={`Asking ${MUSIC_SOURCE_LABELS[source]} for your top artists...`} className="py-8" />
      ) : null}
      {preview && !loading ? (
        <ListeningPreview
          key={`${preview.source}:${preview.username}:${preview.period}`}
          preview={preview}
          onChanged={setPreview}
        />
      ) : null}

      <ProposalList />

      {spotifyExport}

      <MusicSyncSettings />

      <ExcludeList />
    </section>
  );
};
