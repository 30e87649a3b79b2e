import { useParams } from 'react-router';
import { ArtistTour } from '#client/features/artists/components/artist-tour.tsx';

export const TourPage = () => {
  const { artistSlug = '' } = useParams();
  // A new key resets page state (the past-dates toggle) when moving between artists.
  return <ArtistTour key={artistSlug} slug={artistSlug} />;
};
