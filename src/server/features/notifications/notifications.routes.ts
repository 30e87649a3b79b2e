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
      return c.json(await listNotifications(database, { userId: c.var.user!.id }));
    })
    .post('/read-all', async (c) => {
      return c.json(await markAllRead(database, { userId: c.var.user!.id }));
    })
    .get('/preferences', async (c) => {
      return c.json(await getPreferences(database, { userId: c.var.user!.id }));
    })
    .put('/preferences', validate('json', notificationPreferencesSchema), async (c) => {
      return c.json(await savePreferences(database, { userId: c.var.user!.id }, c.req.valid('json')));
    })
    .post('/:id/read', validate('param', notificationIdParamSchema), async (c) => {
      return c.json(await markRead(database, { userId: c.var.user!.id }, c.req.valid('param').id));
    });
}
