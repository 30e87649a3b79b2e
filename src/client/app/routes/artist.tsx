import { IconSprite } from '#client/components/ui/sprite-icon.tsx';
import { ArtistPage } from '#client/features/artist-profile/components/artist-page.tsx';
import { HeartForSession } from '#client/features/favorites/components/favorite-heart.tsx';
import { SHOW_STATE_ICONS, ShowStateButtons } from '#client/features/shows/components/show-state-buttons.tsx';

/** The icons the page's rows repeat, drawn once (sprite-icon.tsx). */
const PAGE_ICONS = SHOW_STATE_ICONS;

/** /artist/{artistSlug}: the artist profile with the favourite heart and the fan's state buttons. */
export const ArtistRoute = () => (
  <IconSprite icons={PAGE_ICONS}>
    <ArtistPage Heart={HeartForSession} StateButtons={ShowStateButtons} />
  </IconSprite>
);
