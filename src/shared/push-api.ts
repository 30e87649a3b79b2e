/** Request schemas of /api/push (zod: kept apart from push.ts for the bundle). */
import { z } from 'zod';
import { PUSH_MESSAGES } from './push.ts';
import { storableString } from './text-schema.ts';

const base64url = (min: number, max: number) =>
  storableString()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/** POST /api/push/devices: PushSubscription.toJSON() plus the device's name. */
export const pushSubscribeSchema = z
  .object({
    endpoint: storableString()
      .max(1000)
      .refine((value) => URL.canParse(value), PUSH_MESSAGES.badEndpoint),
    // Unused by the JSON form; browsers send null.
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
        p256dh: base64url(80, 100),
        auth: base64url(16, 32),
      })
      .strict(),
    label: storableString().trim().min(1).max(80).optional(),
  })
  .strict();
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

export const pushDeviceIdParamSchema = z.object({ id: z.uuid({ message: 'Unknown device' }) });
