/**
 * What the service worker does with a push (issue 29.3): the payload the server sends
 * (shared/push.ts, JSON) becomes a notification; a click opens the show it is about. Pure, so a
 * unit test pins it; sw.ts wires it to the `push` and `notificationclick` events.
 */
import type { PushPayload } from '#shared/push.ts';

export const NOTIFICATION_ICON = '/icons/icon-192.png';

/** A push that cannot be read still shows something: the browser requires a notification per push. */
const FALLBACK: PushPayload = {
  title: 'TourGuides',
  body: 'You have a new alert.',
  url: '/notifications',
  tag: 'tourguides',
};

export function parsePushPayload(text: string | null | undefined): PushPayload {
  if (!text) return FALLBACK;
  try {
    const data = JSON.parse(text) as Partial<Record<keyof PushPayload, unknown>>;
    const field = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
    return {
      title: field(data.title, FALLBACK.title),
      body: field(data.body, ''),
      url: safeAppPath(field(data.url, FALLBACK.url)),
      tag: field(data.tag, FALLBACK.tag),
    };
  } catch {
    return FALLBACK;
  }
}

/** Only paths of this app: a payload never sends the fan elsewhere ('//evil.example' is another site). */
export function safeAppPath(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : FALLBACK.url;
}

export interface NotificationPlan {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

export function notificationFor(payload: PushPayload): NotificationPlan {
  return {
    title: payload.title,
    options: {
      body: payload.body,
      tag: payload.tag,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      lang: 'en',
      data: { url: payload.url },
    },
  };
}

/** The absolute URL a click opens, from the notification's data (the show). */
export function clickTarget(data: unknown, origin: string): string {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  return new URL(safeAppPath(typeof url === 'string' ? url : FALLBACK.url), origin).href;
}
