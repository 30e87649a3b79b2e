import { distanceKm } from '#server/features/favorites/favorites.service.ts';
import { formatInstant, formatLongDate } from '#shared/dates.ts';
import type { NotificationKind } from '#shared/notifications.ts';

/**
 * The wording of the notifications made from tour changes. Pure functions: what a follower reads
 * depends only on the artist, the changed stops and where the follower lives.
 */

export interface StopPlace {
  /** YYYY-MM-DD */
  date: string;
  venue: string;
  city: string;
  region?: string | null;
}

export interface NewStop extends StopPlace {
  lat: number | null;
  lon: number | null;
}

export interface Home {
  city: string | null;
  lat: number | null;
  lon: number | null;
}

export interface NotificationText {
  kind: NotificationKind;
  title: string;
  message: string;
}

/** 'Sat, Apr 3, 2027 at Red Rocks Amphitheatre, Morrison, CO' */
export function describeStop(stop: StopPlace): string {
  const place = stop.region ? `${stop.city}, ${stop.region}` : stop.city;
  return `${formatLongDate(stop.date)} at ${stop.venue}, ${place}`;
}

interface NamedStop {
  stop: NewStop;
  km: number | null;
}

/** Soonest first; stable, so stops on one day keep the order they came in. */
export function byDate<T extends { date: string }>(stops: T[]): T[] {
  return [...stops].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The stop to name: the nearest to the follower's home when both have coordinates, otherwise the
 * soonest. Ties go to the earlier date. `sorted`: the stops are already in date order (a sync's
 * batch is sorted once, not once per follower).
 */
export function pickStopToName(
  stops: NewStop[],
  home: Home | null,
  { sorted = false }: { sorted?: boolean } = {},
): NamedStop | null {
  const inOrder = sorted ? stops : byDate(stops);
  const origin = home?.lat != null && home.lon != null ? { lat: home.lat, lon: home.lon } : null;
  if (origin) {
    let nearest: NamedStop | null = null;
    for (const stop of inOrder) {
      if (stop.lat == null || stop.lon == null) continue;
      const km = distanceKm(origin, { lat: stop.lat, lon: stop.lon });
      if (!nearest || km < nearest.km!) nearest = { stop, km };
    }
    if (nearest) return nearest;
  }
  const soonest = inOrder[0];
  return soonest ? { stop: soonest, km: null } : null;
}

/** One per artist per sync: 'New tour dates: Northern Lanterns' / '3 new dates — nearest: …'. */
export function newDatesText(
  artistName: string,
  stops: NewStop[],
  home: Home | null,
  options: { sorted?: boolean } = {},
): NotificationText | null {
  const named = pickStopToName(stops, home, options);
  if (!named) return null;
  const count = stops.length;
  const where = describeStop(named.stop);
  const distance = named.km === null ? '' : ` (${Math.round(named.km)} km from ${home?.city?.trim() || 'home'})`;
  const message =
    count === 1
      ? `1 new date: ${where}${distance}`
      : `${count} new dates — ${named.km === null ? 'soonest' : 'nearest'}: ${where}${distance}`;
  return { kind: 'new-dates', title: `New tour dates: ${artistName}`, message };
}

export function stopMovedText(artistName: string, from: StopPlace, to: StopPlace): NotificationText {
  return {
    kind: 'stop-moved',
    title: `Show moved: ${artistName}`,
    message: `Moved from ${describeStop(from)} to ${describeStop(to)}.`,
  };
}

export function stopCancelledText(artistName: string, stop: StopPlace): NotificationText {
  return {
    kind: 'stop-cancelled',
    title: `Show cancelled: ${artistName}`,
    message: `${describeStop(stop)} was cancelled.`,
  };
}

/**
 * A new show at a venue the fan follows: one names the show; several from one sync are one grouped
 * alert ('3 new dates — soonest: …'), titled by the venue when they share one.
 */
export function venueShowsText(artistName: string, stops: StopPlace[]): NotificationText | null {
  const sorted = byDate(stops);
  const soonest = sorted[0];
  if (!soonest) return null;
  const venues = new Set(sorted.map((stop) => stop.venue));
  if (sorted.length === 1) {
    return {
      kind: 'venue-show',
      title: `New show at ${soonest.venue}`,
      message: `${artistName}: ${describeStop(soonest)}`,
    };
  }
  return {
    kind: 'venue-show',
    title: venues.size === 1 ? `New shows at ${soonest.venue}` : 'New shows at venues you follow',
    message: `${artistName}: ${sorted.length} new dates — soonest: ${describeStop(soonest)}`,
  };
}

/** A show whose ticket sale a source announced: its place, and the sale times still ahead. */
export interface SaleShow extends StopPlace {
  /** The venue's zone: sale times read in it, with its short name ('EDT'); UTC when unknown. */
  timeZone: string | null;
  /** ISO 8601 instants; at least one is set. */
  onSaleAt: string | null;
  presaleAt: string | null;
  presaleName: string | null;
}

/** 'Fri, Sep 4, 10:00 AM EDT': in the venue's zone, where the sale opens. */
export function describeSaleTime(iso: string, timeZone: string | null): string {
  return formatInstant(iso, timeZone ?? 'UTC', { withZone: true }) ?? iso;
}

/** The first moment tickets can be had: the presale when there is one, else the public sale. */
export function firstSaleAt(show: Pick<SaleShow, 'onSaleAt' | 'presaleAt'>): string {
  return [show.presaleAt, show.onSaleAt].filter((at): at is string => at !== null).sort()[0] ?? '';
}

/** The show whose tickets can be had first (the earlier show on a tie). */
export function firstOnSale<T extends Pick<SaleShow, 'onSaleAt' | 'presaleAt' | 'date'>>(shows: T[]): T | undefined {
  return [...shows].sort((a, b) => firstSaleAt(a).localeCompare(firstSaleAt(b)) || a.date.localeCompare(b.date))[0];
}

/** 'House of Blues, Boston, MA on Sat, Oct 3, 2026' */
function showWhere(show: StopPlace): string {
  const place = show.region ? `${show.city}, ${show.region}` : show.city;
  return `${show.venue}, ${place} on ${formatLongDate(show.date)}`;
}

/** 'Northern Lanterns at House of Blues, Boston, MA on Sat, Oct 3, 2026' */
const showLabel = (artistName: string, show: StopPlace) => `${artistName} at ${showWhere(show)}`;

const presaleLabel = (name: string | null) => (name ? `presale (${name})` : 'presale');

/**
 * A source first says when tickets go on sale: 'Tickets for X at Y on Sat, Oct 3, 2026 go on sale
 * Fri, Sep 4, 10:00 AM EDT. Presale (Artist Presale): Tue, Sep 1, 10:00 AM EDT.' Several shows of
 * one sync are one grouped alert naming one: `named` (a show near the fan, or the one a caller
 * already picked), else the one whose sale opens first.
 */
export function onSaleText(
  artistName: string,
  shows: SaleShow[],
  named?: { show: SaleShow; near: boolean },
): NotificationText | null {
  const show = named?.show ?? firstOnSale(shows);
  if (!show) return null;
  const title = `Tickets on sale: ${artistName}`;
  if (shows.length > 1) {
    const at = describeSaleTime(firstSaleAt(show), show.timeZone);
    const what = show.presaleAt && firstSaleAt(show) === show.presaleAt ? presaleLabel(show.presaleName) : 'on sale';
    return {
      kind: 'on-sale',
      title,
      message: `Tickets for ${shows.length} ${artistName} shows go on sale. ${named?.near ? 'Near you' : 'First'}: ${showWhere(show)}, ${what} ${at}.`,
    };
  }
  const label = showLabel(artistName, show);
  const presale = show.presaleAt ? describeSaleTime(show.presaleAt, show.timeZone) : null;
  if (!show.onSaleAt) {
    return { kind: 'on-sale', title, message: `The ${presaleLabel(show.presaleName)} for ${label} starts ${presale}.` };
  }
  const publicSale = `Tickets for ${label} go on sale ${describeSaleTime(show.onSaleAt, show.timeZone)}.`;
  const first = presale ? ` ${capitalise(presaleLabel(show.presaleName))}: ${presale}.` : '';
  return { kind: 'on-sale', title, message: `${publicSale}${first}` };
}

/**
 * Shortly before a sale opens (one phase: the presale or the public sale), for the shows of one
 * artist opening at that moment: 'Tickets for X at Y on … go on sale Fri, Sep 4, 10:00 AM EDT.'
 */
export function onSaleReminderText(
  artistName: string,
  phase: 'presale' | 'public',
  shows: (StopPlace & { timeZone: string | null; presaleName: string | null })[],
  at: string,
): NotificationText | null {
  const sorted = byDate(shows);
  const show = sorted[0];
  if (!show) return null;
  const when = describeSaleTime(at, show.timeZone);
  const title = phase === 'presale' ? `Presale soon: ${artistName}` : `Tickets soon: ${artistName}`;
  const what =
    sorted.length === 1
      ? showLabel(artistName, show)
      : `${sorted.length} ${artistName} shows (first: ${showWhere(show)})`;
  const message =
    phase === 'presale'
      ? `The ${presaleLabel(show.presaleName)} for ${what} starts ${when}.`
      : `Tickets for ${what} go on sale ${when}.`;
  return { kind: 'on-sale', title, message };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
