import { SettingsPage } from '#client/features/account/components/settings-page.tsx';
import { CalendarSubscribe } from '#client/features/calendar/components/calendar-subscribe.tsx';
import { NotificationsSection } from '#client/features/notifications/components/notifications-section.tsx';

/** /settings: the account's page with the notification preferences and the calendar feeds. */
export const SettingsRoute = () => (
  <SettingsPage notifications={<NotificationsSection />} calendarFeeds={<CalendarSubscribe />} />
);
