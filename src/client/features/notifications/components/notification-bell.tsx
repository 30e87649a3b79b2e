import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { notificationsQueryOptions } from '../api/notifications-api.ts';
import {
  BellBadge,
  MarkAllReadButton,
  NotificationList,
  notificationsLabel,
  useSelectNotification,
} from './notification-list.tsx';

/** The desktop header's bell: unread count on the icon, the newest ten in a popover (spec "Header"). */
export const NotificationBell = () => {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const queryClient = useQueryClient();
  const { data } = useQuery(notificationsQueryOptions());
  const unreadCount = data?.unreadCount ?? 0;
  const select = useSelectNotification(() => setOpen(false));

  const changeOpen = (next: boolean) => {
    setOpen(next);
    // The stream keeps the list current; a list older than its stale time (the stream was down) is fetched again.
    if (next) void queryClient.prefetchQuery(notificationsQueryOptions());
  };

  return (
    <Popover.Root open={open} onOpenChange={changeOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={notificationsLabel(data?.unreadCount)} className="relative">
          <Bell aria-hidden="true" className="size-5!" />
          <BellBadge count={unreadCount} testId="notification-badge" className="top-1 right-0.5" />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={16}
          aria-labelledby={headingId}
          className="z-50 flex max-h-[min(32rem,calc(100dvh-6rem))] w-[22rem] flex-col rounded-card border border-border-strong bg-surface shadow-2xl outline-none motion-safe:data-[state=open]:animate-fade-in"
        >
          <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
            <h2 id={headingId} className="font-display text-base font-bold">
              Notifications
            </h2>
            <MarkAllReadButton className="-mr-2" />
          </div>
          <div className="overflow-y-auto p-2">
            <NotificationList onSelect={select} />
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
};
