import { VenueFollowButton } from '#client/features/favorites/components/venue-follow-button.tsx';
import { VenueGuideParts } from '#client/features/guides/components/venue-guide-parts.tsx';
import { ShowStateButtons } from '#client/features/shows/components/show-state-buttons.tsx';
import { VenuePage } from '#client/features/venues/components/venue-page.tsx';

/** /venue/{slug}: the venue with Follow venue, the fan's state buttons on its shows and its share of the local guide. */
export const VenueRoute = () => (
  <VenuePage StateButtons={ShowStateButtons} FollowVenue={VenueFollowButton} AreaGuide={VenueGuideParts} />
);
