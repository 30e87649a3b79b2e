import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { type PlaceCircle, selectPlaceCircles } from '#server/features/places/tracked-places.repo.ts';
import { findArtistById } from '#server/features/sync/sync.repo.ts';
import { distanceKm } from '#shared/places.ts';
import { titleCase } from '#shared/text.ts';
import {
  byDate,
  firstOnSale,
  type NewStop,
  type NotificationText,
  newDatesText,
  onSaleText,
  type SaleShow,
  type StopPlace,
  stopCancelledText,
  stopMovedText,
  venueShowsText,
} from './notifications.messages.ts';
import {
  type FollowerRow,
  lockUnnotifiedChanges,
  markChangesNotified,
  type PendingChangeRow,
  selectFansOfStops,
  selectFollowers,
  selectVenueFollowers,
} from './notifications.repo.ts';
import { deliverNotifications, type NotificationDraft } from './notifications.service.ts';

/**
 * Turns an artist's unnotified tour_stop_changes (written by the sync) into notifications for
 * the artist's followers, and tells every fan with a show state on a moved or cancelled stop
 * (follower or not; once each, by the change's dedupe key), and the followers of the venues of new
 * stops (venue alerts). Followers also hear when a source first gives a show's sale times
 * ('on-sale' changes: one alert per show, one grouped per sync). One transaction: the rows, their
 * events and notified_at commit together, so a retried job finds nothing left to do.
 */

const stopPlace = z.object({ date: z.string(), venue: z.string(), city: z.string() });
const movedDetails = z.object({ from: stopPlace, to: stopPlace });

export interface TourChangeOutcome {
  changes: number;
  notifications: number;
}

export async function notifyTourChanges(
  database: Database,
  artistId: string,
  now: Date = new Date(),
): Promise<TourChangeOutcome> {
  return database.db.transaction(async (tx) => {
    const pending = await lockUnnotifiedChanges(tx, artistId);
    if (pending.length === 0) return { changes: 0, notifications: 0 };
    // Changes cascade away with their artist, so the artist is there.
    const artist = (await findArtistById(tx, artistId))!;
    const ref = { id: artistId, name: titleCase(artist.name), slug: artist.slug };
    const followers = await selectFollowers(tx, artistId);
    const places = placesByUser(
      await selectPlaceCircles(
        tx,
        followers.map((follower) => follower.userId),
      ),
    );
    const fans = await selectFansOfStops(
      tx,
      pending.filter((change) => change.kind === 'moved' || change.kind === 'cancelled').map((change) => change.stopId),
    );
    const added = pending.filter((change) => change.kind === 'new' && change.stopDate !== null);
    const venueFollowers = await selectVenueFollowers(
      tx,
      added.flatMap((change) => (change.stopVenueId ? [change.stopVenueId] : [])),
    );
    const batch = batchOf(pending, now);
    const drafts = [
      ...followers.flatMap((follower) => draftsFor(follower, places.get(follower.userId) ?? [], batch, ref)),
      ...fans.flatMap((fan) => fanDrafts(fan, pending, ref)),
      ...venueDrafts(venueFollowers, followers, added, ref),
    ];
    const notifications = await deliverNotifications(tx, uniqueDrafts(drafts));
    await markChangesNotified(
      tx,
      pending.map((change) => change.id),
    );
    return { changes: pending.length, notifications };
  });
}

interface ArtistRef {
  id: string;
  name: string;
  slug: string;
}

function placesByUser(rows: (PlaceCircle & { userId: string })[]): Map<string, PlaceCircle[]> {
  const byUser = new Map<string, PlaceCircle[]>();
  for (const { userId, ...circle } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), circle]);
  return byUser;
}

/**
 * The new stops worth a push: those inside one of the fan's places (home with My Shows' radius, null
 * for anywhere, and each tracked place with its own). A fan with no places gets every one: they told
 * us nothing about where. Soonest first.
 */
export function stopsNearPlaces<T extends { date: string; lat: number | null; lon: number | null }>(
  stops: T[],
  places: PlaceCircle[],
): T[] {
  return nearPlaces(byDate(stops), places);
}

/** stopsNearPlaces for stops already soonest first (the result keeps their order; may be `sorted` itself). */
export function nearPlaces<T extends { lat: number | null; lon: number | null }>(
  sorted: T[],
  places: PlaceCircle[],
): T[] {
  if (places.length === 0) return sorted;
  return sorted.filter((stop) =>
    places.some(
      (place) =>
        place.radiusKm === null ||
        (stop.lat !== null &&
          stop.lon !== null &&
          distanceKm({ lat: place.lat, lon: place.lon }, { lat: stop.lat, lon: stop.lon }) <= place.radiusKm),
    ),
  );
}

type AddedStop = NewStop & { id: string };

/**
 * What every follower's drafts are made from, computed once per run: a sync adding 5,000 dates
 * for an artist with 100,000 followers must not map and sort them 100,000 times.
 */
interface ChangeBatch {
  pending: PendingChangeRow[];
  /** The earliest detection: a follower who followed before it sees every change. */
  firstDetectedAt: string | null;
  /** The new dates, in detection order (the first names the grouped alert). */
  added: PendingChangeRow[];
  /** The same as stops, soonest first, each with when it was detected. */
  addedByDate: { stop: AddedStop; detectedAt: string }[];
  addedStopsByDate: AddedStop[];
  sales: SaleBatch;
}

/** Shows whose sale times a source first gave (still ahead, the show still on), soonest show first. */
interface SaleBatch {
  entries: { show: SaleStop; change: PendingChangeRow }[];
  shows: SaleStop[];
  /** The show whose tickets can be had first (named when the fan has no places). */
  first: SaleStop | undefined;
}

function saleBatchOf(entries: SaleBatch['entries']): SaleBatch {
  const shows = entries.map((entry) => entry.show);
  return { entries, shows, first: firstOnSale(shows) };
}

function batchOf(pending: PendingChangeRow[], now: Date): ChangeBatch {
  const added = pending.filter((change) => change.kind === 'new' && change.stopDate !== null);
  const addedByDate = added
    .map((change) => ({ stop: newStopOf(change), detectedAt: change.detectedAt }))
    .sort((a, b) => a.stop.date.localeCompare(b.stop.date));
  let firstDetectedAt: string | null = null;
  for (const change of pending) {
    if (firstDetectedAt === null || change.detectedAt < firstDetectedAt) firstDetectedAt = change.detectedAt;
  }
  const sales = saleBatchOf(
    pending
      .flatMap((change) => {
        const show = saleStopOf(change, now);
        return show ? [{ show, change }] : [];
      })
      .sort((a, b) => a.show.date.localeCompare(b.show.date)),
  );
  return {
    pending,
    firstDetectedAt,
    added,
    addedByDate,
    addedStopsByDate: addedByDate.map((entry) => entry.stop),
    sales,
  };
}

/** The part of the batch detected after the follow (the whole batch, shared, in the common case). */
function seenBy(batch: ChangeBatch, followedAt: string) {
  if (batch.firstDetectedAt === null || batch.firstDetectedAt > followedAt) {
    return {
      seen: batch.pending,
      added: batch.added,
      addedStopsByDate: batch.addedStopsByDate,
      sales: batch.sales,
    };
  }
  const after = (change: { detectedAt: string }) => change.detectedAt > followedAt;
  return {
    seen: batch.pending.filter(after),
    added: batch.added.filter(after),
    addedStopsByDate: batch.addedByDate.filter(after).map((entry) => entry.stop),
    sales: saleBatchOf(batch.sales.entries.filter((entry) => after(entry.change))),
  };
}

/**
 * Only changes detected after the user followed the artist are news to them. All the new dates of
 * one sync are one grouped notification (and at most one push, about the soonest near stop).
 */
function draftsFor(
  follower: FollowerRow,
  places: PlaceCircle[],
  batch: ChangeBatch,
  artist: ArtistRef,
): NotificationDraft[] {
  const { seen, added, addedStopsByDate, sales } = seenBy(batch, follower.followedAt);
  const draft = (text: NotificationText | null, dedupeKey: string, stopId: string | null): NotificationDraft[] =>
    text ? [{ ...text, userId: follower.userId, artistSlug: artist.slug, dedupeKey, stopId }] : [];

  const home = { city: follower.homeCity, lat: follower.homeLat, lon: follower.homeLon };
  const near = nearPlaces(addedStopsByDate, places);
  const newDates = added[0]
    ? draft(
        newDatesText(artist.name, addedStopsByDate, home, { sorted: true }),
        `new-dates:${artist.id}:${added[0].id}`,
        near[0]?.id ?? null,
      ).map((notification) => ({ ...notification, pushWorthy: near.length > 0 }))
    : [];
  // One push a sync: a fan pushed about new dates finds the on-sale notice in the app.
  const onSale = saleDrafts(sales, places, artist, near.length === 0).map((notification) => ({
    ...notification,
    userId: follower.userId,
  }));
  return [...newDates, ...onSale, ...seen.flatMap((change) => changeDraft(change, artist.name, draft))];
}

type SaleStop = SaleShow & { id: string; lat: number | null; lon: number | null };

const saleDetails = z.object({
  onSaleAt: z.string().nullable(),
  presaleAt: z.string().nullable(),
  presaleName: z.string().nullable(),
});

/** An 'on-sale' change as the show it announces, with only the times still ahead; null when none is, or the show is off. */
function saleStopOf(change: PendingChangeRow, now: Date): SaleStop | null {
  if (change.kind !== 'on-sale' || change.stopDate === null) return null;
  if (change.stopStatus !== 'scheduled' && change.stopStatus !== 'rescheduled') return null;
  const details = saleDetails.safeParse(change.details);
  if (!details.success) return null;
  const ahead = (at: string | null) => (at !== null && Date.parse(at) > now.getTime() ? at : null);
  const onSaleAt = ahead(details.data.onSaleAt);
  const presaleAt = ahead(details.data.presaleAt);
  if (!onSaleAt && !presaleAt) return null;
  return {
    ...newStopOf(change),
    timeZone: change.stopTimeZone,
    onSaleAt,
    presaleAt,
    presaleName: presaleAt ? details.data.presaleName : null,
  };
}

/**
 * The on-sale notice of one sync for one follower: one per show, one grouped for several (naming
 * one near the fan's places when they have some). Pushed only when a show is near, like new dates.
 */
function saleDrafts(
  { entries, shows, first }: SaleBatch,
  places: PlaceCircle[],
  artist: ArtistRef,
  mayPush: boolean,
): Omit<NotificationDraft, 'userId'>[] {
  const detected = entries[0];
  if (!detected || !first) return [];
  const near = nearPlaces(shows, places);
  const named = places.length > 0 && shows.length > 1 ? near[0] : undefined;
  const text = onSaleText(artist.name, shows, named ? { show: named, near: true } : { show: first, near: false });
  if (!text) return [];
  return [
    {
      ...text,
      artistSlug: artist.slug,
      dedupeKey: shows.length === 1 ? `on-sale:${first.id}` : `on-sales:${artist.id}:${detected.change.id}`,
      stopId: (named ?? first).id,
      pushWorthy: mayPush && near.length > 0,
    },
  ];
}

/** A fan who marked a stop hears of its changes made after they marked it. */
function fanDrafts(
  fan: { userId: string; stopId: string; markedAt: string },
  pending: PendingChangeRow[],
  artist: ArtistRef,
): NotificationDraft[] {
  const draft = (text: NotificationText | null, dedupeKey: string, stopId: string | null): NotificationDraft[] =>
    text ? [{ ...text, userId: fan.userId, artistSlug: artist.slug, dedupeKey, stopId }] : [];
  return pending
    .filter((change) => change.stopId === fan.stopId && change.detectedAt > fan.markedAt)
    .flatMap((change) => changeDraft(change, artist.name, draft));
}

/**
 * Followers of the venues of the new stops hear of the shows announced there after they followed
 * it: one alert per show, one grouped alert for several from this sync. A fan who follows the artist
 * too already hears of them in the artist's new-dates alert, so gets no second one.
 */
export function venueDrafts(
  venueFollowers: { userId: string; venueId: string; followedAt: string }[],
  artistFollowers: Pick<FollowerRow, 'userId' | 'followedAt'>[],
  added: PendingChangeRow[],
  artist: ArtistRef,
): NotificationDraft[] {
  const artistFollowedAt = new Map(artistFollowers.map((follower) => [follower.userId, follower.followedAt]));
  // By venue first: 100,000 followers against 5,000 new dates must not be a product of the two.
  const addedAt = new Map<string, PendingChangeRow[]>();
  for (const change of added) {
    if (!change.stopVenueId) continue;
    const atVenue = addedAt.get(change.stopVenueId);
    if (atVenue) atVenue.push(change);
    else addedAt.set(change.stopVenueId, [change]);
  }
  const byUser = new Map<string, PendingChangeRow[]>();
  for (const { userId, venueId, followedAt } of venueFollowers) {
    const since = artistFollowedAt.get(userId);
    const news = (addedAt.get(venueId) ?? []).filter(
      (change) => change.detectedAt > followedAt && !(since !== undefined && change.detectedAt > since),
    );
    if (news.length > 0) byUser.set(userId, [...(byUser.get(userId) ?? []), ...news]);
  }
  return [...byUser].flatMap(([userId, changes]) => {
    const stops = changes.map(newStopOf).sort((a, b) => a.date.localeCompare(b.date));
    const text = venueShowsText(artist.name, stops);
    if (!text) return [];
    const dedupeKey = stops.length === 1 ? `venue-show:${stops[0]!.id}` : `venue-shows:${artist.id}:${changes[0]!.id}`;
    return [{ ...text, userId, artistSlug: artist.slug, dedupeKey, stopId: stops[0]!.id }];
  });
}

/** A follower who also marked the stop gets one notification, not two. */
function uniqueDrafts(drafts: NotificationDraft[]): NotificationDraft[] {
  const seen = new Set<string>();
  return drafts.filter((draft) => {
    const key = `${draft.userId}|${draft.dedupeKey}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function changeDraft(
  change: PendingChangeRow,
  artistName: string,
  draft: (text: NotificationText | null, dedupeKey: string, stopId: string | null) => NotificationDraft[],
): NotificationDraft[] {
  if (change.kind === 'moved') {
    const details = movedDetails.safeParse(change.details);
    if (!details.success) return [];
    return draft(
      stopMovedText(artistName, details.data.from, details.data.to),
      `stop-moved:${change.id}`,
      change.stopId,
    );
  }
  if (change.kind === 'cancelled') {
    const details = stopPlace.safeParse(change.details);
    if (!details.success) return [];
    return draft(
      stopCancelledText(artistName, details.data as StopPlace),
      `stop-cancelled:${change.id}`,
      change.stopId,
    );
  }
  return [];
}

function newStopOf(change: PendingChangeRow): AddedStop {
  return {
    id: change.stopId,
    date: change.stopDate!,
    venue: change.stopVenue ?? '',
    city: change.stopCity ?? '',
    region: change.stopRegion,
    lat: change.stopLat === null ? null : Number(change.stopLat),
    lon: change.stopLon === null ? null : Number(change.stopLon),
  };
}
