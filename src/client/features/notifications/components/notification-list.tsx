import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { OverridingButton } from '#client/components/ui/overriding-button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/lib/paths.ts';
import { cn } from '#client/lib/utils.ts';
import type { NotificationView } from '#shared/notifications.ts';
import { notificationsQueryOptions } from '../api/notifications-api.ts';
import { useMarkAllRead, useMarkRead } from '../api/use-mark-read.ts';
import { relativeTime } from '../relative-time.ts';

/** 'Notifications, 3 unread': what the bell and the menu item are called, count included. */
export function notificationsLabel(unreadCount: number | undefined): string {
  return unreadCount ? `Notifications, ${unreadCount} unread` : 'Notifications';
}

/** The count as a badge shows it. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** The unread count on a bell icon (the desktop bell and the phones' bell link); nothing when all is read. */
export const BellBadge = ({ count, testId, className }: { count: number; testId: string; className: string }) =>
  count > 0 ? (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={`absolute flex h-5 min-w-5 items-center justify-center rounded-full bg-magenta px-1 text-[0.6875rem] font-bold leading-none text-background ${className}`}
    >
      {badgeText(count)}
    </span>
  ) : null;

const NotificationItem = ({ notification, onSelect }: { notification: NotificationView; onSelect: () => void }) => (
  <li>
    <button
      type="button"
      onClick={onSelect}
      data-unread={notification.read ? undefined : ''}
      className={cn(
        'flex w-full items-start gap-3 rounded-xl px-3 py-3 text-left transition-colors hover:bg-white/6 focus-visible:bg-white/6',
        !notification.read && 'bg-accent/6',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', notification.read ? 'bg-transparent' : 'bg-accent')}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        {notification.read ? null : <span className="sr-only">Unread: </span>}
        <span className={cn('text-sm', notification.read ? 'font-medium text-muted' : 'font-semibold')}>
          {notification.title}
        </span>
        <span className="text-sm text-muted">{notification.message}</span>
        <time
          dateTime={notification.createdAt}
          title={new Date(notification.createdAt).toLocaleString()}
          className="text-xs text-muted/80"
        >
          {relativeTime(notification.createdAt)}
        </time>
      </span>
    </button>
  </li>
);

/**
 * The newest ten with their unread markers, and the panel's states (loading, failed, empty). The
 * bell's popover and the small-screen /notifications page both show it.
 */
export const NotificationList = ({ onSelect }: { onSelect: (notification: NotificationView) => void }) => {
  const { data, isPending, isError, error, refetch } = useQuery(notificationsQueryOptions());
  if (isPending) return <Spinner label="Loading..." className="py-10" />;
  if (isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center text-sm text-muted">
        <p>Notifications could not be loaded. {error.message}</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (data.notifications.length === 0)
    return <p className="px-4 py-10 text-center text-sm text-muted">No notifications</p>;
  return (
    <ul className="flex flex-col gap-1">
      {data.notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} onSelect={() => onSelect(notification)} />
      ))}
    </ul>
  );
};

export const MarkAllReadButton = ({ className }: { className?: string }) => {
  const { data } = useQuery(notificationsQueryOptions());
  const markAllRead = useMarkAllRead();
  return (
    <OverridingButton
      variant="ghost"
      size="sm"
      className={cn('h-8 px-3 text-accent hover:text-accent-strong', className)}
      disabled={!data || data.unreadCount === 0}
      onClick={() => void markAllRead()}
    >
      Mark all read
    </OverridingButton>
  );
};

/** Clicking a notification marks it read and, if it is about an artist, goes to /stats (spec). */
export function useSelectNotification(beforeLeaving?: () => void) {
  const markRead = useMarkRead();
  const navigate = useNavigate();
  return (notification: NotificationView) => {
    if (!notification.read) void markRead(notification.id);
    if (notification.artistSlug) {
      beforeLeaving?.();
      navigate(paths.stats);
    }
  };
}
