import { useParams } from 'react-router';
import { ArtistTour } from '#client/features/artists/components/artist-tour.tsx';
import { FollowButtonForSession } from '#client/features/favorites/components/follow-button.tsx';
import { ShowStateButtons } from '#client/features/shows/components/show-state-buttons.tsx';

export const TourPage = () => {
  const { artistSlug = '' } = useParams();
  // A new key resets page state (the past-dates toggle) when moving between artists.
  return (
    <ArtistTour key={artistSlug} slug={artistSlug} StateButtons={ShowStateButtons} Follow={FollowButtonForSession} />
  );
};
