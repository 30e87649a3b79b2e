import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '#client/components/ui/toaster.tsx';
import { favoriteMessages, type VenueFollowChange, venueFollowMessages } from '#shared/favorites.ts';
import { followVenue, unfollowVenue, venueFollowKeys } from './api/venue-follows-api.ts';

export interface VenueToggleRequest {
  venueSlug: string;
  venueName: string;
  follow: boolean;
}

/**
 * Follows or unfollows one venue. Success sets the button's cached state and marks the followed
 * venues list stale; `onChanged` replaces the standard toast (My Artists adds Undo to its own).
 */
export function useToggleVenueFollow(
  options: { onChanged?: (change: VenueFollowChange, request: VenueToggleRequest) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: VenueToggleRequest) =>
      request.follow ? followVenue(request.venueSlug) : unfollowVenue(request.venueSlug),
    onSuccess: async (change, request) => {
      queryClient.setQueryData(venueFollowKeys.status(change.venueSlug), change);
      if (options.onChanged) options.onChanged(change, request);
      else announceVenue(change);
      await queryClient.invalidateQueries({ queryKey: venueFollowKeys.list() });
    },
    onError: () => {
      showToast({
        id: 'venue-follows',
        title: favoriteMessages.errorTitle,
        description: venueFollowMessages.errorDescription,
        variant: 'destructive',
      });
    },
  });
}

export function announceVenue(change: VenueFollowChange): void {
  showToast(
    change.following
      ? { title: venueFollowMessages.followedTitle, description: venueFollowMessages.followed(change.venueName) }
      : { title: venueFollowMessages.unfollowedTitle, description: venueFollowMessages.unfollowed(change.venueName) },
  );
}
