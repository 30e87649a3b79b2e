import { describe, expect, it } from 'vitest';
import type { NotificationsResponse, NotificationView } from '#shared/notifications.ts';
import {
  withAllRead,
  withNewNotification,
  withOneRead,
  withReadEvent,
  withUnreadCount,
} from './notifications-cache.ts';

const notification = (id: number, read = false): NotificationView => ({
  id: `n${id}`,
  kind: 'new-dates',
  title: `Title ${id}`,
  message: `Message ${id}`,
  read,
  artistSlug: 'velvet-harbor',
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
});

const listOf = (count: number, unreadCount = count): NotificationsResponse => ({
  notifications: Array.from({ length: count }, (_, i) => notification(count - i)),
  unreadCount,
});

describe('notifications cache', () => {
  it('puts a new one on top, keeps the newest ten and raises the count', () => {
    const next = withNewNotification(listOf(10, 12), notification(11));
    expect(next.notifications).toHaveLength(10);
    expect(next.notifications[0]?.id).toBe('n11');
    expect(next.notifications.at(-1)?.id).toBe('n2');
    expect(next.unreadCount).toBe(13);
  });

  it('ignores a notification it lists already (a replay after reconnecting)', () => {
    const list = listOf(3);
    expect(withNewNotification(list, notification(2))).toBe(list);
  });

  it('marks one read once, lowering the count never below 0', () => {
    const once = withOneRead(listOf(2, 1), 'n2');
    expect(once.notifications[0]?.read).toBe(true);
    expect(once.unreadCount).toBe(0);
    expect(withOneRead(once, 'n2')).toBe(once);
    expect(withOneRead(listOf(2, 0), 'n1').unreadCount).toBe(0);
  });

  it('mark all read sets 0', () => {
    const all = withAllRead(listOf(4, 25));
    expect(all.unreadCount).toBe(0);
    expect(all.notifications.every((item) => item.read)).toBe(true);
  });

  it("follows another tab's read marks and the server's count", () => {
    const some = withReadEvent(listOf(3), { type: 'notifications-read', ids: ['n1'], unreadCount: 2 });
    expect(some.notifications.map((item) => item.read)).toEqual([false, false, true]);
    expect(some.unreadCount).toBe(2);
    const all = withReadEvent(listOf(3), { type: 'notifications-read', ids: null, unreadCount: 0 });
    expect(all.notifications.every((item) => item.read)).toBe(true);
    expect(withUnreadCount(listOf(1), -3).unreadCount).toBe(0);
  });
});
