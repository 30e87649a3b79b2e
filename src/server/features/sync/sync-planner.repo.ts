import { sql } from 'drizzle-orm';
import type { SyncPlanTier, syncPlanItems } from '#server/db/schema/index.ts';
import { type Executor, rowsOf } from '#server/db/sql.ts';

/** Calls counted today (UTC) against the provider's daily quota, whoever made them. */
export async function callsToday(executor: Executor, provider: string): Promise<number> {
  const rows = await rowsOf<{ calls: number }>(
    executor,
    sql`select calls from provider_daily_usage where provider = ${provider} and day = ${utcToday()}::date`,
  );
  return Number(rows[0]?.calls ?? 0);
}

/** Today's UTC date, the day quotas and plans count by. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Artists planned for the provider today and not done yet. */
export async function countPendingToday(executor: Executor, provider: string, day: string): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    executor,
    sql`select count(*)::int as n from sync_plan_items where day = ${day}::date and provider = ${provider} and done_at is null`,
  );
  return Number(rows[0]?.n ?? 0);
}

export interface PlanCandidate {
  artistId: string;
  tier: SyncPlanTier;
}

/**
 * The next `limit` artists the provider should sync today, most urgent first: artists fans are
 * Going to see (most fans first), then followed ones (most followers first), then ones a fan's
 * search brought within `searchedDays`, then the long tail, oldest sync first and only when this
 * provider last synced it `longTailDays` or more ago. Artists planned today already, searched today
 * (the search asked every source) and fans' pending artists are left out.
 */
export function selectPlanCandidates(
  executor: Executor,
  options: { provider: string; day: string; limit: number; searchedDays: number; longTailDays: number },
): Promise<PlanCandidate[]> {
  const { provider, day, limit, searchedDays, longTailDays } = options;
  return rowsOf<PlanCandidate>(
    executor,
    sql`with going as (
          select s.artist_id, count(distinct us.user_id) as fans
          from user_shows us join tour_stops s on s.id = us.stop_id
          where us.state = 'going' and s.event_date >= ${day}::date
          group by s.artist_id),
        followed as (select artist_id, count(*) as fans from favorite_artists group by artist_id),
        last_sync as (
          select artist_id, max(day) as day from sync_plan_items
          where provider = ${provider} and done_at is not null group by artist_id),
        ranked as (
          select a.id, a.sort_name, coalesce(g.fans, 0) as going, coalesce(f.fans, 0) as followers,
                 se.searched_at, ls.day as last_day,
                 case when g.fans > 0 then 'going'
                      when f.fans > 0 then 'followed'
                      when se.searched_at > now() - ${searchedDays}::int * interval '1 day' then 'searched'
                      else 'long-tail' end as tier
          from artists a
          left join going g on g.artist_id = a.id
          left join followed f on f.artist_id = a.id
          left join artist_searches se on se.artist_id = a.id
          left join last_sync ls on ls.artist_id = a.id
          where not a.pending
            and (se.searched_at is null or (se.searched_at at time zone 'utc')::date < ${day}::date)
            and not exists (select 1 from sync_plan_items p
                            where p.day = ${day}::date and p.provider = ${provider} and p.artist_id = a.id))
        select id as "artistId", tier from ranked
        where tier <> 'long-tail' or last_day is null or last_day <= ${day}::date - ${longTailDays}::int
        order by case tier when 'going' then 0 when 'followed' then 1 when 'searched' then 2 else 3 end,
                 going desc, followers desc, searched_at desc nulls last, last_day nulls first, sort_name, id
        limit ${limit}`,
  );
}

/** Adds artists to the day's plan for the provider after those planned already; a repeat adds nothing. */
export async function insertPlanItems(
  executor: Executor,
  provider: string,
  day: string,
  items: PlanCandidate[],
): Promise<void> {
  if (items.length === 0) return;
  const ordered = items.map((item, order) => ({ ...item, order }));
  await executor.execute(sql`
    insert into sync_plan_items (day, provider, artist_id, tier, position)
    select ${day}::date, ${provider}, x."artistId", x.tier,
           coalesce((select max(position) + 1 from sync_plan_items where day = ${day}::date and provider = ${provider}), 0)
             + x."order"
    from json_to_recordset(${JSON.stringify(ordered)}::json) as x("artistId" uuid, tier text, "order" int)
    on conflict do nothing`);
}

/** Artists with a source still to ask today, in the day's order (their best place over every source). */
export function selectArtistsLeft(executor: Executor, day: string): Promise<{ artistId: string }[]> {
  return rowsOf(
    executor,
    sql`select artist_id as "artistId" from sync_plan_items
        where day = ${day}::date and done_at is null
        group by artist_id order by min(position), artist_id`,
  );
}

/** The sources still to ask about the artist today. */
export async function selectProvidersLeft(executor: Executor, artistId: string, day: string): Promise<string[]> {
  const rows = await rowsOf<{ provider: string }>(
    executor,
    sql`select provider from sync_plan_items
        where day = ${day}::date and artist_id = ${artistId} and done_at is null order by provider`,
  );
  return rows.map((row) => row.provider);
}

export async function markPlanDone(executor: Executor, artistId: string, day: string, providers: string[]) {
  if (providers.length === 0) return;
  await executor.execute(sql`
    update sync_plan_items set done_at = now()
    where day = ${day}::date and artist_id = ${artistId} and done_at is null
      and provider in (select json_array_elements_text(${JSON.stringify(providers)}::json))`);
}

/** A fan's search brought the artist's dates just now (it asked every source). */
export async function noteArtistSearched(executor: Executor, artistId: string): Promise<void> {
  await executor.execute(sql`
    insert into artist_searches (artist_id, searched_at) values (${artistId}, now())
    on conflict (artist_id) do update set searched_at = excluded.searched_at`);
}

export type PlanCountRow = Pick<typeof syncPlanItems.$inferSelect, 'provider' | 'tier'> & {
  planned: number;
  done: number;
};

/** The day's plan per source and tier: planned and done. */
export function selectPlanCounts(executor: Executor, day: string): Promise<PlanCountRow[]> {
  return rowsOf<PlanCountRow>(
    executor,
    sql`select provider, tier, count(*)::int as planned, count(done_at)::int as done
        from sync_plan_items where day = ${day}::date group by provider, tier`,
  );
}

/** Plans older than the long tail's return and the status page's memory are of no more use. */
export async function prunePlans(executor: Executor, keptDays: number): Promise<void> {
  await executor.execute(
    sql`delete from sync_plan_items where day < (now() at time zone 'utc')::date - ${keptDays}::int`,
  );
}
