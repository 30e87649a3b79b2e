import { Heart } from 'lucide-react';
import { cx } from '#client/lib/class-names.ts';
import type { Session } from '#client/lib/session/use-session.ts';
import { useFavoriteStatus } from '../use-favorite-status.ts';
import { askToSignIn, useToggleFavorite } from '../use-toggle-favorite.ts';

interface FavoriteHeartProps {
  artistSlug: string;
  /** Title-cased name, used in the toasts and the button's label. */
  artistName: string;
  className?: string;
}

// Solid rather than backdrop-blurred: with a blur, each heart on a page of cards is a layer of its own to composite.
const heartButton =
  'inline-flex size-11 items-center justify-center rounded-full border border-white/15 bg-background/80 shadow-lg transition-[transform,background-color,color] hover:bg-background/95 focus-visible:outline-2 disabled:cursor-wait disabled:opacity-70 motion-safe:active:scale-90';

/**
 * The favourite toggle (spec section 4), given the session state (a list asks for it once for all
 * its cards). Hidden until we know who is asking and, for a signed-in user, whether they follow the
 * artist; a visitor's tap asks them to sign in; taps are ignored while a change is on its way.
 * Other features' pages get it as their FavoriteHeartPart (app/routes).
 */
export const HeartForSession = ({ session, ...props }: FavoriteHeartProps & { session: Session['status'] }) => {
  if (session === 'loading') return null;
  // A visitor's heart is a plain button: a page of cards needs no per-card queries until someone signs in.
  return session === 'signed-in' ? <FollowerHeart {...props} /> : <VisitorHeart {...props} />;
};

const VisitorHeart = ({ artistName, className }: FavoriteHeartProps) => (
  <button
    type="button"
    className={cx(heartButton, 'text-foreground', className)}
    aria-label={`Add ${artistName} to favorites`}
    aria-pressed={false}
    onClick={askToSignIn}
  >
    <Heart className="size-5" aria-hidden="true" />
  </button>
);

const FollowerHeart = ({ artistSlug, artistName, className }: FavoriteHeartProps) => {
  const status = useFavoriteStatus(artistSlug);
  const toggle = useToggleFavorite();
  if (status.isPending) return null;

  const favorited = status.data === true;
  const busy = toggle.isPending;
  return (
    <button
      type="button"
      className={cx(heartButton, favorited ? 'text-magenta' : 'text-foreground', className)}
      aria-label={favorited ? `Remove ${artistName} from favorites` : `Add ${artistName} to favorites`}
      aria-pressed={favorited}
      aria-busy={busy}
      disabled={busy}
      onClick={() => toggle.mutate({ artistSlug, artistName, follow: !favorited })}
    >
      <Heart className={cx('size-5', favorited && 'fill-current')} aria-hidden="true" />
    </button>
  );
};
