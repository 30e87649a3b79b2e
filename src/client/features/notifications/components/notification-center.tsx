/**
 * Everything the shell shows of notifications, in one chunk loaded only for signed-in users
 * (see ../lazy.tsx): the home page's first render stays free of it.
 */
export { NotificationBell } from './notification-bell.tsx';
export { NotificationStream } from './notification-stream.tsx';
export { NotificationsMenuLink, NotificationsPhoneLink } from './notifications-menu-link.tsx';
