import { ArtistPage } from '#client/features/artist-profile/components/artist-page.tsx';
import { HeartForSession } from '#client/features/favorites/components/favorite-heart.tsx';
import { ShowStateButtons } from '#client/features/shows/components/show-state-buttons.tsx';

/** /artist/{artistSlug}: the artist profile with the favourite heart and the fan's state buttons. */
export const ArtistRoute = () => <ArtistPage Heart={HeartForSession} StateButtons={ShowStateButtons} />;
