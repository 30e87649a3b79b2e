import { IconSprite } from '#client/components/ui/sprite-icon.tsx';
import { VenueFollowButton } from '#client/features/favorites/components/venue-follow-button.tsx';
import { VenueGuideParts } from '#client/features/guides/components/venue-guide-parts.tsx';
import { SHOW_STATE_ICONS, ShowStateButtons } from '#client/features/shows/components/show-state-buttons.tsx';
import { VenuePage } from '#client/features/venues/components/venue-page.tsx';

/** The icons the page's rows repeat, drawn once (sprite-icon.tsx). */
const PAGE_ICONS = SHOW_STATE_ICONS;

/** /venue/{slug}: the venue with Follow venue, the fan's state buttons on its shows and its share of the local guide. */
export const VenueRoute = () => (
  <IconSprite icons={PAGE_ICONS}>
    <VenuePage StateButtons={ShowStateButtons} FollowVenue={VenueFollowButton} AreaGuide={VenueGuideParts} />
  </IconSprite>
);
