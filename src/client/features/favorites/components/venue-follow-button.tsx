import { useQuery } from '@tanstack/react-query';
import { BellPlus, BellRing } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { cx } from '#client/lib/class-names.ts';
import { signInPath } from '#client/lib/session/return-path.ts';
import type { Session } from '#client/lib/session/use-session.ts';
import { venueFollowStatusQueryOptions } from '../api/venue-follows-api.ts';
import { useToggleVenueFollow } from '../use-toggle-venue-follow.ts';

interface VenueFollowProps {
  session: Session['status'];
  venueSlug: string;
  venueName: string;
  className?: string;
}

const buttonClass =
  'inline-flex min-h-11 shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-full border px-5 text-sm font-semibold transition-colors hover:border-accent focus-visible:outline-2 disabled:cursor-wait disabled:opacity-70';
/** A followed venue's button is magenta, border and text; the others keep the plain border. */
const borderClass = (following: boolean) => (following ? 'border-magenta text-magenta' : 'border-border-strong');

/**
 * "Follow venue" ("tell me about every show here"): a toggle for a fan, a way to sign in (and come
 * back) for a visitor. The venue page gets it as its VenueFollowPart (app/routes).
 */
export const VenueFollowButton = ({ session, ...props }: VenueFollowProps) => {
  if (session === 'loading') return <VenueFollowPlaceholder className={props.className} />;
  return session === 'signed-in' ? <SignedInVenueFollow {...props} /> : <VisitorVenueFollow {...props} />;
};

/** The button's room while the session check (and a fan's follow status) is on its way: nothing moves when it arrives. */
const VenueFollowPlaceholder = ({ className }: { className?: string }) => (
  <span aria-hidden="true" className={cx(buttonClass, borderClass(false), 'invisible', className)}>
    <BellPlus className="size-4" />
    Follow venue
  </span>
);

const VisitorVenueFollow = ({ venueName, className }: Omit<VenueFollowProps, 'session'>) => {
  const location = useLocation();
  return (
    <Link
      to={signInPath(`${location.pathname}${location.search}`)}
      className={cx(buttonClass, borderClass(false), className)}
      aria-label={`Sign in to follow ${venueName}`}
    >
      <BellPlus className="size-4" aria-hidden="true" />
      Follow venue
    </Link>
  );
};

const SignedInVenueFollow = ({ venueSlug, venueName, className }: Omit<VenueFollowProps, 'session'>) => {
  const status = useQuery(venueFollowStatusQueryOptions(venueSlug));
  const toggle = useToggleVenueFollow();
  if (status.isPending) return <VenueFollowPlaceholder className={className} />;
  if (status.isError) return null;
  const following = status.data.following;
  const Icon = following ? BellRing : BellPlus;
  return (
    <button
      type="button"
      className={cx(buttonClass, borderClass(following), className)}
      aria-label={following ? `Unfollow ${venueName}` : `Follow ${venueName}`}
      aria-pressed={following}
      aria-busy={toggle.isPending}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ venueSlug, venueName, follow: !following })}
    >
      <Icon className="size-4" aria-hidden="true" />
      {following ? 'Following venue' : 'Follow venue'}
    </button>
  );
};
