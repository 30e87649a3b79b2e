/** Contracts of the /admin/artists curation tools (edit, merge, delete, undo, add from MusicBrainz). */

/** Merge and delete keep what they took away this long: the admin can undo until then. */
export const RESTORE_DAYS = 30;
export const ADMIN_GENRES_MAX = 20;
export const ADMIN_GENRE_MAX_LENGTH = 60;

export const adminArtistSorts = ['name', '-name', 'tours', '-tours', 'added', '-added'] as const;
export type AdminArtistSort = (typeof adminArtistSorts)[number];

export interface AdminArtistDetail {
  id: string;
  name: string;
  slug: string;
  mbid: string | null;
  genres: string[];
  impact: ArtistImpact;
}

/** What goes with an artist (a delete takes all of it; a merge moves it). */
export interface ArtistImpact {
  tours: number;
  stops: number;
  pendingStops: number;
  followers: number;
  fanShows: number;
  photos: number;
  /** setlist.fm copies and fans' own setlists of the artist's shows (their songs go with them). */
  setlists: number;
  hasImage: boolean;
}

export interface RestorePointView {
  id: string;
  kind: 'merge' | 'delete';
  artistName: string;
  survivorName: string | null;
  createdAt: string;
  expiresAt: string;
  restoredAt: string | null;
}

export interface MusicBrainzCandidateView {
  mbid: string;
  name: string;
  disambiguation: string | null;
  type: string | null;
  score: number;
  /** The catalog artist already carrying this MBID. */
  existingSlug: string | null;
}

export const adminArtistMessages = {
  mbidTaken: 'Another artist already has this MusicBrainz ID.',
  mergeSelf: 'Pick two different artists to merge.',
  restoreExpired: 'This undo has expired or was already used.',
  restoreSlugTaken: 'Another artist now uses this slug; rename it before undoing.',
} as const;

/** The sentence a delete confirmation shows: everything that goes with the artist. */
export function describeImpact(impact: ArtistImpact): string {
  const part = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const parts = [
    part(impact.tours, 'tour', 'tours'),
    part(impact.stops, 'tour stop', 'tour stops'),
    part(impact.pendingStops, 'submitted stop', 'submitted stops'),
    part(impact.followers, 'follower', 'followers'),
    part(impact.fanShows, "fan's show", "fans' shows"),
    part(impact.photos, 'show photo', 'show photos'),
    part(impact.setlists, 'setlist', 'setlists'),
  ];
  if (impact.hasImage) parts.push('the artist image');
  return parts.join(', ');
}
