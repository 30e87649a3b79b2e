import { AddToCalendarLink } from '#client/features/calendar/components/add-to-calendar-link.tsx';
import { FollowButtonForSession } from '#client/features/favorites/components/follow-button.tsx';
import { GuidePage } from '#client/features/guides/components/guide-page.tsx';
import { ShowStateButtons } from '#client/features/shows/components/show-state-buttons.tsx';

/** /guide/{artistSlug}/{stopSlug}: the local guide with the fan's state buttons, 'Add to calendar' and Follow. */
export const GuideRoute = () => (
  <GuidePage StateButtons={ShowStateButtons} CalendarLink={AddToCalendarLink} Follow={FollowButtonForSession} />
);
