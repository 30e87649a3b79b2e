import { useNotificationStream } from '../use-notification-stream.ts';

/** Renders nothing: holds the signed-in user's event stream open while mounted. */
export const NotificationStream = () => {
  useNotificationStream();
  return null;
};
