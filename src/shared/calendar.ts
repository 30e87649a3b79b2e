import { z } from 'zod';
import { CALENDAR_FEED_KINDS, type CalendarFeedKind } from './shows.ts';
import { storableString } from './text-schema.ts';

/** What each private feed holds, as Settings names it. Kept apart: Songkick's one feed mixes them. */
export const CALENDAR_FEED_LABELS: Record<CalendarFeedKind, { title: string; description: string }> = {
  going: { title: 'Going', description: 'Shows you are going to, and the ones you went to.' },
  interested: { title: 'Interested', description: 'Shows you marked Interested.' },
  nearby: {
    title: 'My artists near home',
    description: 'Upcoming shows of the artists you follow within your radius of home.',
  },
};

/** A feed token: 32 random bytes in base64url (43 characters). */
export const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface CalendarFeed {
  kind: CalendarFeedKind;
  title: string;
  description: string;
  /** https:// (or http:// locally) address of the .ics file. */
  url: string;
  /** The same address as webcal://, which calendar apps (Apple Calendar, Outlook) subscribe to. */
  webcalUrl: string;
  /** Google Calendar's "add by URL" page for this feed. */
  googleUrl: string;
}

export interface CalendarFeedsResponse {
  feeds: CalendarFeed[];
}

export const calendarFeedKindSchema = z.enum(CALENDAR_FEED_KINDS);

/** POST /api/calendar/feeds/rotate: one kind, or every feed when `kind` is left out. */
export const rotateFeedsSchema = z.object({ kind: calendarFeedKindSchema.optional() }).strict();
export type RotateFeedsRequest = z.infer<typeof rotateFeedsSchema>;

/** `/api/calendar/{token}.ics`: the file name of a feed, checked before any database read. */
export const feedFileParamSchema = z.object({
  file: storableString().regex(/^[A-Za-z0-9_-]{43}\.ics$/, 'Calendar feed not found'),
});

/** `/api/calendar/stops/{stopId}.ics`: one show's calendar file. */
export const stopFileParamSchema = z.object({
  file: storableString().regex(/^[0-9a-f-]{36}\.ics$/i, 'Show not found'),
});

/** How long a calendar app should wait before fetching a feed again. */
export const CALENDAR_FEED_TTL_SECONDS = 6 * 60 * 60;

/** A show with a known start time lasts this long in calendars (concerts rarely state an end). */
export const CALENDAR_EVENT_HOURS = 3;

export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}

export function googleCalendarUrl(url: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl(url))}`;
}
