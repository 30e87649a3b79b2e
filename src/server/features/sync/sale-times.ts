import type { SourceStop } from '#server/providers/source-stop.ts';
import { futureSaleTimes, type SaleTimes, saleTimesOf } from '#shared/sale-times.ts';
import type { KnownStop, PlannedShow, SyncPlan } from './sync.plan.ts';

export type { SaleTimes };

/**
 * On-sale and presale times (issue 29): a source (Ticketmaster's `sales`) says when tickets for a
 * show go on sale. Each listing keeps its own times in stop_sources; a stop's times are the best
 * source's that gives them. A stop is news the first time any of its sources gives a time and one
 * of them lies ahead: the sync records an 'on-sale' change, and the notifications tell followers.
 */

const LISTED = new Set(['scheduled', 'rescheduled']);

/**
 * The stops whose sources announce sale times for the first time in this sync, with the times
 * still ahead: the stop had no source with a time before (a new stop has none), and one of its
 * listings now gives one. Cancelled and postponed shows are no news.
 */
export function firstSaleAnnouncements(
  plan: Pick<SyncPlan, 'links'>,
  addedIds: Map<PlannedShow, string>,
  now: Date,
): { stopId: string; times: SaleTimes }[] {
  const byStop = new Map<KnownStop | PlannedShow, SourceStop[]>();
  for (const { listing, stop } of plan.links) byStop.set(stop, [...(byStop.get(stop) ?? []), listing]);
  return [...byStop].flatMap(([stop, listings]) => {
    const known = 'id' in stop;
    const stopId = known ? stop.id : addedIds.get(stop);
    if (!stopId) return [];
    if (known && stop.sources.some((source) => source.hasSaleTime)) return [];
    // The strongest word wins, as in the merge: one source saying cancelled makes it no news.
    if (!listings.every((listing) => LISTED.has(listing.status))) return [];
    const times = futureSaleTimes(saleTimesOf(listings), now);
    return times ? [{ stopId, times }] : [];
  });
}
