import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showToast } from '#client/components/ui/toaster.tsx';
import { isSigningOut, SIGNING_OUT_EVENT } from '#client/lib/session/session.ts';
import type {
  NotificationCreatedEvent,
  NotificationsReadEvent,
  NotificationsResponse,
  NotificationView,
} from '#shared/notifications.ts';
import { notificationsKeys } from './api/notifications-api.ts';
import { withNewNotification, withReadEvent } from './notifications-cache.ts';

const STREAM_URL = '/api/events';
/** After the server refused the stream (EventSource gives up then), try again this long after, doubling. */
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60_000;

function parse<T>(message: Event): T | null {
  try {
    return JSON.parse((message as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

function onCreated(queryClient: QueryClient, notification: NotificationView, toasted: Set<string>): void {
  const key = notificationsKeys.list();
  const list = queryClient.getQueryData<NotificationsResponse>(key);
  if (list) queryClient.setQueryData(key, withNewNotification(list, notification));
  // Not loaded yet: the fetch on its way may or may not include it; fetch again to be sure.
  else void queryClient.invalidateQueries({ queryKey: key });
  // A new show for a trip: an open trip page (features/trips, queries under 'trips') lists it now.
  if (notification.kind === 'trip-show') void queryClient.invalidateQueries({ queryKey: ['trips'] });
  // A replay after a reconnect repeats events this tab has shown already.
  if (toasted.has(notification.id) || notification.read) return;
  toasted.add(notification.id);
  showToast({ id: 'notification-created', title: notification.title, description: notification.message });
}

function onRead(queryClient: QueryClient, event: NotificationsReadEvent): void {
  queryClient.setQueryData<NotificationsResponse>(notificationsKeys.list(), (list) =>
    list ? withReadEvent(list, event) : list,
  );
}

/**
 * The signed-in user's event stream (GET /api/events), one per tab while this is mounted: new
 * notifications go to the top of the bell's list with a toast, read marks from other tabs update
 * it. EventSource reconnects by itself and sends Last-Event-ID, so the server replays what was
 * missed; only when the server refuses the stream (EventSource then stops trying) is a new one
 * opened here, resuming from the last id seen.
 */
export function useNotificationStream(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const toasted = new Set<string>();
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = FIRST_RETRY_MS;
    let stopped = false;
    let lastEventId = '';
    const remember = (message: Event) => {
      lastEventId = (message as MessageEvent).lastEventId || lastEventId;
    };

    const open = (isRetry: boolean) => {
      // Mounted (or retrying) while this tab signs out: the session is about to end.
      if (isSigningOut()) return;
      // A new EventSource sends no Last-Event-ID: the query parameter resumes where the old one was.
      source = new EventSource(
        lastEventId ? `${STREAM_URL}?lastEventId=${encodeURIComponent(lastEventId)}` : STREAM_URL,
      );
      let firstOpen = true;
      source.addEventListener('open', () => {
        retryMs = FIRST_RETRY_MS;
        if (!firstOpen) return;
        firstOpen = false;
        // Reconnects resume from the last event id; a stream without one may have missed what was
        // created between the list's fetch and its start, so a list loaded by then is fetched again.
        if (isRetry && lastEventId) return;
        if (queryClient.getQueryState(notificationsKeys.list())?.status === 'success') {
          void queryClient.invalidateQueries({ queryKey: notificationsKeys.list() });
        }
      });
      source.addEventListener('notification-created', (message) => {
        remember(message);
        const event = parse<NotificationCreatedEvent>(message);
        if (event?.notification) onCreated(queryClient, event.notification, toasted);
      });
      source.addEventListener('notifications-read', (message) => {
        remember(message);
        const event = parse<NotificationsReadEvent>(message);
        if (event) onRead(queryClient, event);
      });
      source.addEventListener('error', () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        source.close();
        retryTimer = setTimeout(() => open(true), retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      });
    };

    const stop = () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
    open(false);
    window.addEventListener(SIGNING_OUT_EVENT, stop);
    return () => {
      window.removeEventListener(SIGNING_OUT_EVENT, stop);
      stop();
    };
  }, [queryClient]);
}
