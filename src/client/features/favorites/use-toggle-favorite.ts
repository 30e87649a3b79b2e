import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '#client/components/ui/toaster.tsx';
import { emitAppEvent } from '#client/lib/app-events.ts';
import type { ArtistProfile } from '#shared/artist-profile.ts';
import { type FavoriteChange, favoriteMessages } from '#shared/favorites.ts';
import { addFavorite, favoritesKeys, removeFavorite } from './api/favorites-api.ts';

export interface ToggleRequest {
  artistSlug: string;
  /** Title-cased name for the toast. */
  artistName: string;
  follow: boolean;
}

export interface ToggleOptions {
  /** Replaces the standard success toast (My Artists adds an Undo button to its own). */
  onChanged?: (change: FavoriteChange, request: ToggleRequest) => void;
}

/**
 * Follows or unfollows one artist, with the spec's toasts. Success updates the heart's cached state
 * and marks the lists that show favourites (My Artists, follower counts) stale.
 */
export function useToggleFavorite(options: ToggleOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ToggleRequest) =>
      request.follow ? addFavorite(request.artistSlug) : removeFavorite(request.artistSlug),
    onSuccess: async (change, request) => {
      queryClient.setQueryData(favoritesKeys.status(change.artistSlug), change.favorited);
      if (options.onChanged) options.onChanged(change, request);
      else announce(change, request.artistName);
      if (change.favorited)
        emitAppEvent('artist-followed', { artistSlug: change.artistSlug, artistName: request.artistName });
      // The heart's page shows the new follower count at once; the refetch below confirms it (the
      // server has browsers revalidate it, so the answer is never an old copy).
      queryClient.setQueryData<ArtistProfile>(['artist-profile', change.artistSlug], (profile) =>
        profile
          ? {
              ...profile,
              artist: {
                ...profile.artist,
                followerCount: Math.max(0, profile.artist.followerCount + (change.favorited ? 1 : -1)),
              },
            }
          : profile,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: favoritesKeys.list() }),
        queryClient.invalidateQueries({ queryKey: ['artist-profile', change.artistSlug] }),
      ]);
    },
    onError: () => {
      showToast({
        id: 'favorites',
        title: favoriteMessages.errorTitle,
        description: favoriteMessages.errorDescription,
        variant: 'destructive',
      });
    },
  });
}

/** Success toasts get their own ids: one that reused a just-dismissed toast's id would vanish with it. */
export function announce(change: FavoriteChange, artistName: string): void {
  showToast(
    change.favorited
      ? { title: favoriteMessages.addedTitle, description: favoriteMessages.added(artistName) }
      : { title: favoriteMessages.removedTitle, description: favoriteMessages.removed(artistName) },
  );
}

export function askToSignIn(): void {
  showToast({
    id: 'favorites',
    title: favoriteMessages.signInTitle,
    description: favoriteMessages.signInDescription,
    variant: 'destructive',
  });
}
