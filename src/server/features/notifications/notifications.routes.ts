import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { notificationIdParamSchema, notificationPreferencesSchema } from '#shared/notifications-api.ts';
import { getPreferences, listNotifications, markAllRead, markRead, savePreferences } from './notifications.service.ts';

/**
 * /api/notifications: the signed-in user's own notifications and preferences (the actor is always
 * c.var.user). CSRF is refused for the POST/PUT routes by the /api/* middleware (mountAuth).
 */
export function notificationsRoutes({ database }: Pick<AppDeps, 'database'>) {
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .get('/', async (c) => {
      return c.json(await listNotifications(database, c.var.actor));
    })
    .post('/read-all', async (c) => {
      return c.json(await markAllRead(database, c.var.actor));
    })
    .get('/preferences', async (c) => {
      return c.json(await getPreferences(database, c.var.actor));
    })
    .put('/preferences', validate('json', notificationPreferencesSchema), async (c) => {
      return c.json(await savePreferences(database, c.var.actor, c.req.valid('json')));
    })
    .post('/:id/read', validate('param', notificationIdParamSchema), async (c) => {
      return c.json(await markRead(database, c.var.actor, c.req.valid('param').id));
    });
}
