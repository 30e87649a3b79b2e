import type { Database } from '#server/db/client.ts';
import type { Tx } from '#server/db/sql.ts';
import { type AuditActor, recordAdminAction } from '#server/features/admin/audit.service.ts';
import {
  lockCatalogWrites,
  publishArtistsAndVenues,
  refreshArtistStats,
} from '#server/features/catalog/catalog.repo.ts';
import { deliverNotifications } from '#server/features/notifications/notifications.service.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import {
  BULK_APPROVE_MAX,
  type BulkApproveOutcome,
  CATALOG_REQUESTS_PAGE_SIZE,
  type CatalogRequestsPage,
  type CatalogRequestView,
  catalogRequestTexts,
  type ReviewOutcome,
} from '#shared/catalog-requests.ts';
import type { ApproveRequestBody, CatalogRequestsQuery } from '#shared/catalog-requests-api.ts';
import { formatLongDate } from '#shared/dates.ts';
import {
  approveStop,
  countRequests,
  dropEmptyTour,
  findApprovedTwin,
  findVenueIdBySlug,
  lockRequest,
  type MatchRow,
  mergeStopInto,
  type RequestRow,
  rejectStop,
  selectMatches,
  selectMatchingIds,
  selectRequestPage,
  tourIdFor,
} from './catalog-requests.repo.ts';

const TARGET = 'catalog-request';

function toView(row: RequestRow, matches: MatchRow[]): CatalogRequestView {
  return {
    stopId: row.stop_id,
    artistName: row.artist_name,
    artistSlug: row.artist_slug,
    newArtist: row.new_artist,
    tourName: row.tour_name,
    date: row.date,
    time: row.time,
    venueName: row.venue_name,
    city: row.city,
    region: row.region,
    country: row.country,
    venueSlug: row.venue_slug,
    submitter: row.submitter_email ? { name: row.submitter_name ?? '', email: row.submitter_email } : null,
    submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
    matches: matches
      .filter((match) => match.request_id === row.stop_id)
      .map(({ request_id: _r, stop_id, artist_name, artist_slug, venue_name, ...rest }) => ({
        stopId: stop_id,
        artistName: artist_name,
        artistSlug: artist_slug,
        venueName: venue_name,
        ...rest,
      })),
  };
}

export async function listCatalogRequests(
  database: Database,
  query: CatalogRequestsQuery,
): Promise<CatalogRequestsPage> {
  const size = CATALOG_REQUESTS_PAGE_SIZE;
  const rows = await selectRequestPage(database.db, query.q, size, (query.page - 1) * size);
  const total = rows[0] ? Number(rows[0].total) : await countRequests(database.db, query.q);
  const matches = await selectMatches(
    database.db,
    rows.map((row) => row.stop_id),
  );
  return {
    requests: rows.map((row) => toView(row, matches)),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / size)),
  };
}

const snapshot = (row: RequestRow) => ({
  artist: row.artist_name,
  tour: row.tour_name,
  date: row.date,
  time: row.time,
  venue: row.venue_slug,
  state: 'pending',
});

async function lockPending(tx: Tx, stopId: string) {
  const row = await lockRequest(tx, stopId);
  if (!row) throw notFound('Request');
  if (row.review_state !== 'pending') throw new AppError('CONFLICT', catalogRequestTexts.notPending);
  return row;
}

async function notifySubmitter(tx: Tx, row: RequestRow, title: string, message: string) {
  if (!row.submitted_by) return;
  await deliverNotifications(tx, [
    {
      userId: row.submitted_by,
      kind: 'submission-reviewed',
      title,
      message,
      artistSlug: row.artist_slug,
      dedupeKey: `submission-reviewed:${row.stop_id}`,
    },
  ]);
}

/**
 * Approves one request inside the caller's transaction: with the admin's edits applied first; a
 * duplicate of an approved stop (same artist, venue and date) is merged into it instead.
 */
async function approveInTx(
  tx: Tx,
  actor: AuditActor,
  stopId: string,
  edit: ApproveRequestBody['edit'] = {},
): Promise<ReviewOutcome> {
  const row = await lockPending(tx, stopId);
  const venueId = edit.venueSlug ? await findVenueIdBySlug(tx, edit.venueSlug) : row.venue_id;
  if (!venueId) throw new AppError('BAD_REQUEST', 'No catalog venue has this slug.');
  const date = edit.date ?? row.date;
  const time = edit.time === undefined ? row.time : edit.time;
  const twin = await findApprovedTwin(tx, { artistId: row.artist_id, venueId, date, exceptId: stopId });
  const place = `${row.venue_name}, ${row.city}`;
  let outcome: ReviewOutcome;
  if (twin) {
    await mergeStopInto(tx, stopId, twin);
    await dropEmptyTour(tx, row.tour_id);
    outcome = { stopId, result: 'merged', intoStopId: twin, message: 'Merged into the existing stop.' };
    await notifySubmitter(
      tx,
      row,
      catalogRequestTexts.approvedTitle,
      catalogRequestTexts.merged(row.artist_name, date, place),
    );
  } else {
    const tourId = edit.tourName ? await tourIdFor(tx, row.artist_id, edit.tourName) : row.tour_id;
    await approveStop(tx, stopId, { tourId, venueId, date, time });
    if (tourId !== row.tour_id) await dropEmptyTour(tx, row.tour_id);
    outcome = { stopId, result: 'approved', intoStopId: null, message: 'Approved: the stop is public.' };
    await notifySubmitter(
      tx,
      row,
      catalogRequestTexts.approvedTitle,
      catalogRequestTexts.approved(row.artist_name, date, place),
    );
  }
  // The approved stop's artist and venue are everyone's now, not only their submitter's (ADR 0037).
  await publishArtistsAndVenues(tx, { artistIds: [row.artist_id], venueIds: [venueId] });
  await refreshArtistStats(tx, [row.artist_id]);
  await recordAdminAction(tx, {
    actor,
    action: twin ? 'catalog-request.merge' : 'catalog-request.approve',
    targetType: TARGET,
    targetId: stopId,
    targetLabel: `${row.artist_name} · ${formatLongDate(date)} · ${row.venue_name}`,
    before: snapshot(row),
    after: twin
      ? { state: 'merged', intoStopId: twin }
      : {
          ...snapshot(row),
          date,
          time,
          tour: edit.tourName ?? row.tour_name,
          venue: edit.venueSlug ?? row.venue_slug,
          state: 'approved',
        },
  });
  return outcome;
}

export async function approveRequest(
  { database, catalogChanges }: CatalogWriterDeps,
  actor: AuditActor,
  stopId: string,
  body: ApproveRequestBody,
): Promise<ReviewOutcome> {
  const outcome = await database.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    return approveInTx(tx, actor, stopId, body.edit);
  });
  await catalogChanges.changed();
  return outcome;
}

export async function rejectRequest(
  database: Database,
  actor: AuditActor,
  stopId: string,
  reason: string,
): Promise<ReviewOutcome> {
  return database.db.transaction(async (tx) => {
    const row = await lockPending(tx, stopId);
    await rejectStop(tx, stopId, reason);
    await notifySubmitter(
      tx,
      row,
      catalogRequestTexts.rejectedTitle,
      catalogRequestTexts.rejected(row.artist_name, row.date, `${row.venue_name}, ${row.city}`, reason),
    );
    await recordAdminAction(tx, {
      actor,
      action: 'catalog-request.reject',
      targetType: TARGET,
      targetId: stopId,
      targetLabel: `${row.artist_name} · ${formatLongDate(row.date)} · ${row.venue_name}`,
      before: snapshot(row),
      after: { ...snapshot(row), state: 'rejected', reason },
    });
    return { stopId, result: 'rejected' as const, intoStopId: null, message: 'Rejected; the submitter is told why.' };
  });
}

/**
 * Approves the whole filtered set in one transaction. `expected` is the count the admin saw and
 * confirmed: when the set changed since (new submissions, another admin), nothing is done.
 */
export async function bulkApprove(
  { database, catalogChanges }: CatalogWriterDeps,
  actor: AuditActor,
  body: { q: string; expected: number },
): Promise<BulkApproveOutcome> {
  const outcome = await database.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const ids = await selectMatchingIds(tx, body.q, BULK_APPROVE_MAX + 1);
    if (ids.length !== body.expected) {
      throw new AppError(
        'CONFLICT',
        `The list changed: ${ids.length} request${ids.length === 1 ? '' : 's'} match now. Check them and try again.`,
      );
    }
    let approved = 0;
    let merged = 0;
    for (const id of ids) {
      const result = await approveInTx(tx, actor, id);
      if (result.result === 'merged') merged += 1;
      else approved += 1;
    }
    return {
      approved,
      merged,
      message: `${approved} approved${merged ? `, ${merged} merged into existing stops` : ''}.`,
    };
  });
  await catalogChanges.changed();
  return outcome;
}
