import { sql } from 'drizzle-orm';
import { type Executor, rowsOf, type Tx } from '#server/db/sql.ts';
import type { StopClaim, StopClaimAfter } from '#shared/catalog-requests.ts';

export interface ChangeRequestRow {
  id: string;
  stop_id: string;
  artist_id: string;
  artist_name: string;
  artist_slug: string;
  stop_slug: string;
  tour_id: string;
  before: StopClaim;
  after: StopClaimAfter;
  source_url: string;
  submitter_name: string | null;
  submitter_email: string | null;
  created_at: string | Date;
  state: string;
}

const columns = sql`
  r.id, r.stop_id, s.artist_id, a.name as artist_name, a.slug as artist_slug, s.slug as stop_slug, s.tour_id,
  r.before, r.after, r.source_url, coalesce(u.full_name, u.name) as submitter_name, u.email as submitter_email,
  r.created_at, r.state`;

const joins = sql`
  from catalog_change_requests r join tour_stops s on s.id = r.stop_id join artists a on a.id = s.artist_id
  left join users u on u.id = r.submitted_by`;

/** Open change requests, the oldest first (they waited longest). */
export function selectOpenChangeRequests(executor: Executor, limit: number) {
  return rowsOf<ChangeRequestRow>(
    executor,
    sql`select ${columns}, count(*) over ()::int as total ${joins}
        where r.state = 'pending' order by r.created_at, r.id limit ${limit}`,
  ) as Promise<(ChangeRequestRow & { total: number })[]>;
}

export function lockChangeRequest(tx: Tx, id: string) {
  return rowsOf<ChangeRequestRow>(tx, sql`select ${columns} ${joins} where r.id = ${id} for update of r`).then(
    (rows) => rows[0],
  );
}

export async function closeChangeRequest(
  tx: Tx,
  id: string,
  state: 'applied' | 'dismissed',
  reviewerId: string | null,
): Promise<void> {
  await tx.execute(sql`
    update catalog_change_requests set state = ${state}, reviewed_by = ${reviewerId}, reviewed_at = now()
    where id = ${id}`);
}
