import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '#client/lib/paths.ts';
import { cn } from '#client/lib/utils.ts';
import { notificationsQueryOptions } from '../api/notifications-api.ts';
import { BellBadge, badgeText, notificationsLabel } from './notification-list.tsx';

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

/**
 * Phones' way in: a bell beside the menu button with the unread count, one tap from the
 * notifications page (the desktop bell's popover would not fit a phone).
 */
export const NotificationsPhoneLink = () => {
  const { data } = useQuery(notificationsQueryOptions());
  const { pathname } = useLocation();
  const unreadCount = data?.unreadCount ?? 0;
  return (
    <Link
      to={paths.notifications}
      aria-label={notificationsLabel(data?.unreadCount)}
      aria-current={pathname === paths.notifications ? 'page' : undefined}
      className="relative flex size-10 items-center justify-center rounded-md text-foreground transition-colors hover:bg-surface-raised"
    >
      <Bell aria-hidden="true" className="size-5" />
      <BellBadge count={unreadCount} testId="phone-notification-badge" className="top-0.5 right-0" />
    </Link>
  );
};
