import type { SourceStop } from '#server/providers/source-stop.ts';
import { priorityOf } from './stop-merge.ts';
import type { KnownStop, PlannedShow, SyncPlan } from './sync.plan.ts';

/**
 * On-sale and presale times (issue 29): a source (Ticketmaster's `sales`) says when tickets for a
 * show go on sale. Each listing keeps its own times in stop_sources; a stop's times are the best
 * source's that gives them. A stop is news the first time any of its sources gives a time and one
 * of them lies ahead: the sync records an 'on-sale' change, and the notifications tell followers.
 */

export interface SaleTimes {
  /** ISO 8601 instants, null when unknown. */
  onSaleAt: string | null;
  presaleAt: string | null;
  presaleName: string | null;
}

/** The best source's public sale, and the best source's first presale (each from whichever gives it). */
export function saleTimesOf(listings: SourceStop[]): SaleTimes {
  const ranked = [...listings].sort((a, b) => priorityOf(a.provider) - priorityOf(b.provider));
  const pub = ranked.find((listing) => listing.onSaleAt);
  const pre = ranked.find((listing) => listing.presaleAt);
  return { onSaleAt: pub?.onSaleAt ?? null, presaleAt: pre?.presaleAt ?? null, presaleName: pre?.presaleName ?? null };
}

/** The times still ahead of `now` (the ones worth telling about); null when none is. */
export function futureSaleTimes(times: SaleTimes, now: Date): SaleTimes | null {
  const ahead = (at: string | null) => (at !== null && Date.parse(at) > now.getTime() ? at : null);
  const onSaleAt = ahead(times.onSaleAt);
  const presaleAt = ahead(times.presaleAt);
  if (!onSaleAt && !presaleAt) return null;
  return { onSaleAt, presaleAt, presaleName: presaleAt ? times.presaleName : null };
}

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
