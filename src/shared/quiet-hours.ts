/**
 * Quiet hours (issue 29.4): pushes that fall inside the fan's quiet hours, in the fan's time zone,
 * are held and sent when the hours end. Pure, so both sides agree and a unit test pins it.
 */

export interface QuietWindow {
  /** Minutes after local midnight. */
  startMinute: number;
  endMinute: number;
  timeZone: string;
}

/** '22:30' → 1350 */
export function clockToMinute(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** 1350 → '22:30' */
export function minuteToClock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** The wall-clock minute of the day, and seconds into it, at `now` in `timeZone`. */
function localMinute(now: Date, timeZone: string): { minute: number; seconds: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minute: part('hour') * 60 + part('minute'), seconds: part('second') + now.getUTCMilliseconds() / 1000 };
}

export function isQuiet(minute: number, window: Pick<QuietWindow, 'startMinute' | 'endMinute'>): boolean {
  const { startMinute: start, endMinute: end } = window;
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * When a push made at `now` may go: null at once, else the end of the quiet hours. Counted in
 * wall-clock minutes from now, so a clock change inside the hours moves the end by that hour.
 */
export function quietUntil(now: Date, window: QuietWindow | null): Date | null {
  if (!window) return null;
  const { minute, seconds } = localMinute(now, window.timeZone);
  if (!isQuiet(minute, window)) return null;
  const minutesLeft = (window.endMinute - minute + 1440) % 1440;
  return new Date(now.getTime() + (minutesLeft * 60 - seconds) * 1000);
}
