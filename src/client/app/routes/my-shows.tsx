import { CalendarSubscribeButton } from '#client/features/calendar/components/calendar-subscribe-button.tsx';
import { FollowButtonForSession } from '#client/features/favorites/components/follow-button.tsx';
import { MyShowsPage } from '#client/features/shows/components/my-shows-page.tsx';

/** /dashboard: My Shows with the calendar feeds' 'Subscribe' button and Follow on each headliner. */
export const MyShowsRoute = () => (
  <MyShowsPage calendarSubscribe={<CalendarSubscribeButton />} Follow={FollowButtonForSession} />
);
