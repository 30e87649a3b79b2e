import type { Database } from '#server/db/client.ts';

export interface ProviderStatsRow {
  provider: string;
  calls_hour: number | string;
  calls_day: number | string;
  ok_day: number | string;
  p50: number | string | null;
  p95: number | string | null;
}

/** Calls, successes and latency percentiles per provider over the last day (and calls in the last hour). */
export async function selectProviderStats(database: Database): Promise<ProviderStatsRow[]> {
  const { rows } = await database.query<ProviderStatsRow>(
    `select provider,
            count(*) filter (where created_at > now() - interval '1 hour') as calls_hour,
            count(*) as calls_day,
            count(*) filter (where error is null) as ok_day,
            percentile_cont(0.5) within group (order by latency_ms) as p50,
            percentile_cont(0.95) within group (order by latency_ms) as p95
       from provider_calls
      where created_at > now() - interval '1 day'
      group by provider`,
  );
  return rows;
}

export interface LastErrorRow {
  provider: string;
  error: string;
  status: number | null;
  created_at: Date | string;
}

/** Each provider's most recent failed call over the kept records (30 days), through the (provider, created_at) index. */
export async function selectLastErrors(database: Database): Promise<LastErrorRow[]> {
  const { rows } = await database.query<LastErrorRow>(
    `select distinct on (provider) provider, error, status, created_at
       from provider_calls
      where error is not null
      order by provider, created_at desc`,
  );
  return rows;
}

/** Providers seen in the kept call records, so a provider added later shows up without a list to update. */
export async function selectKnownProviders(database: Database): Promise<string[]> {
  const { rows } = await database.query<{ provider: string }>('select distinct provider from provider_calls');
  return rows.map((row) => row.provider);
}

export interface RateSlotRow {
  provider: string;
  wait_ms: number | string;
}

/** How far each provider's next free request slot is from now (0 when free). */
export async function selectRateSlots(database: Database): Promise<RateSlotRow[]> {
  const { rows } = await database.query<RateSlotRow>(
    `select provider, greatest(0, extract(epoch from (next_at - clock_timestamp())) * 1000) as wait_ms
       from provider_rate_slots`,
  );
  return rows;
}

export interface JobStatsRow {
  name: string;
  queued: number | string;
  active: number | string;
  failed_day: number | string;
  oldest_waiting: Date | string | null;
}

/**
 * Every pg-boss queue (including those with no job yet, such as a daily job before its first
 * run) with its jobs waiting (created or retry), running, and failed in the last day.
 */
export async function selectJobStats(database: Database): Promise<JobStatsRow[]> {
  const { rows } = await database.query<JobStatsRow>(
    `select q.name,
            count(j.id) filter (where j.state in ('created', 'retry')) as queued,
            count(j.id) filter (where j.state = 'active') as active,
            count(j.id) filter (where j.state = 'failed' and j.completed_on > now() - interval '1 day') as failed_day,
            min(j.created_on) filter (where j.state in ('created', 'retry')) as oldest_waiting
       from pgboss.queue q
       left join pgboss.job j on j.name = q.name
      where q.name not like '\\_\\_pgboss%'
      group by q.name
      order by q.name`,
  );
  return rows;
}

export interface FailedJobRow {
  id: string;
  name: string;
  output: unknown;
  completed_on: Date | string;
  retry_count: number;
}

export async function selectFailedJobs(database: Database, limit: number): Promise<FailedJobRow[]> {
  const { rows } = await database.query<FailedJobRow>(
    `select id, name, output, completed_on, retry_count
       from pgboss.job
      where state = 'failed' and completed_on > now() - interval '1 day'
      order by completed_on desc
      limit $1`,
    [limit],
  );
  return rows;
}

/** Calls counted today (UTC) against each provider's daily quota. */
export async function selectQuotaUsage(database: Database): Promise<{ provider: string; calls: number | string }[]> {
  const { rows } = await database.query<{ provider: string; calls: number | string }>(
    `select provider, calls from provider_daily_usage where day = (now() at time zone 'utc')::date`,
  );
  return rows;
}

export interface SourceConflictRow {
  stop_id: string;
  artist_name: string;
  artist_slug: string;
  stop_date: string;
  venue: string;
  provider: string;
  reported_date: string;
}

/**
 * Upcoming stops a source still lists at another date (a lagging source after a move: ADR 0044's
 * rule kept the mover's date), soonest first.
 */
export async function selectSourceConflicts(database: Database, limit: number): Promise<SourceConflictRow[]> {
  const { rows } = await database.query<SourceConflictRow>(
    `select s.id as stop_id, a.name as artist_name, a.slug as artist_slug, s.event_date::text as stop_date,
            v.name as venue, ss.provider, ss.reported_date::text as reported_date
       from stop_sources ss
       join tour_stops s on s.id = ss.stop_id
       join artists a on a.id = s.artist_id
       join venues v on v.id = s.venue_id
      where ss.missing_since is null and ss.reported_date <> s.event_date
        and s.event_date >= (now() at time zone 'utc')::date and s.status <> 'cancelled'
      order by s.event_date, a.name, ss.provider
      limit $1`,
    [limit],
  );
  return rows;
}

/** When the next planned artist sync waits to run (its start_after), if one waits. */
export async function selectNextPlannedSync(database: Database, jobName: string): Promise<Date | string | null> {
  const { rows } = await database.query<{ next_at: Date | string | null }>(
    `select min(start_after) as next_at from pgboss.job where name = $1 and state in ('created', 'retry')`,
    [jobName],
  );
  return rows[0]?.next_at ?? null;
}
