import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { findArtistById } from '#server/features/sync/sync.repo.ts';
import { titleCase } from '#shared/text.ts';
import {
  type NewStop,
  type NotificationText,
  newDatesText,
  type StopPlace,
  stopCancelledText,
  stopMovedText,
} from './notifications.messages.ts';
import {
  type FollowerRow,
  lockUnnotifiedChanges,
  markChangesNotified,
  type PendingChangeRow,
  selectFansOfStops,
  selectFollowers,
} from './notifications.repo.ts';
import { deliverNotifications, type NotificationDraft } from './notifications.service.ts';

/**
 * Turns an artist's unnotified tour_stop_changes (written by the sync) into notifications for
 * the artist's followers, and tells every fan with a show state on a moved or cancelled stop
 * (follower or not; once each, by the change's dedupe key). One transaction: the rows, their
 * events and notified_at commit together, so a retried job finds nothing left to do.
 */

const stopPlace = z.object({ date: z.string(), venue: z.string(), city: z.string() });
const movedDetails = z.object({ from: stopPlace, to: stopPlace });

export interface TourChangeOutcome {
  changes: number;
  notifications: number;
}

export async function notifyTourChanges(database: Database, artistId: string): Promise<TourChangeOutcome> {
  return database.db.transaction(async (tx) => {
    const pending = await lockUnnotifiedChanges(tx, artistId);
    if (pending.length === 0) return { changes: 0, notifications: 0 };
    // Changes cascade away with their artist, so the artist is there.
    const artist = (await findArtistById(tx, artistId))!;
    const ref = { id: artistId, name: titleCase(artist.name), slug: artist.slug };
    const followers = await selectFollowers(tx, artistId);
    const fans = await selectFansOfStops(
      tx,
      pending.filter((change) => change.kind !== 'new').map((change) => change.stopId),
    );
    const drafts = [
      ...followers.flatMap((follower) => draftsFor(follower, pending, ref)),
      ...fans.flatMap((fan) => fanDrafts(fan, pending, ref)),
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

/** Only changes detected after the user followed the artist are news to them. */
function draftsFor(follower: FollowerRow, pending: PendingChangeRow[], artist: ArtistRef): NotificationDraft[] {
  const seen = pending.filter((change) => change.detectedAt > follower.followedAt);
  const draft = (text: NotificationText | null, dedupeKey: string): NotificationDraft[] =>
    text ? [{ ...text, userId: follower.userId, artistSlug: artist.slug, dedupeKey }] : [];

  const added = seen.filter((change) => change.kind === 'new' && change.stopDate !== null);
  const home = { city: follower.homeCity, lat: follower.homeLat, lon: follower.homeLon };
  const newDates = added[0]
    ? draft(newDatesText(artist.name, added.map(newStopOf), home), `new-dates:${artist.id}:${added[0].id}`)
    : [];
  return [...newDates, ...seen.flatMap((change) => changeDraft(change, artist.name, draft))];
}

/** A fan who marked a stop hears of its changes made after they marked it. */
function fanDrafts(
  fan: { userId: string; stopId: string; markedAt: string },
  pending: PendingChangeRow[],
  artist: ArtistRef,
): NotificationDraft[] {
  const draft = (text: NotificationText | null, dedupeKey: string): NotificationDraft[] =>
    text ? [{ ...text, userId: fan.userId, artistSlug: artist.slug, dedupeKey }] : [];
  return pending
    .filter((change) => change.stopId === fan.stopId && change.detectedAt > fan.markedAt)
    .flatMap((change) => changeDraft(change, artist.name, draft));
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
  draft: (text: NotificationText | null, dedupeKey: string) => NotificationDraft[],
): NotificationDraft[] {
  if (change.kind === 'moved') {
    const details = movedDetails.safeParse(change.details);
    if (!details.success) return [];
    return draft(stopMovedText(artistName, details.data.from, details.data.to), `stop-moved:${change.id}`);
  }
  if (change.kind === 'cancelled') {
    const details = stopPlace.safeParse(change.details);
    if (!details.success) return [];
    return draft(stopCancelledText(artistName, details.data as StopPlace), `stop-cancelled:${change.id}`);
  }
  return [];
}

function newStopOf(change: PendingChangeRow): NewStop {
  return {
    date: change.stopDate!,
    venue: change.stopVenue ?? '',
    city: change.stopCity ?? '',
    region: change.stopRegion,
    lat: change.stopLat === null ? null : Number(change.stopLat),
    lon: change.stopLon === null ? null : Number(change.stopLon),
  };
}
