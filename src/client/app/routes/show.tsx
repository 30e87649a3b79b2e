import { AddToCalendarLink } from '#client/features/calendar/components/add-to-calendar-link.tsx';
import { FollowButtonForSession } from '#client/features/favorites/components/follow-button.tsx';
import { ShowSetlists } from '#client/features/setlists/components/show-setlists.tsx';
import { ShowDetailPage } from '#client/features/shows/components/show-detail-page.tsx';

/** /shows/{stopId}: the fan's show with 'Add to calendar', and the setlists and Follow of everyone on the bill. */
export const ShowRoute = () => (
  <ShowDetailPage CalendarLink={AddToCalendarLink} Setlists={ShowSetlists} Follow={FollowButtonForSession} />
);
