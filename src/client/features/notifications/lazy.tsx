import { lazy } from 'react';

/**
 * The shell's notification parts, loaded on demand: the header and side menu render them only for
 * signed-in users (inside Suspense), so visitors never download the bell, the list or the stream.
 */
const center = () => import('./components/notification-center.tsx');

export const LazyNotificationBell = lazy(() => center().then((module) => ({ default: module.NotificationBell })));
export const LazyNotificationStream = lazy(() => center().then((module) => ({ default: module.NotificationStream })));
export const LazyNotificationsMenuLink = lazy(() =>
  center().then((module) => ({ default: module.NotificationsMenuLink })),
);
export const LazyNotificationsPhoneLink = lazy(() =>
  center().then((module) => ({ default: module.NotificationsPhoneLink })),
);
