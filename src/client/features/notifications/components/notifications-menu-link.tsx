import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { paths } from '#client/lib/paths.ts';
import { cn } from '#client/lib/utils.ts';
import { notificationsQueryOptions } from '../api/notifications-api.ts';
import { badgeText, notificationsLabel } from './notification-list.tsx';

/** The side menu's 'Notifications' item with the unread count: small screens have no bell. */
export const NotificationsMenuLink = ({ className }: { className?: string }) => {
  const { data } = useQuery(notificationsQueryOptions());
  const { pathname } = useLocation();
  const unreadCount = data?.unreadCount ?? 0;
  const current = pathname === paths.notifications;
  return (
    <Link
      to={paths.notifications}
      aria-label={notificationsLabel(data?.unreadCount)}
      aria-current={current ? 'page' : undefined}
      className={cn(
        'flex items-center justify-between gap-3 font-medium text-muted transition-colors hover:text-foreground',
        current && 'text-foreground',
        className,
      )}
    >
      Notifications
      {unreadCount > 0 ? (
        <span
          aria-hidden="true"
          className="flex h-6 min-w-6 items-center justify-center rounded-full bg-magenta px-1.5 text-xs font-bold text-background"
        >
          {badgeText(unreadCount)}
        </span>
      ) : null}
    </Link>
  );
};
