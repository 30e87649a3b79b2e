import { distanceKm } from '#server/features/favorites/favorites.service.ts';
import { formatLongDate } from '#shared/dates.ts';
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

/**
 * The stop to name: the nearest to the follower's home when both have coordinates, otherwise the
 * soonest. Ties go to the earlier date.
 */
export function pickStopToName(stops: NewStop[], home: Home | null): NamedStop | null {
  const byDate = [...stops].sort((a, b) => a.date.localeCompare(b.date));
  const origin = home?.lat != null && home.lon != null ? { lat: home.lat, lon: home.lon } : null;
  if (origin) {
    const measured = byDate
      .filter((stop) => stop.lat != null && stop.lon != null)
      .map((stop) => ({ stop, km: distanceKm(origin, { lat: stop.lat!, lon: stop.lon! }) }));
    const nearest = measured.reduce<NamedStop | null>(
      (best, next) => (!best || next.km! < best.km! ? next : best),
      null,
    );
    if (nearest) return nearest;
  }
  const soonest = byDate[0];
  return soonest ? { stop: soonest, km: null } : null;
}

/** One per artist per sync: 'New tour dates: Northern Lanterns' / '3 new dates — nearest: …'. */
export function newDatesText(artistName: string, stops: NewStop[], home: Home | null): NotificationText | null {
  const named = pickStopToName(stops, home);
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
  const byDate = [...stops].sort((a, b) => a.date.localeCompare(b.date));
  const soonest = byDate[0];
  if (!soonest) return null;
  const venues = new Set(byDate.map((stop) => stop.venue));
  if (byDate.length === 1) {
    return {
      kind: 'venue-show',
      title: `New show at ${soonest.venue}`,
      message: `${artistName}: ${describeStop(soonest)}`,
    };
  }
  return {
    kind: 'venue-show',
    title: venues.size === 1 ? `New shows at ${soonest.venue}` : 'New shows at venues you follow',
    message: `${artistName}: ${byDate.length} new dates — soonest: ${describeStop(soonest)}`,
  };
}
