/**
 * A fan's own reads may come from the service worker's cache (offline, ADR 0039): the answer then
 * carries the `Date` header of when the server sent it, which tells the fan how old the copy is.
 */

/** An API answer with the time the server sent it (ms since the epoch), or null when unknown. */
export type Saved<T> = T & { savedAt: number | null };

export function savedAtOf(response: Response): number | null {
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isNaN(date) ? null : date;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const count = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'} ago`;

/** 'just now', '5 minutes ago', '2 hours ago', '3 days ago': how old a saved copy is. */
export function savedAgo(savedAt: number, now = Date.now()): string {
  const age = Math.max(0, now - savedAt);
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return count(Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return count(Math.floor(age / HOUR), 'hour');
  return count(Math.floor(age / DAY), 'day');
}

/** The line shown over a page read from the offline copy: 'Offline — saved 2 hours ago'. */
export function offlineSavedLine(savedAt: number, now = Date.now()): string {
  return `Offline — saved ${savedAgo(savedAt, now)}`;
}
