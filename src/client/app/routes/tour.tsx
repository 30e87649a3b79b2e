import { useParams } from 'react-router';
import { IconSprite } from '#client/components/ui/sprite-icon.tsx';
import { ArtistTour } from '#client/features/artists/components/artist-tour.tsx';
import { TOUR_STOP_ICONS } from '#client/features/artists/components/tour-stop-row.tsx';
import { FollowButtonForSession } from '#client/features/favorites/components/follow-button.tsx';
import { SHOW_STATE_ICONS, ShowStateButtons } from '#client/features/shows/components/show-state-buttons.tsx';

/** The icons the page's rows repeat, drawn once (sprite-icon.tsx). */
const PAGE_ICONS = [...TOUR_STOP_ICONS, ...SHOW_STATE_ICONS];

export const TourPage = () => {
  const { artistSlug = '' } = useParams();
  // A new key resets page state (the past-dates toggle) when moving between artists.
  return (
    <IconSprite icons={PAGE_ICONS}>
      <ArtistTour key={artistSlug} slug={artistSlug} StateButtons={ShowStateButtons} Follow={FollowButtonForSession} />
    </IconSprite>
  );
};
