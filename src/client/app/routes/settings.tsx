import { SettingsPage } from '#client/features/account/components/settings-page.tsx';
import { CalendarSubscribe } from '#client/features/calendar/components/calendar-subscribe.tsx';
import { NotificationsSection } from '#client/features/notifications/components/notifications-section.tsx';
import { TrackedPlacesSection } from '#client/features/places/components/tracked-places-section.tsx';
import { DevicesSection } from '#client/features/push/components/devices-section.tsx';

/** /settings: the account's page with the fan's places, the notification preferences, the push devices and the calendar feeds. */
export const SettingsRoute = () => (
  <SettingsPage
    notifications={<NotificationsSection />}
    devices={<DevicesSection />}
    calendarFeeds={<CalendarSubscribe />}
    places={<TrackedPlacesSection />}
  />
);
