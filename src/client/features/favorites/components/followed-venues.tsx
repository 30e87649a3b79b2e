import { useQuery } from '@tanstack/react-query';
import { BellOff, Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { SectionLoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import { venueFollowMessages } from '#shared/favorites.ts';
import { followedVenuesQueryOptions } from '../api/venue-follows-api.ts';
import { announceVenue, useToggleVenueFollow } from '../use-toggle-venue-follow.ts';

/**
 * My Artists' second list: the venues the fan follows, each with Unfollow (and Undo in its toast).
 * A venue is followed from its page ("Follow venue").
 */
export const FollowedVenues = () => {
  const list = useQuery(followedVenuesQueryOptions());
  const toggle = useToggleVenueFollow({
    onChanged: (change, request) => {
      if (change.following) return announceVenue(change);
      showToast({
        title: venueFollowMessages.unfollowedTitle,
        description: venueFollowMessages.unfollowed(change.venueName),
        action: { label: 'Undo', onClick: () => toggle.mutate({ ...request, follow: true }) },
      });
    },
  });
  return (
    <section aria-labelledby="followed-venues" className="flex flex-col gap-3">
      <h2 id="followed-venues" className="font-display text-2xl font-bold">
        Venues you follow
      </h2>
      {list.isPending ? <Spinner label="Loading your venues..." className="py-8" /> : null}
      {list.isError ? (
        <SectionLoadError what="Your venues" message={list.error.message} onRetry={() => list.refetch()} />
      ) : null}
      {list.data && list.data.venues.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border-strong px-5 py-6 text-sm text-muted">
          No venues yet. Open a venue from any show and press Follow venue to hear about every show there.
        </p>
      ) : null}
      {list.data && list.data.venues.length > 0 ? (
        <ul aria-label="Followed venues" className="flex flex-col gap-2">
          {list.data.venues.map((venue) => {
            const busy = toggle.isPending && toggle.variables?.venueSlug === venue.venueSlug;
            return (
              <li
                key={venue.venueSlug}
                className="flex items-center gap-3 rounded-2xl border border-border bg-surface px-4 py-3"
              >
                <Building2 className="size-5 shrink-0 text-accent" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <Link
                    to={paths.venue(venue.venueSlug)}
                    className="font-semibold break-words underline-offset-4 hover:underline"
                  >
                    {venue.venueName}
                  </Link>
                  <p className="text-sm text-muted">{placeLabel(venue)}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-busy={busy}
                  aria-label={`Unfollow ${venue.venueName}`}
                  onClick={() =>
                    toggle.mutate({ venueSlug: venue.venueSlug, venueName: venue.venueName, follow: false })
                  }
                >
                  <BellOff aria-hidden="true" />
                  <span className="hidden sm:inline">Unfollow</span>
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
};
