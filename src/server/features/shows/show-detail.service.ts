import type { Database } from '#server/db/client.ts';
import type { Actor } from '#server/lib/actor.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  SHOW_DETAIL_MESSAGES,
  type ShowDetail,
  type ShowDetailsResponse,
  type ShowPhoto,
  showPhotoUrl,
} from '#shared/show-detail.ts';
import type { ShowDetailsPatch } from '#shared/show-detail-api.ts';
import { timesAgree } from '#shared/show-times.ts';
import { titleCase } from '#shared/text.ts';
import { orderSources } from '#shared/tour-sources.ts';
import {
  selectBill,
  selectUserShow,
  selectVisibleStop,
  type UserShowRow,
  updateUserShowDetails,
} from './show-detail.repo.ts';
import { type PhotoRow, selectPhotos } from './show-photos.repo.ts';

/** Every operation acts for the signed-in fan only: their id scopes each query. */
export const showNotFound = () => new AppError('NOT_FOUND', SHOW_DETAIL_MESSAGES.notFound);

export function photoView(row: PhotoRow): ShowPhoto {
  return {
    id: row.id,
    url: showPhotoUrl(row.id),
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    createdAt: row.createdAt,
  };
}

/**
 * One show for the fan: this stop with the rest of its bill (every stop they may see at the same
 * venue on the same date), and their own state, notes, rating, companions and photos. A stop they
 * may not see (another fan's pending submission) is as unknown as one that does not exist.
 */
export async function getShowDetail(database: Database, actor: Actor, stopId: string): Promise<ShowDetail> {
  const stop = await selectVisibleStop(database.db, stopId, actor.userId);
  if (!stop) throw showNotFound();
  const [bill, mine] = await Promise.all([
    selectBill(database.db, stop.venueId, stop.date, actor.userId),
    selectUserShow(database.db, actor.userId, stopId),
  ]);
  const photos = mine ? await selectPhotos(database.db, mine.id, actor.userId) : [];
  // This stop's artist heads the list; the rest keep their start-time order. An early or a late
  // show at the same venue that night is another show, not this one's bill.
  const sameShow = bill.filter((entry) => entry.stopId === stopId || timesAgree(entry.time, stop.time));
  const ordered = [
    ...sameShow.filter((entry) => entry.stopId === stopId),
    ...sameShow.filter((e) => e.stopId !== stopId),
  ];
  return {
    stopId: stop.id,
    date: stop.date,
    time: stop.time,
    status: stop.status,
    reviewState: stop.reviewState,
    bill: ordered.map((entry) => ({ ...entry, artistName: titleCase(entry.artistName) })),
    venue: {
      name: stop.venueName,
      slug: stop.venueSlug,
      city: stop.city,
      region: stop.region,
      country: stop.country,
      timeZone: stop.timeZone,
    },
    guidePath: `/guide/${stop.artistSlug}/${stop.stopSlug}`,
    ticketUrl: stop.ticketUrl,
    sources: orderSources(stop.sources ?? []),
    mine: mine
      ? {
          state: mine.state,
          hasTickets: mine.hasTickets,
          seat: mine.seat,
          notes: mine.notes,
          rating: mine.rating,
          companions: mine.companions,
          photos: photos.map(photoView),
        }
      : null,
  };
}

/** The fan's row for a stop they may see, or NOT_FOUND; CONFLICT when they have not marked it. */
export async function requireOwnShow(database: Database, actor: Actor, stopId: string): Promise<UserShowRow> {
  const stop = await selectVisibleStop(database.db, stopId, actor.userId);
  if (!stop) throw showNotFound();
  const mine = await selectUserShow(database.db, actor.userId, stopId);
  if (!mine) throw new AppError('CONFLICT', SHOW_DETAIL_MESSAGES.notMarked);
  return mine;
}

/**
 * Notes for any show the fan marked; rating and companions only for shows they went to. A refused
 * change changes nothing.
 */
export async function updateShowDetails(
  database: Database,
  actor: Actor,
  stopId: string,
  patch: ShowDetailsPatch,
): Promise<ShowDetailsResponse> {
  const mine = await requireOwnShow(database, actor, stopId);
  const attendedOnly = patch.rating != null || (patch.companions != null && patch.companions.trim() !== '');
  if (attendedOnly && mine.state !== 'attended') throw new AppError('CONFLICT', SHOW_DETAIL_MESSAGES.attendedOnly);
  const blankToNull = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null || value.trim() === '' ? null : value;
  return updateUserShowDetails(database.db, mine.id, actor.userId, {
    notes: blankToNull(patch.notes),
    rating: patch.rating,
    companions: blankToNull(patch.companions),
  });
}
