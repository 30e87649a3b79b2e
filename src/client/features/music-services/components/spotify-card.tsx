import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { InlineLoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, inputClassName } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';
import type { MusicPreview } from '#shared/music-services.ts';
import {
  SPOTIFY_OUTCOME_MESSAGES,
  SPOTIFY_OUTCOMES,
  SPOTIFY_PERIOD_LABELS,
  SPOTIFY_PERIODS,
  type SpotifyOutcome,
  type SpotifyPeriod,
  SYNC_MESSAGES,
} from '#shared/music-services-sync.ts';
import { connectionsQueryOptions, postSpotifyConnect, postSpotifyPreview } from '../api/music-sync-api.ts';
import { ListeningPreview } from './listening-preview.tsx';

const isOutcome = (value: string | null): value is SpotifyOutcome =>
  value !== null && (SPOTIFY_OUTCOMES as readonly string[]).includes(value);

/** Spotify's answer to a consent, read once from ?spotify= and the address cleaned at once. */
function useSpotifyOutcome(): [SpotifyOutcome | null, () => void] {
  const [params, setParams] = useSearchParams();
  const [outcome, setOutcome] = useState<SpotifyOutcome | null>(() => {
    const value = params.get('spotify');
    return isOutcome(value) ? value : null;
  });
  useEffect(() => {
    if (params.has('spotify')) {
      const next = new URLSearchParams(params);
      next.delete('spotify');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);
  return [outcome, () => setOutcome(null)];
}

/** The Spotify section of Music services: what is missing, connect, reconnect, or preview followed and top artists. */
export const SpotifyCard = () => {
  const connections = useQuery(connectionsQueryOptions());
  const [outcome, clearOutcome] = useSpotifyOutcome();
  const periodId = useId();
  const [period, setPeriod] = useState<SpotifyPeriod>('half-year');
  const [connecting, setConnecting] = useState(false);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<MusicPreview | null>(null);

  const spotify = connections.data?.spotify;
  const connection = connections.data?.connections.find((c) => c.source === 'spotify');

  async function connect() {
    clearOutcome();
    setProblem(null);
    setConnecting(true);
    try {
      const { authorizeUrl } = await postSpotifyConnect();
      window.location.assign(authorizeUrl);
    } catch (error) {
      setConnecting(false);
      setProblem(error instanceof ApiError ? error.message : 'Spotify could not be reached. Please try again.');
    }
  }

  async function loadPreview() {
    setProblem(null);
    setLoading(true);
    try {
      setPreview(await postSpotifyPreview(period));
    } catch (error) {
      setPreview(null);
      setProblem(error instanceof ApiError ? error.message : 'The preview failed. Please try again.');
      void connections.refetch();
    } finally {
      setLoading(false);
    }
  }

  return (
    <section
      aria-labelledby="spotify-heading"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="spotify-heading" className="font-display text-xl font-bold">
          Spotify
        </h2>
        {connection?.status === 'connected' ? (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-emerald-400/40 bg-emerald-400/10 px-2.5 py-0.5 text-xs font-semibold text-emerald-200">
            <CheckCircle2 className="size-3.5" aria-hidden="true" />
            Connected
          </span>
        ) : null}
      </div>

      {outcome ? (
        <p
          role={outcome === 'connected' ? 'status' : 'alert'}
          className={cn(
            'rounded-xl border px-3 py-2 text-sm',
            outcome === 'connected'
              ? 'border-emerald-400/40 bg-emerald-400/10'
              : 'border-destructive/50 bg-destructive/10',
          )}
        >
          {SPOTIFY_OUTCOME_MESSAGES[outcome]}
        </p>
      ) : null}

      {connections.isPending ? <Spinner label="Loading your music services..." className="py-2" /> : null}
      {connections.isError ? (
        <InlineLoadError what="Your music services" onRetry={() => connections.refetch()} />
      ) : null}

      {spotify && !spotify.configured ? (
        <div className="flex flex-col gap-2 text-sm text-muted">
          <p>{SYNC_MESSAGES.spotifyNotConfigured}</p>
          {/* Setup is the operator's business: the server sends the redirect URI to admins only. */}
          {spotify.redirectUri ? (
            <p>
              For the administrator: create an app at developer.spotify.com/dashboard (Web API), add the redirect URI{' '}
              <code className="rounded bg-surface-raised px-1.5 py-0.5 break-all text-foreground">
                {spotify.redirectUri}
              </code>
              , and start the server with{' '}
              <code className="rounded bg-surface-raised px-1.5 py-0.5 text-foreground">SPOTIFY_CLIENT_ID</code> set to
              the app’s Client ID. No client secret is needed.
            </p>
          ) : null}
          {connections.data?.sources.includes('lastfm') ? (
            <p>
              Spotify can send what you play to Last.fm (Last.fm settings → Applications), and the Last.fm import below
              picks it up.
            </p>
          ) : null}
        </div>
      ) : null}

      {spotify?.configured && !connection ? (
        <div className="flex flex-col gap-3 text-sm">
          <p className="text-muted">
            Connect your account to follow the artists you follow and play most on Spotify. We only ask to read your
            followed and top artists — nothing else, and we never post anything.
          </p>
          <div>
            <Button onClick={connect} disabled={connecting}>
              {connecting ? 'Opening Spotify…' : 'Connect Spotify'}
            </Button>
          </div>
        </div>
      ) : null}

      {connection?.status === 'reconnect' ? (
        <div className="flex flex-col gap-3 text-sm">
          <p
            role="alert"
            className="flex items-start gap-2 rounded-xl border border-amber-400/50 bg-amber-400/10 px-3 py-2"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
            {SYNC_MESSAGES.reconnect}
          </p>
          <div>
            <Button onClick={connect} disabled={connecting}>
              {connecting ? 'Opening Spotify…' : 'Reconnect Spotify'}
            </Button>
          </div>
        </div>
      ) : null}

      {connection?.status === 'connected' ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void loadPreview();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={periodId} className="text-sm font-semibold">
              Top artists of
            </label>
            <select
              id={periodId}
              className={cn(inputClassName, 'w-48')}
              value={period}
              onChange={(event) => setPeriod(event.target.value as SpotifyPeriod)}
            >
              {SPOTIFY_PERIODS.map((value) => (
                <option key={value} value={value}>
                  {SPOTIFY_PERIOD_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={loading}>
            {loading ? 'Asking Spotify…' : 'Preview from Spotify'}
          </Button>
        </form>
      ) : null}

      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {loading ? <Spinner label="Asking Spotify for your artists..." className="py-4" /> : null}
      {preview && !loading && connection?.status === 'connected' ? (
        <ListeningPreview key={`spotify:${preview.period}`} preview={preview} onChanged={setPreview} />
      ) : null}
    </section>
  );
};
