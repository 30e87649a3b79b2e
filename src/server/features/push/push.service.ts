import type { Database } from '#server/db/client.ts';
import type { Actor } from '#server/lib/actor.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { WebPushClient } from '#server/providers/web-push/web-push.client.ts';
import { MAX_PUSH_DEVICES, PUSH_MESSAGES, type PushDeviceView } from '#shared/push.ts';
import type { PushSubscribeInput } from '#shared/push-api.ts';
import { describeUserAgent } from '#shared/user-agent.ts';
import {
  countDevices,
  type DeviceRow,
  deleteDevice,
  findDeviceByEndpoint,
  selectDevices,
  upsertDevice,
} from './push.repo.ts';

/** Every operation acts on the signed-in fan's own devices: the actor's id scopes each query. */

function toView(row: DeviceRow): PushDeviceView {
  return {
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastPushedAt: row.lastPushedAt?.toISOString() ?? null,
  };
}

export async function listDevices(database: Database, actor: Actor): Promise<PushDeviceView[]> {
  return (await selectDevices(database.db, actor.userId)).map(toView);
}

/**
 * Adds this browser (or refreshes it: the same endpoint is one device). Only endpoints on a known
 * push service are taken: the server will POST to them.
 */
export async function subscribeDevice(
  database: Database,
  webPush: Pick<WebPushClient, 'acceptsEndpoint'>,
  actor: Actor,
  input: PushSubscribeInput,
  userAgent: string | undefined,
): Promise<{ device: PushDeviceView; created: boolean }> {
  if (!webPush.acceptsEndpoint(input.endpoint)) {
    throw new AppError('BAD_REQUEST', PUSH_MESSAGES.badEndpoint, {
      issues: [{ path: 'endpoint', message: PUSH_MESSAGES.badEndpoint }],
    });
  }
  return database.db.transaction(async (tx) => {
    const existing = await findDeviceByEndpoint(tx, input.endpoint);
    const own = existing?.userId === actor.userId;
    if (!own && (await countDevices(tx, actor.userId)) >= MAX_PUSH_DEVICES) {
      throw new AppError('CONFLICT', PUSH_MESSAGES.tooManyDevices);
    }
    const device = await upsertDevice(tx, {
      userId: actor.userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      label: input.label ?? describeUserAgent(userAgent),
    });
    return { device: toView(device), created: !own };
  });
}

/** 404 for an id that is not the actor's: nobody learns others' devices exist. */
export async function removeDevice(database: Database, actor: Actor, id: string): Promise<void> {
  if (!(await deleteDevice(database.db, actor.userId, id))) throw notFound('Device');
}
