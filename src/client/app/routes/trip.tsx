import { IconSprite } from '#client/components/ui/sprite-icon.tsx';
import { FollowButtonForSession } from '#client/features/favorites/components/follow-button.tsx';
import { SHOW_STATE_ICONS, ShowStateButtons } from '#client/features/shows/components/show-state-buttons.tsx';
import { TripPage } from '#client/features/trips/components/trip-page.tsx';

/** The icons the page's rows repeat, drawn once (sprite-icon.tsx). */
const PAGE_ICONS = SHOW_STATE_ICONS;

/** /vacation/{tripId}: the fan's trip with their state buttons and Follow on every show. */
export const TripRoute = () => (
  <IconSprite icons={PAGE_ICONS}>
    <TripPage StateButtons={ShowStateButtons} Follow={FollowButtonForSession} />
  </IconSprite>
);
