import type { Database } from '#server/db/client.ts';
import { plannedSyncJob } from '#server/features/sync/sync.jobs.ts';
import { syncPlanSummary } from '#server/features/sync/sync-planner.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { Queue } from '#server/lib/queue.ts';
import { BANDSINTOWN, BANDSINTOWN_INTERVAL_MS } from '#server/providers/bandsintown/bandsintown.client.ts';
import { ProviderError } from '#server/providers/http.ts';
import { JAMBASE } from '#server/providers/jambase/jambase.client.ts';
import { MUSICBRAINZ, MUSICBRAINZ_INTERVAL_MS } from '#server/providers/musicbrainz/musicbrainz.client.ts';
import type { Providers } from '#server/providers/providers.ts';
import { SETLISTFM } from '#server/providers/setlistfm/setlistfm.client.ts';
import { TICKETMASTER, TICKETMASTER_INTERVAL_MS } from '#server/providers/ticketmaster/ticketmaster.client.ts';
import {
  type ApiStatusResponse,
  apiStatusMessages,
  type JobRetryResponse,
  type ProviderProbeResult,
  type ProviderStatus,
} from '#shared/api-status.ts';
import {
  selectFailedJobs,
  selectJobStats,
  selectKnownProviders,
  selectLastErrors,
  selectNextPlannedSync,
  selectProviderStats,
  selectQuotaUsage,
  selectRateSlots,
  selectSourceConflicts,
} from './api-status.repo.ts';
import { type AuditActor, recordAdminAction } from './audit.service.ts';

export interface ApiStatusDeps {
  database: Database;
  providers: Providers;
  queue: Pick<Queue, 'retryFailed'>;
}

const FAILED_JOBS_SHOWN = 20;
const CONFLICTS_SHOWN = 50;
/** A probe names a band every source knows, and asks for as little as the API allows. */
const PROBE_ARTIST = 'Radiohead';

/** What we know of each provider beyond its call records: its name, its request rate and its probe. */
interface ProviderInfo {
  label: string;
  rate?: { intervalMs: number; description: string };
  probe?: (providers: Providers) => Promise<void>;
  configured?: (providers: Providers) => boolean;
  /** The daily call quota we keep for it, when we keep one. */
  quota?: (providers: Providers) => number | null;
  tourDates?: boolean;
}

const knownProviders: Record<string, ProviderInfo> = {
  [MUSICBRAINZ]: {
    label: 'MusicBrainz',
    rate: { intervalMs: MUSICBRAINZ_INTERVAL_MS, description: 'MusicBrainz allows 1 request per second per IP.' },
    probe: async (providers) => {
      await providers.musicBrainz.searchArtists(PROBE_ARTIST, 1);
    },
  },
  [JAMBASE]: {
    label: 'JamBase',
    tourDates: true,
    configured: (providers) => providers.jamBase !== null,
    quota: (providers) => providers.jamBase?.dailyQuota ?? null,
    probe: async (providers) => {
      if (!providers.jamBase) throw new AppError('UNAVAILABLE', apiStatusMessages.notConfigured);
      await providers.jamBase.upcomingEvents({ name: PROBE_ARTIST }, new Date().toISOString().slice(0, 10));
    },
  },
  [TICKETMASTER]: {
    label: 'Ticketmaster',
    tourDates: true,
    rate: { intervalMs: TICKETMASTER_INTERVAL_MS, description: 'Ticketmaster allows 5 requests per second per key.' },
    configured: (providers) => providers.ticketmaster !== null,
    quota: (providers) => providers.ticketmaster?.dailyQuota ?? null,
    probe: async (providers) => {
      if (!providers.ticketmaster) throw new AppError('UNAVAILABLE', apiStatusMessages.notConfigured);
      await providers.ticketmaster.searchAttractions(PROBE_ARTIST);
    },
  },
  [BANDSINTOWN]: {
    label: 'Bandsintown',
    tourDates: true,
    rate: {
      intervalMs: BANDSINTOWN_INTERVAL_MS,
      description: 'Bandsintown publishes no rate; we send at most 4 requests per second.',
    },
    configured: (providers) => providers.bandsintown !== null,
    quota: (providers) => providers.bandsintown?.dailyQuota ?? null,
    probe: async (providers) => {
      if (!providers.bandsintown) throw new AppError('UNAVAILABLE', apiStatusMessages.notConfigured);
      await providers.bandsintown.upcomingEvents(PROBE_ARTIST);
    },
  },
  [SETLISTFM]: {
    label: 'setlist.fm',
    configured: (providers) => providers.setlistFm !== null,
    quota: (providers) => providers.setlistFm?.dailyQuota ?? null,
  },
  wikidata: { label: 'Wikidata' },
  nominatim: { label: 'Nominatim (OpenStreetMap)' },
};

function labelOf(provider: string): string {
  return knownProviders[provider]?.label ?? provider.charAt(0).toUpperCase() + provider.slice(1);
}

const toNumber = (value: number | string | null | undefined): number => Number(value ?? 0);
const toIso = (value: Date | string): string => new Date(value).toISOString();

/** GET /api/admin/api-status: every provider we know of or have records for, and every job queue. */
export async function getApiStatus(deps: ApiStatusDeps): Promise<ApiStatusResponse> {
  const { database, providers } = deps;
  const [stats, lastErrors, seen, slots, jobs, failed, usage, conflicts, plan, nextSync] = await Promise.all([
    selectProviderStats(database),
    selectLastErrors(database),
    selectKnownProviders(database),
    selectRateSlots(database),
    selectJobStats(database),
    selectFailedJobs(database, FAILED_JOBS_SHOWN),
    selectQuotaUsage(database),
    selectSourceConflicts(database, CONFLICTS_SHOWN),
    syncPlanSummary(database, providers),
    selectNextPlannedSync(database, plannedSyncJob.name),
  ]);
  // Every tour-date source shows, on or off: an operator sees what a key would add.
  const names = [...new Set([MUSICBRAINZ, JAMBASE, TICKETMASTER, BANDSINTOWN, ...seen])];
  const statusOf = (provider: string): ProviderStatus => {
    const info = knownProviders[provider];
    const row = stats.find((candidate) => candidate.provider === provider);
    const error = lastErrors.find((candidate) => candidate.provider === provider);
    const slot = slots.find((candidate) => candidate.provider === provider);
    const callsDay = toNumber(row?.calls_day);
    const nextSlotInMs = Math.round(toNumber(slot?.wait_ms));
    return {
      provider,
      label: labelOf(provider),
      configured: info?.configured ? info.configured(providers) : true,
      callsLastHour: toNumber(row?.calls_hour),
      callsLastDay: callsDay,
      successRate: callsDay > 0 ? toNumber(row?.ok_day) / callsDay : null,
      p50LatencyMs: row?.p50 == null ? null : Math.round(toNumber(row.p50)),
      p95LatencyMs: row?.p95 == null ? null : Math.round(toNumber(row.p95)),
      lastError: error ? { message: error.error, status: error.status, at: toIso(error.created_at) } : null,
      rateLimit: info?.rate
        ? {
            description: info.rate.description,
            intervalMs: info.rate.intervalMs,
            // Each booked request moved the next slot one interval on: the distance counts them.
            waiting: Math.floor(nextSlotInMs / info.rate.intervalMs),
            nextSlotInMs,
          }
        : null,
      probe: Boolean(info?.probe),
      quota: quotaOf(info, providers, usage.find((candidate) => candidate.provider === provider)?.calls),
      tourDates: Boolean(info?.tourDates),
    };
  };
  return {
    generatedAt: new Date().toISOString(),
    providers: names.map(statusOf),
    syncPlan: { ...plan, nextSyncAt: nextSync ? toIso(nextSync) : null },
    conflicts: conflicts.map((row) => ({
      stopId: row.stop_id,
      artistName: row.artist_name,
      artistSlug: row.artist_slug,
      stopDate: row.stop_date,
      venue: row.venue,
      provider: row.provider,
      reportedDate: row.reported_date,
    })),
    jobs: jobs.map((row) => ({
      name: row.name,
      queued: toNumber(row.queued),
      active: toNumber(row.active),
      failedLastDay: toNumber(row.failed_day),
      oldestWaitingAt: row.oldest_waiting ? toIso(row.oldest_waiting) : null,
    })),
    failedJobs: failed.map((row) => ({
      id: row.id,
      name: row.name,
      error: describeJobOutput(row.output),
      failedAt: toIso(row.completed_on),
      attempts: row.retry_count + 1,
    })),
  };
}

function quotaOf(info: ProviderInfo | undefined, providers: Providers, used: number | string | undefined) {
  const limit = info?.quota?.(providers) ?? null;
  return limit === null ? null : { limit, usedToday: toNumber(used) };
}

/** pg-boss stores a thrown error as its serialised fields ({ message, stack, ... }). */
function describeJobOutput(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return output == null ? null : JSON.stringify(output).slice(0, 500);
}

/**
 * POST /api/admin/api-status/:provider/check: one real call now, through the provider's own
 * client (so it takes its rate slot and is recorded like any other call).
 */
export async function probeProvider(
  deps: ApiStatusDeps & { actor: AuditActor },
  provider: string,
): Promise<ProviderProbeResult> {
  const info = knownProviders[provider];
  if (!info) throw notFound('Provider');
  if (!info.probe) throw new AppError('BAD_REQUEST', apiStatusMessages.noProbe);
  if (info.configured && !info.configured(deps.providers)) {
    throw new AppError('UNAVAILABLE', apiStatusMessages.notConfigured);
  }
  const started = performance.now();
  let ok = true;
  let message = 'Answered as expected.';
  try {
    await info.probe(deps.providers);
  } catch (error) {
    ok = false;
    message = error instanceof ProviderError || error instanceof Error ? error.message : String(error);
  }
  const result = {
    provider,
    ok,
    latencyMs: Math.round(performance.now() - started),
    message,
    checkedAt: new Date().toISOString(),
  };
  await recordAdminAction(deps.database.db, {
    actor: deps.actor,
    action: 'provider.check',
    targetType: 'provider',
    targetId: provider,
    targetLabel: info.label,
    after: { ok, latencyMs: result.latencyMs, message },
  });
  return result;
}

/** POST /api/admin/jobs/:id/retry: a failed job goes back in its queue (audited). */
export async function retryFailedJob(
  deps: ApiStatusDeps & { actor: AuditActor },
  id: string,
): Promise<JobRetryResponse> {
  const retried = await deps.queue.retryFailed(id);
  if (!retried) throw new AppError('CONFLICT', apiStatusMessages.jobNotFailed);
  await recordAdminAction(deps.database.db, {
    actor: deps.actor,
    action: 'job.retry',
    targetType: 'job',
    targetId: id,
    targetLabel: retried.name,
    before: { state: 'failed' },
    after: { state: 'retry' },
  });
  return { id, retried: true };
}
