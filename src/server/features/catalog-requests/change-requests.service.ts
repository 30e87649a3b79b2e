import type { Database } from '#server/db/client.ts';
import type { Tx } from '#server/db/sql.ts';
import { type AuditActor, recordAdminAction } from '#server/features/admin/audit.service.ts';
import { lockCatalogWrites, refreshArtistStats } from '#server/features/catalog/catalog.repo.ts';
import { ensureVenues } from '#server/features/catalog/catalog.service.ts';
import { cancelStops, insertChanges, type NewChange } from '#server/features/sync/sync.repo.ts';
import { claimedVenue, moveStopToClaim } from '#server/features/tour-scraper/stop-claim.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import {
  type ChangeRequestsPage,
  type ChangeRequestView,
  catalogRequestTexts,
  type ReviewOutcome,
  type StopClaimAfter,
} from '#shared/catalog-requests.ts';
import { formatLongDate } from '#shared/dates.ts';
import {
  type ChangeRequestRow,
  closeChangeRequest,
  lockChangeRequest,
  selectOpenChangeRequests,
} from './change-requests.repo.ts';

const TARGET = 'catalog-change-request';
const PAGE_SIZE = 100;

function toView(row: ChangeRequestRow): ChangeRequestView {
  return {
    id: row.id,
    stopId: row.stop_id,
    artistName: row.artist_name,
    artistSlug: row.artist_slug,
    stopSlug: row.stop_slug,
    before: row.before,
    after: row.after,
    sourceUrl: row.source_url,
    submitter: row.submitter_email ? { name: row.submitter_name ?? '', email: row.submitter_email } : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Fans' imports that disagree with public stops (ADR 0037), oldest first. */
export async function listChangeRequests(database: Database): Promise<ChangeRequestsPage> {
  const rows = await selectOpenChangeRequests(database.db, PAGE_SIZE);
  return { changes: rows.map(toView), total: rows[0] ? Number(rows[0].total) : 0 };
}

async function lockOpen(tx: Tx, id: string) {
  const row = await lockChangeRequest(tx, id);
  if (!row) throw notFound('Change request');
  if (row.state !== 'pending') throw new AppError('CONFLICT', catalogRequestTexts.notPending);
  return row;
}

/** The claim written onto the public stop: a new date or venue moves it, a new status marks it. */
async function applyClaim(tx: Tx, row: ChangeRequestRow): Promise<NewChange[]> {
  const claim: StopClaimAfter = row.after;
  const venue = claimedVenue(row.artist_name, claim, 'review');
  await ensureVenues(tx, [venue]);
  const changes: NewChange[] = [];
  const moved = row.before.date !== claim.date || row.before.venue !== venue.name || row.before.city !== venue.city;
  if (claim.status === 'cancelled') {
    await cancelStops(tx, [row.stop_id]);
    changes.push({
      stopId: row.stop_id,
      artistId: row.artist_id,
      kind: 'cancelled',
      details: { date: row.before.date, venue: row.before.venue, city: row.before.city },
    });
    return changes;
  }
  await moveStopToClaim(tx, row.stop_id, claim, venue);
  if (moved) {
    changes.push({
      stopId: row.stop_id,
      artistId: row.artist_id,
      kind: 'moved',
      details: {
        from: { date: row.before.date, venue: row.before.venue, city: row.before.city },
        to: { date: claim.date, venue: venue.name, city: venue.city },
      },
    });
  }
  return changes;
}

/** Applies a fan's claim to the public stop; followers hear of a move or cancellation as after a sync. */
export async function applyChangeRequest(
  { database, catalogChanges }: CatalogWriterDeps,
  actor: AuditActor,
  id: string,
): Promise<ReviewOutcome> {
  const outcome = await database.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const row = await lockOpen(tx, id);
    await insertChanges(tx, await applyClaim(tx, row));
    await closeChangeRequest(tx, id, 'applied', actor.id);
    await refreshArtistStats(tx, [row.artist_id]);
    await recordAdminAction(tx, {
      actor,
      action: 'catalog-change.apply',
      targetType: TARGET,
      targetId: id,
      targetLabel: `${row.artist_name} · ${formatLongDate(row.before.date)} · ${row.before.venue}`,
      before: { ...row.before },
      after: { ...row.after, source: row.source_url },
    });
    return {
      stopId: row.stop_id,
      result: 'approved' as const,
      intoStopId: null,
      message: 'Applied to the public stop.',
    };
  });
  await catalogChanges.changed();
  return outcome;
}

export async function dismissChangeRequest(database: Database, actor: AuditActor, id: string): Promise<ReviewOutcome> {
  return database.db.transaction(async (tx) => {
    const row = await lockOpen(tx, id);
    await closeChangeRequest(tx, id, 'dismissed', actor.id);
    await recordAdminAction(tx, {
      actor,
      action: 'catalog-change.dismiss',
      targetType: TARGET,
      targetId: id,
      targetLabel: `${row.artist_name} · ${formatLongDate(row.before.date)} · ${row.before.venue}`,
      before: { ...row.before },
      after: { state: 'dismissed', source: row.source_url },
    });
    return {
      stopId: row.stop_id,
      result: 'rejected' as const,
      intoStopId: null,
      message: 'Dismissed; the stop is unchanged.',
    };
  });
}
