/**
 * When two listings at one venue on one date are one show (ADR 0044): start times within
 * SAME_SHOW_MINUTES, or either time unknown. Further apart they are two shows (an early and a
 * late show). Doors and stage times differ by up to an hour or so.
 */
export const SAME_SHOW_MINUTES = 90;

/** Minutes since midnight of an 'HH:MM' or 'HH:MM:SS' time. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export function timesAgree(a: string | null | undefined, b: string | null | undefined): boolean {
  return !a || !b || Math.abs(minutesOf(a) - minutesOf(b)) <= SAME_SHOW_MINUTES;
}
