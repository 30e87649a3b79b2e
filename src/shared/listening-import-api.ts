/** Request schemas of the listening imports (zod: kept apart from listening-import.ts for the pages' bundles). */
import { z } from 'zod';
import { LISTENING_IMPORT_LIMITS, LISTENING_IMPORT_MESSAGES, spotifyPlaylistId } from './listening-import.ts';
import { storableString } from './text-schema.ts';

export const listeningImportParamSchema = z.object({ id: z.uuid() });

/** PUT …/:id/files?name=StreamingHistory_music_0.json (the body is the file itself). */
export const listeningFileQuerySchema = z.object({
  name: storableString()
    .trim()
    .min(1, 'Name the file')
    .max(LISTENING_IMPORT_LIMITS.fileNameMax)
    // A plain file name: shown back to the fan, never used as a path.
    .regex(/^[^/\\]+$/, 'A file name without folders')
    .refine((name) => ![...name].some((char) => char.charCodeAt(0) < 32), 'A file name without control characters'),
});

export const listeningPageQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(LISTENING_IMPORT_LIMITS.pageMax).default(100),
});

/** POST …/:id/follow (fans) and …/:id/run (admins): all, the top N by plays, or chosen rows. */
export const listeningPickSchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ top: z.number().int().min(1).max(LISTENING_IMPORT_LIMITS.pickMax) }),
  z.object({
    keys: z
      .array(storableString().min(1).max(320))
      .min(1, 'Pick at least one artist')
      .max(LISTENING_IMPORT_LIMITS.pickMax, `At most ${LISTENING_IMPORT_LIMITS.pickMax} artists at once`),
  }),
]);

/** POST /api/admin/spotify-import/list */
export const artistListSchema = z.object({
  text: storableString()
    .max(LISTENING_IMPORT_LIMITS.listCharsMax, 'The list is too long')
    .refine((text) => text.trim().length > 0, 'Enter at least one artist'),
});

/** POST /api/admin/spotify-import/playlist: a playlist link or URI (its id is what is kept). */
export const playlistImportSchema = z.object({
  link: storableString()
    .max(500, LISTENING_IMPORT_MESSAGES.notAPlaylist)
    .refine((text) => spotifyPlaylistId(text) !== null, LISTENING_IMPORT_MESSAGES.notAPlaylist),
});
