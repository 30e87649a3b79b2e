/** GET /api/admin/api-status (issue 16, item 1): provider health and the job queue. */

export interface ProviderStatus {
  /** The provider's name as its call records write it: 'musicbrainz', 'jambase', 'wikidata', ... */
  provider: string;
  label: string;
  /** False for a provider the server is not configured for (no API key); its past records still show. */
  configured: boolean;
  callsLastHour: number;
  callsLastDay: number;
  /** 0–1 over the last day; null without calls. */
  successRate: number | null;
  p50LatencyMs: number | null;
  p95LatencyMs: number | null;
  lastError: { message: string; status: number | null; at: string } | null;
  /** Null when we keep no request rate for this provider. */
  rateLimit: {
    /** e.g. 'MusicBrainz allows 1 request per second per IP'. */
    description: string;
    intervalMs: number;
    /** Requests already booked ahead of a new one (waiting for their slot). */
    waiting: number;
    /** How long a new request would wait for its slot now. */
    nextSlotInMs: number;
  } | null;
  /** Whether "Check now" can probe it. */
  probe: boolean;
  /** A daily call quota we keep for it (UTC day); null when none. */
  quota: { limit: number; usedToday: number } | null;
  /** A tour-date source (its listings are merged into the catalog's stops). */
  tourDates: boolean;
}

export interface JobQueueStatus {
  name: string;
  queued: number;
  active: number;
  failedLastDay: number;
  /** ISO time the oldest waiting job was created; null when none waits. */
  oldestWaitingAt: string | null;
}

export interface FailedJob {
  id: string;
  name: string;
  /** The error pg-boss stored for its last attempt. */
  error: string | null;
  failedAt: string;
  attempts: number;
}

/** A stop whose sources disagree on its date: the rule of ADR 0044 kept `stopDate`. */
export interface SourceConflict {
  stopId: string;
  artistName: string;
  artistSlug: string;
  stopDate: string;
  venue: string;
  provider: string;
  reportedDate: string;
}

/** Why an artist is in the day's sync plan, most urgent first (ADR 0046). */
export const SYNC_PLAN_TIERS = ['going', 'followed', 'searched', 'long-tail'] as const;
export type SyncPlanTierName = (typeof SYNC_PLAN_TIERS)[number];
export const SYNC_PLAN_TIER_LABELS: Record<SyncPlanTierName, string> = {
  going: 'Going',
  followed: 'Followed',
  searched: 'Searched',
  'long-tail': 'Long tail',
};

/** One tour-date source's part of today's sync plan (UTC day). */
export interface SyncPlanSource {
  provider: string;
  label: string;
  /** Configured on this server (its key is set). */
  on: boolean;
  /** Calls a day this server allows it; null when none is kept. */
  quota: number | null;
  /** Calls made today by anyone (plan, fans' searches, checks). */
  usedToday: number;
  /** The calls of the quota the plan may spend; the rest stays free for fans' searches. */
  planBudget: number | null;
  /** Artists planned today per tier. */
  planned: Record<SyncPlanTierName, number>;
  done: number;
  left: number;
}

export interface SyncPlanStatus {
  /** The plan's UTC day, YYYY-MM-DD. */
  day: string;
  /** When the planner runs next (ISO). */
  nextPlanAt: string;
  /** When the next planned artist's sync is due (ISO); null when none waits. */
  nextSyncAt: string | null;
  sources: SyncPlanSource[];
}

export interface ApiStatusResponse {
  generatedAt: string;
  providers: ProviderStatus[];
  /** Today's sync plan per tour-date source (issue 24 item 4). */
  syncPlan: SyncPlanStatus;
  /** Tour-date conflicts between sources (upcoming stops, soonest first, at most 50). */
  conflicts: SourceConflict[];
  jobs: JobQueueStatus[];
  failedJobs: FailedJob[];
}

/** POST /api/admin/api-status/:provider/check */
export interface ProviderProbeResult {
  provider: string;
  ok: boolean;
  latencyMs: number;
  message: string;
  checkedAt: string;
}

/** POST /api/admin/jobs/:id/retry */
export interface JobRetryResponse {
  id: string;
  retried: true;
}

export const API_STATUS_REFRESH_MS = 10_000;
export const apiStatusMessages = {
  jobNotFailed: 'That job is not failed (any more): there is nothing to retry.',
  noProbe: 'This provider has no live check.',
  notConfigured: 'This provider is not configured on this server.',
} as const;
