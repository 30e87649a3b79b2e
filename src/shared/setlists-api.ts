import { z } from 'zod';
import {
  HISTORY_IMPORT_LIMITS,
  HISTORY_IMPORT_MESSAGES,
  SETLIST_LIMITS,
  SETLIST_MESSAGES,
  SETLIST_SONG_KINDS,
} from './setlists.ts';
import { storableString } from './text-schema.ts';

/** Request schemas of /api/setlists and /api/history-import (server and the forms that need them). */

const optionalText = (max: number, message: string) =>
  storableString()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

export const setlistSongInputSchema = z.object({
  name: storableString({ error: SETLIST_MESSAGES.songNameRequired })
    .trim()
    .min(1, SETLIST_MESSAGES.songNameRequired)
    .max(SETLIST_LIMITS.songNameMax, SETLIST_MESSAGES.songNameTooLong),
  setIndex: z.number().int().min(0).max(SETLIST_LIMITS.maxEncores, SETLIST_MESSAGES.tooManyEncores),
  kind: z.enum(SETLIST_SONG_KINDS).default('song'),
  coverArtistName: optionalText(SETLIST_LIMITS.coverArtistMax, SETLIST_MESSAGES.coverArtistTooLong),
  note: optionalText(SETLIST_LIMITS.noteMax, SETLIST_MESSAGES.noteTooLong),
});
export type SetlistSongInput = z.infer<typeof setlistSongInputSchema>;

/** PUT /api/setlists/stops/:stopId/mine — the whole setlist, in order. */
export const ownSetlistSchema = z
  .object({
    songs: z.array(setlistSongInputSchema).max(SETLIST_LIMITS.maxSongs, SETLIST_MESSAGES.tooManySongs),
    info: optionalText(SETLIST_LIMITS.infoMax, `A note can be at most ${SETLIST_LIMITS.infoMax} characters.`),
  })
  .superRefine((value, ctx) => {
    // Sets follow each other: 0, then 1, 2… never going back or skipping one.
    let current = 0;
    value.songs.forEach((song, index) => {
      const first = index === 0 && song.setIndex !== 0;
      if (first || song.setIndex < current || song.setIndex > current + 1) {
        ctx.addIssue({ code: 'custom', path: ['songs', index, 'setIndex'], message: SETLIST_MESSAGES.setsOutOfOrder });
      }
      current = Math.max(current, song.setIndex);
    });
  });
export type OwnSetlistInput = z.infer<typeof ownSetlistSchema>;

const uuidParam = z.uuid('expected an id');
export const stopIdParamSchema = z.object({ stopId: uuidParam });
export const artistIdParamSchema = z.object({ artistId: uuidParam });
export const artistSlugParamSchema = z.object({ slug: storableString().min(1).max(200) });

export const songSuggestQuerySchema = z.object({
  q: storableString().trim().max(SETLIST_LIMITS.songNameMax).default(''),
});

// ---------------------------------------------------------------------------------------------
// History import

const column = storableString().trim().max(200).optional();
const fileName = storableString().trim().max(200).default('history.csv');

/** POST /api/history-imports/csv?date=…&artist=…&venue=…&city=…&country=…&name=… — the file is the body. */
export const csvImportQuerySchema = z
  .object({ date: column, artist: column, venue: column, city: column, country: column, name: fileName })
  .refine((mapping) => Boolean(mapping.date && mapping.artist), { message: HISTORY_IMPORT_MESSAGES.mappingRequired });

/** POST /api/history-imports/app?name=… — this app's export (JSON) is the body. */
export const appImportQuerySchema = z.object({ name: fileName });

export const setlistfmImportSchema = z.object({
  username: storableString()
    .trim()
    .min(1, 'Enter a setlist.fm user name.')
    .max(HISTORY_IMPORT_LIMITS.usernameMax, 'That user name is too long.')
    .regex(/^[\w.-]+$/, 'A setlist.fm user name has letters, digits, dots, dashes and underscores only.'),
});

export const importIdParamSchema = z.object({ importId: uuidParam });

export const previewRowsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  outcome: z.enum(['matched', 'create', 'duplicate', 'unparseable']).optional(),
});
