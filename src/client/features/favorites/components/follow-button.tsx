import { Heart } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { cx } from '#client/lib/class-names.ts';
import { signInPath } from '#client/lib/session/return-path.ts';
import type { Session } from '#client/lib/session/use-session.ts';
import { useFavoriteStatus } from '../use-favorite-status.ts';
import { useToggleFavorite } from '../use-toggle-favorite.ts';

interface FollowButtonProps {
  session: Session['status'];
  artistSlug: string;
  artistName: string;
  /** 'sm' for a row of a list (a suggestion, a show card). */
  size?: 'sm' | 'default';
  /** Where a visitor comes back to after signing in (default: this page). */
  returnTo?: string;
  /** The words while not following (default 'Follow'). */
  label?: string;
  className?: string;
}

/** A followed artist's button is magenta, border and text; the others keep the plain border. */
const followButton = (size: FollowButtonProps['size'], following = false) =>
  cx(
    'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-full border font-semibold transition-colors hover:border-accent focus-visible:outline-2 disabled:cursor-wait disabled:opacity-70',
    following ? 'border-magenta text-magenta' : 'border-border-strong',
    size === 'sm' ? 'h-9 px-3.5 text-sm' : 'min-h-11 px-5 text-sm',
  );

/**
 * The labelled Follow button: the same follow as the heart (its status batcher, toggle and toasts),
 * for the pages a fan lands on from search. A visitor's Follow goes to sign-in and comes back here.
 * Other features' pages get it as a FollowPart (app/routes).
 */
export const FollowButtonForSession = ({ session, ...props }: FollowButtonProps) => {
  if (session === 'loading')
    return <FollowPlaceholder size={props.size} label={props.label} className={props.className} />;
  if (session === 'signed-in') {
    const { returnTo: _returnTo, ...signedIn } = props;
    return <SignedInFollow {...signedIn} />;
  }
  return <VisitorFollow {...props} />;
};

/**
 * The button's room, kept while the session check (and a fan's follow status) is on its way: a page
 * rendered on the server shows it before its scripts run, and the button then takes its place
 * without moving what is beside and below it (CLS, issue 25 item 3).
 */
const FollowPlaceholder = ({
  size,
  label = 'Follow',
  className,
}: Pick<FollowButtonProps, 'size' | 'label' | 'className'>) => (
  <span aria-hidden="true" className={cx(followButton(size), 'invisible', className)}>
    <Heart className="size-4" />
    {label}
  </span>
);

/** The accessible name keeps the visible words first and names the artist. */
const followName = (label: string, artistName: string) =>
  label === 'Follow' ? `Follow ${artistName}` : `${label}: ${artistName}`;

const VisitorFollow = ({
  artistName,
  size,
  returnTo,
  label = 'Follow',
  className,
}: Omit<FollowButtonProps, 'session'>) => {
  const location = useLocation();
  return (
    <Link
      to={signInPath(returnTo ?? `${location.pathname}${location.search}`)}
      className={cx(followButton(size), className)}
      aria-label={label === 'Follow' ? `Sign in to follow ${artistName}` : `${label}: sign in to follow ${artistName}`}
    >
      <Heart className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
};

const SignedInFollow = ({
  artistSlug,
  artistName,
  size,
  label = 'Follow',
  className,
}: Omit<FollowButtonProps, 'session' | 'returnTo'>) => {
  const status = useFavoriteStatus(artistSlug);
  const toggle = useToggleFavorite();
  if (status.isPending) return <FollowPlaceholder size={size} label={label} className={className} />;
  const following = status.data === true;
  return (
    <button
      type="button"
      className={cx(followButton(size, following), className)}
      aria-label={following ? `Unfollow ${artistName}` : followName(label, artistName)}
      aria-pressed={following}
      aria-busy={toggle.isPending}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ artistSlug, artistName, follow: !following })}
    >
      <Heart className={cx('size-4', following && 'fill-current')} aria-hidden="true" />
      {following ? 'Following' : label}
    </button>
  );
};
