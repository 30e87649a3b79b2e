import { randomUUID } from 'node:crypto';
import type { HookContext } from './hook-utils.ts';

/**
 * The device cookie (ADR 0039): a browser that signed in to an account before carries a long-lived,
 * signed `tourguides.device` cookie naming that account and a random device id. Sign-ins that carry
 * a valid one for the account they try are counted per device instead of per account, so strangers
 * guessing from elsewhere cannot lock the owner out of the browsers they already use.
 */
const DEVICE_COOKIE = 'device';
/** Browsers cap cookie lifetimes at 400 days. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const SEPARATOR = '.';

export interface Device {
  userId: string;
  deviceId: string;
}

function deviceCookie(ctx: HookContext) {
  return ctx.context.createAuthCookie(DEVICE_COOKIE, { maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
}

/** The device this request's signed cookie names, or null (no cookie, bad signature, bad shape). */
export async function readDevice(ctx: HookContext): Promise<Device | null> {
  const value = await ctx.getSignedCookie(deviceCookie(ctx).name, ctx.context.secret).catch(() => null);
  if (typeof value !== 'string') return null;
  const [userId, deviceId, ...rest] = value.split(SEPARATOR);
  if (!userId || !deviceId || rest.length > 0) return null;
  return { userId, deviceId };
}

/** After a session was created: keep this browser's device id (a new one when it named another account). */
export async function rememberDevice(ctx: HookContext, userId: string): Promise<void> {
  const known = await readDevice(ctx);
  const deviceId = known?.userId === userId ? known.deviceId : randomUUID();
  const cookie = deviceCookie(ctx);
  await ctx.setSignedCookie(cookie.name, `${userId}${SEPARATOR}${deviceId}`, ctx.context.secret, cookie.attributes);
}
