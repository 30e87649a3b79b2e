import { addPushDevice, fetchPushKey, removePushDevice } from './api/push-api.ts';

/**
 * This browser and Web Push: whether it can get alerts, and subscribing it (only from a tap: the
 * permission prompt is never shown on page load). The device id the server gave is remembered here,
 * so Settings can say which row is this device.
 */

export type PushSupport = 'supported' | 'unsupported' | 'denied';

const DEVICE_ID_KEY = 'tourguides:push-device-id';
/** Without a service worker (a private window, a blocked one) there is nothing to subscribe. */
const WORKER_WAIT_MS = 10_000;

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

export function rememberedDeviceId(): string | null {
  try {
    return localStorage.getItem(DEVICE_ID_KEY);
  } catch {
    return null;
  }
}

function rememberDeviceId(id: string | null): void {
  try {
    if (id) localStorage.setItem(DEVICE_ID_KEY, id);
    else localStorage.removeItem(DEVICE_ID_KEY);
  } catch {}
}

/** The base64url VAPID key as the bytes pushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS)),
  ]);
  if (!registration) throw new PushSetupError('unavailable');
  return registration;
}

export class PushSetupError extends Error {
  constructor(readonly reason: 'denied' | 'dismissed' | 'unavailable') {
    super(PUSH_SETUP_MESSAGES[reason]);
  }
}

export const PUSH_SETUP_MESSAGES = {
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  dismissed: 'Alerts stay off: you did not allow notifications.',
  unavailable: 'This browser could not set up alerts right now. Try again in a moment.',
} as const;

/** Asks for permission (call from a tap), subscribes this browser and adds it to the fan's devices. */
export async function subscribeThisDevice(): Promise<string> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('denied');
  if (permission !== 'granted') throw new PushSetupError('dismissed');
  const registration = await workerRegistration();
  const { publicKey } = await fetchPushKey();
  let subscription: PushSubscription;
  try {
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(publicKey),
      }));
  } catch {
    throw new PushSetupError('unavailable');
  }
  const { device } = await addPushDevice(subscription.toJSON());
  rememberDeviceId(device.id);
  return device.id;
}

/** Removes a device; when it is this one, this browser also stops its subscription. */
export async function removeDevice(id: string): Promise<void> {
  await removePushDevice(id);
  if (id !== rememberedDeviceId()) return;
  rememberDeviceId(null);
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  } catch {}
}
