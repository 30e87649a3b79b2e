/** Request schemas of /api/notifications (zod: kept apart from notifications.ts for the bundle). */
import { z } from 'zod';

/** POST /api/notifications/:id/read */
export const notificationIdParamSchema = z.object({ id: z.uuid('Unknown notification') });

const channelChoice = z.object({ inApp: z.boolean(), email: z.boolean() }).strict();

/**
 * PUT /api/notifications/preferences: the whole set, so a form save is one idempotent request.
 * `tripShows` (Vacation mode) came later: a client that does not know it leaves it as it was.
 */
export const notificationPreferencesSchema = z
  .object({
    newDates: channelChoice,
    tourChanges: channelChoice,
    reminders: channelChoice,
    tripShows: channelChoice.optional(),
  })
  .strict();
