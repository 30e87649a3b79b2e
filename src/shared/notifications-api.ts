/** Request schemas of /api/notifications (zod: kept apart from notifications.ts for the bundle). */
import { z } from 'zod';
import { storableString } from './text-schema.ts';

/** POST /api/notifications/:id/read */
export const notificationIdParamSchema = z.object({ id: z.uuid('Unknown notification') });

/** `push` came later (Web Push): a client that does not send it leaves it as it was. */
const channelChoice = z.object({ inApp: z.boolean(), email: z.boolean(), push: z.boolean().optional() }).strict();
export type ChannelChoiceInput = z.infer<typeof channelChoice>;

export const QUIET_HOURS_MESSAGES = {
  time: 'Use a time such as 22:00',
  timeZone: 'Unknown time zone',
  same: 'Quiet hours must start and end at different times',
} as const;

const clockTime = storableString().regex(/^([01]\d|2[0-3]):[0-5]\d$/, QUIET_HOURS_MESSAGES.time);

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const quietHoursSchema = z
  .object({
    from: clockTime,
    to: clockTime,
    timeZone: storableString().max(64).refine(isTimeZone, QUIET_HOURS_MESSAGES.timeZone),
  })
  .strict()
  .refine((value) => value.from !== value.to, { message: QUIET_HOURS_MESSAGES.same, path: ['to'] });

/**
 * PUT /api/notifications/preferences: the whole set, so a form save is one idempotent request.
 * Groups and fields that came later (`tripShows` with Vacation mode; `onSale`, `push` and
 * `quietHours` with Web Push; `cancellations` and `venueShows` with venue alerts): a client that does not know them leaves them as they were.
 */
export const notificationPreferencesSchema = z
  .object({
    newDates: channelChoice,
    tourChanges: channelChoice,
    reminders: channelChoice,
    tripShows: channelChoice.optional(),
    onSale: channelChoice.optional(),
    cancellations: channelChoice.optional(),
    venueShows: channelChoice.optional(),
    quietHours: quietHoursSchema.nullable().optional(),
  })
  .strict();
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;
