/**
 * Date-only values ('2027-04-02') are calendar days, not instants: they are formatted without
 * any time-zone conversion so a show never moves to the previous day in the Americas.
 */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(isoDate: string): { year: number; month: number; day: number; weekday: number } {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return { year, month, day, weekday };
}

/** 'EEE, MMM d, yyyy': 'Fri, Apr 2, 2027'. */
export function formatLongDate(isoDate: string): string {
  const { year, month, day, weekday } = parts(isoDate);
  return `${WEEKDAYS[weekday]}, ${MONTHS[month - 1]} ${day}, ${year}`;
}

/** 'MMM d, yyyy': 'Apr 2, 2027'. */
export function formatShortDate(isoDate: string): string {
  const { year, month, day } = parts(isoDate);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** '19:30' or '19:30:00' → '7:30 PM'. */
export function formatLocalTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** The local calendar date of a Date in the runtime's time zone, as YYYY-MM-DD. */
export function localIsoDate(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** True for a real calendar date in YYYY-MM-DD form (rejects 2027-02-30). */
/** YYYY-MM-DD plus whole days (negative goes back), as calendar dates: no zone or DST involved. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The viewer's IANA time zone (the runtime's). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * One `Intl.DateTimeFormat` per set of options, made once: building one costs far more than
 * formatting with it (it was a third of a 200-stop tour page's server render, issue 25). Null for
 * an unknown zone name. Options without a zone (the runtime's, which tests change) are not kept.
 * The zones are IANA names, a few hundred at most; the map starts again past 1,000 in case of odd input.
 */
const keptFormatters = new Map<string, Intl.DateTimeFormat | null>();

export function keptFormatter(options: Intl.DateTimeFormatOptions & { timeZone?: string }): Intl.DateTimeFormat | null {
  const key = options.timeZone === undefined ? undefined : JSON.stringify(options);
  const kept = key === undefined ? undefined : keptFormatters.get(key);
  if (kept !== undefined) return kept;
  let formatter: Intl.DateTimeFormat | null;
  try {
    formatter = new Intl.DateTimeFormat('en-US', options);
  } catch {
    formatter = null; // an unknown zone name: the caller says what to show instead
  }
  if (key !== undefined) {
    if (keptFormatters.size >= 1_000) keptFormatters.clear();
    keptFormatters.set(key, formatter);
  }
  return formatter;
}

type ZoneNameStyle = 'short' | 'shortOffset' | 'longOffset';

/** Zone names per zone, style and instant: a tour page asks for the same few again and again. */
const zoneNames = new Map<string, string | null>();

function zoneName(timeZone: string, instant: Date, style: ZoneNameStyle): string | null {
  const key = `${style} ${timeZone} ${instant.getTime()}`;
  let name = zoneNames.get(key);
  if (name === undefined) {
    const part = keptFormatter({ timeZone, timeZoneName: style })
      ?.formatToParts(instant)
      .find((p) => p.type === 'timeZoneName');
    name = part?.value ?? null;
    if (zoneNames.size >= 10_000) zoneNames.clear();
    zoneNames.set(key, name);
  }
  return name;
}

/**
 * The zone's offset from UTC in minutes at that instant (+330 for India, -240 for New York in
 * summer); null for a zone name Intl does not know.
 */
export function zoneOffsetMinutes(timeZone: string, instant: Date): number | null {
  const name = zoneName(timeZone, instant, 'longOffset');
  if (name === null) return null;
  // 'GMT+05:30', 'GMT-04:00', or plain 'GMT' for UTC itself.
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The label a show time carries when the venue's zone differs from the viewer's on that date
 * ('MDT', 'GMT+1'), else null. Show times are wall-clock times at the venue and are never
 * converted: a 7:30 PM show in Denver reads '7:30 PM MDT' for a viewer in Paris.
 */
export function showTimeZoneLabel(
  isoDate: string,
  venueTimeZone: string | null,
  /** null: a viewer not known yet (a page rendered on the server): the venue's zone is always named. */
  viewerZone: string | null = viewerTimeZone(),
): string | null {
  if (!venueTimeZone || venueTimeZone === viewerZone) return null;
  // Midday UTC of the show's date: the offsets in force that day (DST edges aside).
  const { year, month, day } = parts(isoDate);
  const instant = new Date(Date.UTC(year, month - 1, day, 12));
  const venueOffset = zoneName(venueTimeZone, instant, 'shortOffset');
  if (venueOffset === null) return null;
  if (viewerZone !== null && venueOffset === zoneName(viewerZone, instant, 'shortOffset')) return null;
  return zoneName(venueTimeZone, instant, 'short');
}

/** '7:30 PM', or '7:30 PM MDT' when the venue's zone differs from the viewer's. */
export function formatShowTime(
  isoDate: string,
  time: string,
  venueTimeZone: string | null,
  viewerZone?: string | null,
): string {
  return labelledShowTime(time, showTimeZoneLabel(isoDate, venueTimeZone, viewerZone));
}

/** '7:30 PM', or '7:30 PM MDT' with the label `showTimeZoneLabel` gave (a caller that needs it too). */
export function labelledShowTime(time: string, label: string | null): string {
  return label ? `${formatLocalTime(time)} ${label}` : formatLocalTime(time);
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'YYYY-MM' → 'February 2027' (My Shows' month headings and month grid). */
export function formatMonthTitle(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[number - 1]} ${year}`;
}
