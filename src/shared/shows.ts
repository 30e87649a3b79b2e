import { z } from 'zod';

/**
 * A fan's show states (My Shows). Upcoming stops take 'interested' or 'going'; past ones
 * 'attended' (the "I was there" button) or 'missed' (answered "I missed it" to "Did you go?").
 */
export const SHOW_STATES = ['interested', 'going', 'attended', 'missed'] as const;
export type ShowState = (typeof SHOW_STATES)[number];
// Pure: a page that needs only the constants (the state buttons) does not load zod with them.
export const showStateSchema = /* @__PURE__ */ z.enum(SHOW_STATES);

/** The button names, exactly as the issue gives them. */
export const SHOW_STATE_LABELS: Record<Exclude<ShowState, 'missed'>, string> = {
  interested: 'Interested',
  going: 'Going',
  attended: 'I was there',
};

/** A catalog stop's own status, from the providers (JamBase's eventStatus) or an admin. */
export const STOP_STATUSES = ['scheduled', 'cancelled', 'postponed', 'rescheduled'] as const;
export type StopStatus = (typeof STOP_STATUSES)[number];

/** A stop's review state: user-submitted stops (Add Show) are 'pending' until an admin decides. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Calendar feed kinds: kept apart, unlike Songkick's one mixed feed. */
export const CALENDAR_FEED_KINDS = ['going', 'interested', 'nearby'] as const;
export type CalendarFeedKind = (typeof CALENDAR_FEED_KINDS)[number];

/** My Shows' "near home" radius choices in km; null is "anywhere". */
export const SHOWS_RADIUS_CHOICES = [25, 50, 100, 250, 500, null] as const;
export const SHOWS_RADIUS_DEFAULT_KM = 100;

export const SHOW_LIMITS = {
  minYear: 1950,
  maxYear: 2100,
  notesMax: 5000,
  ratingMin: 1,
  ratingMax: 5,
  photoMaxBytes: 15 * 1024 * 1024,
  photosPerShow: 50,
  seatMax: 100,
  companionsMax: 500,
} as const;
