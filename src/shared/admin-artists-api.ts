import { z } from 'zod';
import { ADMIN_GENRE_MAX_LENGTH, ADMIN_GENRES_MAX } from './admin-artists.ts';
import { CATALOG_NAME_MAX } from './catalog-import.ts';
import { storableString } from './text-schema.ts';

const mbid = storableString()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Enter a MusicBrainz ID (a UUID)');

/** PATCH /api/admin/artists/:slug */
export const editArtistBodySchema = z.object({
  name: storableString().trim().min(1, 'Enter a name').max(CATALOG_NAME_MAX),
  genres: z
    .array(storableString().trim().min(1).max(ADMIN_GENRE_MAX_LENGTH))
    .max(ADMIN_GENRES_MAX, `At most ${ADMIN_GENRES_MAX} genres`),
  /** Empty string or null clears it. */
  mbid: z.union([mbid, z.literal('').transform(() => null), z.null()]),
});
export type EditArtistBody = z.infer<typeof editArtistBodySchema>;

/** POST /api/admin/artists/:slug/merge — :slug goes into `into`. */
export const mergeArtistBodySchema = z.object({
  into: storableString().regex(/^[a-z0-9-]{1,120}$/, 'Invalid artist slug'),
});

/** Add from MusicBrainz (search and add) when MusicBrainz cannot be reached or answers errors: a 503. */
export const MUSICBRAINZ_UNAVAILABLE_MESSAGE =
  'MusicBrainz is not answering right now, so nothing was added. Try again in a few minutes.';
/** Add from MusicBrainz with an ID MusicBrainz does not know: a 404. */
export const MUSICBRAINZ_UNKNOWN_ARTIST_MESSAGE = 'MusicBrainz has no artist with this ID.';

/** POST /api/admin/artists — add from MusicBrainz. */
export const addArtistBodySchema = z.object({ mbid });

export const musicBrainzSearchQuerySchema = z.object({
  q: storableString().trim().min(2, 'Type at least 2 characters').max(100),
});

export const restorePointParamSchema = z.object({ id: z.uuid() });
