import { FollowButtonForSession } from '#client/features/favorites/components/follow-button.tsx';
import { ShowStateButtons } from '#client/features/shows/components/show-state-buttons.tsx';
import { TripPage } from '#client/features/trips/components/trip-page.tsx';

/** /vacation/{tripId}: the fan's trip with their state buttons and Follow on every show. */
export const TripRoute = () => <TripPage StateButtons={ShowStateButtons} Follow={FollowButtonForSession} />;
