import type { Database } from '#server/db/client.ts';
import { type PlaceCircle, selectPlaceCircles } from '#server/features/places/tracked-places.repo.ts';
import { titleCase } from '#shared/text.ts';
import { onSaleReminderText } from './notifications.messages.ts';
import { type OpeningSaleRow, selectFollowers, selectSalesOpening } from './notifications.repo.ts';
import { deliverNotifications, type NotificationDraft } from './notifications.service.ts';
import { nearPlaces } from './tour-change-notifications.ts';

/**
 * The on-sale reminder: shortly before a presale or the public sale of a show opens (the times
 * a source gave, stop_sources), the artist's followers for whom the show is near one of their
 * places (every show, for a fan with no places) hear of it: one reminder per artist, phase and
 * opening moment (a tour often opens everywhere at once), pushed once per show and phase. The
 * job runs every few minutes; the dedupe key makes it once however often it runs or is retried.
 */

/** How long before a sale opens the reminder goes out (at most; the job runs every few minutes). */
export const ON_SALE_REMINDER_LEAD_MINUTES = 30;

interface Opening {
  artist: { id: string; name: string; slug: string };
  phase: OpeningSaleRow['phase'];
  at: string;
  /** Soonest show first. */
  shows: (OpeningSaleRow & { lat: number | null; lon: number | null })[];
}

function openingsOf(rows: OpeningSaleRow[]): Opening[] {
  const byKey = new Map<string, Opening>();
  for (const row of rows) {
    const key = `${row.artistId}|${row.phase}|${row.at}`;
    const show = {
      ...row,
      lat: row.lat === null ? null : Number(row.lat),
      lon: row.lon === null ? null : Number(row.lon),
    };
    const opening = byKey.get(key);
    if (opening) opening.shows.push(show);
    else
      byKey.set(key, {
        artist: { id: row.artistId, name: titleCase(row.artistName), slug: row.artistSlug },
        phase: row.phase,
        at: row.at,
        shows: [show],
      });
  }
  for (const opening of byKey.values()) opening.shows.sort((a, b) => a.date.localeCompare(b.date));
  return [...byKey.values()];
}

export function reminderDrafts(opening: Opening, userId: string, places: PlaceCircle[]): NotificationDraft[] {
  const near = nearPlaces(opening.shows, places);
  const text = onSaleReminderText(opening.artist.name, opening.phase, near, opening.at);
  if (!text || !near[0]) return [];
  return [
    {
      ...text,
      userId,
      artistSlug: opening.artist.slug,
      dedupeKey: `on-sale-reminder:${opening.phase}:${opening.artist.id}:${opening.at}`,
      stopId: near[0].stopId,
      pushKey: `on-sale-reminder:${opening.phase}:${near[0].stopId}`,
    },
  ];
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/** Reminds of the sales opening within the lead time; returns how many notifications were added. */
export async function sendOnSaleReminders(database: Database, now: Date = new Date()): Promise<number> {
  const until = new Date(now.getTime() + ON_SALE_REMINDER_LEAD_MINUTES * 60_000);
  return database.db.transaction(async (tx) => {
    const openings = openingsOf(await selectSalesOpening(tx, now, until));
    let added = 0;
    for (const [artistId, ofArtist] of groupBy(openings, (opening) => opening.artist.id)) {
      const followers = await selectFollowers(tx, artistId);
      const places = groupBy(
        await selectPlaceCircles(
          tx,
          followers.map((follower) => follower.userId),
        ),
        (place) => place.userId,
      );
      const drafts = ofArtist.flatMap((opening) =>
        followers.flatMap((follower) => reminderDrafts(opening, follower.userId, places.get(follower.userId) ?? [])),
      );
      added += await deliverNotifications(tx, drafts, now);
    }
    return added;
  });
}
