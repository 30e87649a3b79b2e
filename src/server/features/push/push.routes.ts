import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { perUserWriteLimit } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import type { PushKeyResponse } from '#shared/push.ts';
import { pushDeviceIdParamSchema, pushSubscribeSchema } from '#shared/push-api.ts';
import { listDevices, removeDevice, subscribeDevice } from './push.service.ts';

/**
 * /api/push: the server's VAPID public key and the signed-in fan's own devices (the actor is always
 * c.var.actor). Adding and removing count against the fan's write limit.
 */
export function pushRoutes({ database, providers }: Pick<AppDeps, 'database' | 'providers'>) {
  const webPush = providers.webPush;
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .get('/key', (c) => c.json({ publicKey: webPush.publicKey } satisfies PushKeyResponse))
    .get('/devices', async (c) => c.json({ devices: await listDevices(database, c.var.actor) }))
    .post('/devices', perUserWriteLimit(database, 'pushDevices'), validate('json', pushSubscribeSchema), async (c) => {
      const { device, created } = await subscribeDevice(
        database,
        webPush,
        c.var.actor,
        c.req.valid('json'),
        c.req.header('user-agent'),
      );
      return c.json({ device }, created ? 201 : 200);
    })
    .delete(
      '/devices/:id',
      perUserWriteLimit(database, 'pushDevices'),
      validate('param', pushDeviceIdParamSchema),
      async (c) => {
        await removeDevice(database, c.var.actor, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
