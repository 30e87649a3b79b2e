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

/** pg-boss's jobs per queue: waiting (created or retry), running, failed in the last day. */
export async function selectJobStats(database: Database): Promise<JobStatsRow[]> {
  const { rows } = await database.query<JobStatsRow>(
    `select name,
            count(*) filter (where state in ('created', 'retry')) as queued,
            count(*) filter (where state = 'active') as active,
            count(*) filter (where state = 'failed' and completed_on > now() - interval '1 day') as failed_day,
            min(created_on) filter (where state in ('created', 'retry')) as oldest_waiting
       from pgboss.job
      where name not like '\\_\\_pgboss%'
      group by name
      order by name`,
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
