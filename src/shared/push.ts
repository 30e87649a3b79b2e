/**
 * Web Push (issue 29.3): a fan's devices that get alerts while the app is closed. A device is the
 * browser's PushSubscription (its endpoint on the vendor's push service and its two keys); the
 * endpoint is a secret of that device, so the API never sends it back.
 */

/** One fan may keep this many devices; a new one beyond it is refused until one is removed. */
export const MAX_PUSH_DEVICES = 20;

/** GET /api/push/key → the server's VAPID public key (the browser's applicationServerKey). */
export interface PushKeyResponse {
  publicKey: string;
}

/** GET /api/push/devices → PushDevicesResponse; POST /api/push/devices → { device } */
export interface PushDeviceView {
  id: string;
  /** What the fan reads: 'Chrome on Android', as the device named itself when it subscribed. */
  label: string;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601; null until a push reached the push service. */
  lastPushedAt: string | null;
}

export interface PushDevicesResponse {
  devices: PushDeviceView[];
}

/**
 * What the service worker receives (JSON, encrypted): everything the notification shows. Dates in
 * `body` are written as people write them ('Sat, Oct 3'), never ISO.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** The app path a click opens: the show, or the artist when there is no single show. */
  url: string;
  /** One notification per tag on the device: a later alert about the same show replaces it. */
  tag: string;
}

export const PUSH_MESSAGES = {
  badEndpoint: 'This browser gave a push address we cannot use',
  tooManyDevices: `You have ${MAX_PUSH_DEVICES} devices getting alerts. Remove one to add this one.`,
} as const;
