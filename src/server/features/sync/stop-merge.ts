import { VENUE_NEAR_METRES } from '#server/features/catalog/stop-identity.ts';
import type { SourcePerformer, SourceStatus, SourceStop, SourceVenue } from '#server/providers/source-stop.ts';
import { distanceKm } from '#shared/places.ts';
import { minutesOf, SAME_SHOW_MINUTES, timesAgree } from '#shared/show-times.ts';
import { matchKey } from '#shared/text.ts';
import { priorityOf, SOURCE_PRIORITY } from '#shared/tour-sources.ts';

export { SAME_SHOW_MINUTES, timesAgree };

/**
 * The one merge of tour-date sources (docs/decisions/0044-tour-date-merge-and-provenance.md): the
 * listings of one artist from every source become one show per real show. Pure: the sync service
 * feeds it what the sources answered and writes what it returns.
 *
 * Same show = same artist (MusicBrainz id, else normalised name) on the bill, same venue
 * (normalised name, or points within VENUE_NEAR_METRES), same venue-local date, start times within
 * SAME_SHOW_MINUTES (an unknown time matches any). Two listings of one source with different ids
 * are two shows (an early and a late show). A multi-day listing (a festival pass) joins the
 * artist's day when another source names it, and otherwise stays on its first day.
 */

export { VENUE_NEAR_METRES };

/** Two points this far apart are two venues even with one name ('House of Blues' in two cities). */
const VENUE_FAR_KM = 2;

/** Who wins a disagreement on details (time, spelling, ticket link): the seller first, then the listings. */

const STATUS_WEIGHT: Record<SourceStatus, number> = { scheduled: 0, rescheduled: 1, postponed: 2, cancelled: 3 };

export interface MergedShow {
  date: string;
  time: string | null;
  venue: SourceVenue;
  /** The bill, headliner first (the best source's order; acts only another source names after). */
  lineup: SourcePerformer[];
  /** The strongest word any source says: cancelled > postponed > rescheduled > scheduled. */
  status: SourceStatus;
  tourName: string | null;
  /** Every listing of this show, best source first. */
  sources: SourceStop[];
  /**
   * Listings of this show at another date: a source still listing the date before a move (it
   * named it as previous). They stay this show's sources and show in /admin as conflicts.
   */
  conflicts: SourceStop[];
}

export function samePerformer(a: SourcePerformer, b: SourcePerformer): boolean {
  if (a.mbid && b.mbid) return a.mbid.toLowerCase() === b.mbid.toLowerCase();
  return matchKey(a.name) === matchKey(b.name);
}

const words = (name: string) => ` ${matchKey(name)} `;

/** 'House of Blues Boston' and 'House of Blues' in Boston; 'Paradise Rock Club presented by X'. */
function namesAgree(a: SourceVenue, b: SourceVenue): boolean {
  const [x, y] = [matchKey(a.name), matchKey(b.name)];
  if (!x || !y) return false;
  if (x === y) return true;
  if (matchKey(a.city) !== matchKey(b.city)) return false;
  const [shorter, longer] = x.length <= y.length ? [a.name, b.name] : [b.name, a.name];
  // A whole-word prefix that names something: 'Albert Hall' in 'Albert Hall Manchester', 'Roundhouse'
  // in 'Roundhouse Camden'; never a bare 'Hall' or 'Arena'.
  const key = matchKey(shorter);
  return (key.includes(' ') || key.length >= 8) && words(longer).startsWith(words(shorter));
}

export function sameVenue(a: SourceVenue, b: SourceVenue): boolean {
  if (a.country !== b.country) return false;
  if (a.lat !== null && a.lon !== null && b.lat !== null && b.lon !== null) {
    const km = distanceKm({ lat: a.lat, lon: a.lon }, { lat: b.lat, lon: b.lon });
    if (km * 1000 <= VENUE_NEAR_METRES) return true;
    if (km > VENUE_FAR_KM) return false;
  }
  return namesAgree(a, b);
}

/** Whether the listing names the artist on its bill (a listing without a bill is the artist's own). */
export function listsArtist(listing: SourceStop, artist: SourcePerformer): boolean {
  return listing.lineup.length === 0 || listing.lineup.some((performer) => samePerformer(performer, artist));
}

const byPriority = (a: SourceStop, b: SourceStop) =>
  priorityOf(a.provider) - priorityOf(b.provider) || a.externalId.localeCompare(b.externalId);

interface Cluster {
  date: string;
  members: SourceStop[];
  conflicts: SourceStop[];
}

const timed = (cluster: Cluster) => cluster.members.find((member) => member.time !== null)?.time ?? null;

function fits(cluster: Cluster, listing: SourceStop, date: string): boolean {
  return (
    cluster.date === date &&
    cluster.members.every(
      (member) =>
        timesAgree(member.time, listing.time) &&
        // One source's two ids on one night are two shows (early and late).
        !(member.provider === listing.provider && member.externalId !== listing.externalId),
    ) &&
    cluster.members.some((member) => sameVenue(member.venue, listing.venue))
  );
}

/** The best fitting show: the closest start time; the earliest when the listing has none. */
function closest(clusters: Cluster[], listing: SourceStop): Cluster | undefined {
  const distance = (cluster: Cluster) => {
    const time = timed(cluster);
    if (time === null || listing.time === null) return time === null ? 0 : minutesOf(time) / 10_000;
    return Math.abs(minutesOf(time) - minutesOf(listing.time));
  };
  return [...clusters].sort((a, b) => distance(a) - distance(b))[0];
}

function daysOf(listing: SourceStop): string[] {
  if (!listing.endDate) return [listing.date];
  const days: string[] = [];
  for (let day = new Date(`${listing.date}T00:00:00Z`); days.length < 31; day.setUTCDate(day.getUTCDate() + 1)) {
    const iso = day.toISOString().slice(0, 10);
    if (iso > listing.endDate) break;
    days.push(iso);
  }
  return days;
}

/** The artist's listings from every source as one list of shows, in date and time order. */
export function mergeListings(artist: SourcePerformer, listings: SourceStop[]): MergedShow[] {
  const mine = dedupe(listings.filter((listing) => listsArtist(listing, artist))).sort(byPriority);
  const clusters: Cluster[] = [];
  // One-day listings first: a festival pass then finds the artist's day among them.
  for (const listing of [...mine.filter((l) => !l.endDate), ...mine.filter((l) => l.endDate)]) {
    const candidates = daysOf(listing).flatMap((day) => clusters.filter((cluster) => fits(cluster, listing, day)));
    const home = closest(candidates, listing);
    if (home) home.members.push(listing);
    else clusters.push({ date: listing.date, members: [listing], conflicts: [] });
  }
  const shows = absorbLaggingListings(clusters);
  return shows
    .map((cluster) => toShow(artist, cluster))
    .sort((a, b) => a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? ''));
}

/** A source answering one listing twice (paging overlap) lists it once. */
function dedupe(listings: SourceStop[]): SourceStop[] {
  const seen = new Map<string, SourceStop>();
  for (const listing of listings) seen.set(`${listing.provider}|${listing.externalId}`, listing);
  return [...seen.values()];
}

/**
 * A show a source says it moved (its previous date) and a listing by another source still on that
 * date at that venue are one show: the lagging listing joins the moved one as a conflict.
 */
function absorbLaggingListings(clusters: Cluster[]): Cluster[] {
  const absorbed = new Set<Cluster>();
  for (const moved of clusters) {
    for (const member of moved.members.filter((candidate) => candidate.previousDate)) {
      for (const old of clusters) {
        if (old === moved || absorbed.has(old) || old.date !== member.previousDate) continue;
        const providers = new Set(moved.members.map((candidate) => candidate.provider));
        const lagging = old.members.every(
          (candidate) => !providers.has(candidate.provider) && sameVenue(candidate.venue, member.venue),
        );
        if (!lagging) continue;
        moved.conflicts.push(...old.members);
        absorbed.add(old);
      }
    }
  }
  return clusters.filter((cluster) => !absorbed.has(cluster));
}

function toShow(artist: SourcePerformer, cluster: Cluster): MergedShow {
  const sources = [...cluster.members].sort(byPriority);
  const best = sources[0]!;
  const firstOf = <T>(pick: (listing: SourceStop) => T | null): T | null =>
    sources.map(pick).find((value) => value !== null && value !== undefined) ?? null;
  const located = sources.find((listing) => listing.venue.lat !== null && listing.venue.lon !== null)?.venue;
  const lineup: SourcePerformer[] = [];
  for (const performer of sources.flatMap((listing) => listing.lineup)) {
    const known = lineup.findIndex((candidate) => samePerformer(candidate, performer));
    if (known === -1) lineup.push(performer);
    else if (!lineup[known]!.mbid && performer.mbid) lineup[known] = { ...lineup[known]!, mbid: performer.mbid };
  }
  if (!lineup.some((performer) => samePerformer(performer, artist))) lineup.push(artist);
  return {
    date: cluster.date,
    time: firstOf((listing) => listing.time),
    venue: {
      ...best.venue,
      lat: located?.lat ?? null,
      lon: located?.lon ?? null,
      region: firstOf((listing) => listing.venue.region),
      timeZone: firstOf((listing) => listing.venue.timeZone),
      address: firstOf((listing) => listing.venue.address),
    },
    lineup,
    status: sources.reduce<SourceStatus>(
      (status, listing) => (STATUS_WEIGHT[listing.status] > STATUS_WEIGHT[status] ? listing.status : status),
      'scheduled',
    ),
    tourName: firstOf((listing) => listing.tourName),
    sources,
    conflicts: cluster.conflicts,
  };
}

export { priorityOf, SOURCE_PRIORITY };
