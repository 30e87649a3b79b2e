/** Request schemas of /api/music-services (zod: kept apart from music-services.ts for the page's bundle). */
import { z } from 'zod';
import { LISTENING_PERIODS, MUSIC_LIMITS, MUSIC_SOURCES } from './music-services.ts';
import { storableString } from './text-schema.ts';

export const musicSourceSchema = z.enum(MUSIC_SOURCES);
/** The sources a follow may carry: the username services and Spotify. */
export const importSourceSchema = z.enum([...MUSIC_SOURCES, 'spotify']);

/** POST /api/music-services/preview */
export const musicPreviewSchema = z.object({
  source: musicSourceSchema,
  username: storableString()
    .trim()
    .min(1, 'Enter a username')
    .max(MUSIC_LIMITS.usernameMax, `A username has at most ${MUSIC_LIMITS.usernameMax} characters`)
    // Both services allow letters, digits, - and _ (Last.fm also . ); nothing that could bend a URL.
    .regex(/^[\w.-]+$/, 'A username has only letters, digits, dots, dashes and underscores'),
  period: z.enum(LISTENING_PERIODS).default('year'),
  limit: z.coerce.number().int().min(1).max(MUSIC_LIMITS.previewMax).default(MUSIC_LIMITS.previewDefault),
});

/** POST /api/music-services/follow */
export const musicFollowSchema = z.object({
  source: importSourceSchema,
  artistIds: z
    .array(z.uuid())
    .min(1, 'Pick at least one artist')
    .max(MUSIC_LIMITS.followMax, `At most ${MUSIC_LIMITS.followMax} artists at once`)
    .transform((ids) => [...new Set(ids)]),
});

/** DELETE /api/music-services/excludes/:artistId */
export const musicExcludeParamSchema = z.object({ artistId: z.uuid() });

// Keeping services in sync (music-services-sync.ts).
const syncModeSchema = z.enum(['propose', 'auto']);

/** POST /api/music-services/spotify/preview */
export const spotifyPreviewSchema = z.object({
  period: z.enum(['month', 'half-year', 'year']).default('half-year'),
});

/** POST /api/music-services/connections: keep a Last.fm / ListenBrainz username in sync. */
export const musicConnectionCreateSchema = z.object({
  source: musicSourceSchema,
  username: musicPreviewSchema.shape.username,
  period: z.enum(LISTENING_PERIODS).default('half-year'),
  mode: syncModeSchema.default('propose'),
});

/** PATCH /api/music-services/connections/:id */
export const musicConnectionUpdateSchema = z
  .object({ mode: syncModeSchema.optional(), period: z.enum(LISTENING_PERIODS).optional() })
  .refine((value) => value.mode !== undefined || value.period !== undefined, 'Change the mode or the period');

export const musicConnectionParamSchema = z.object({ id: z.uuid() });

/** POST /api/music-services/proposals/accept and /dismiss */
export const musicProposalsSchema = z.object({
  artistIds: z
    .array(z.uuid())
    .min(1, 'Pick at least one artist')
    .max(MUSIC_LIMITS.followMax)
    .transform((ids) => [...new Set(ids)]),
});

/** GET /api/spotify/callback: Spotify's redirect (either code or error, with our state). Lenient: judged by the service. */
export const spotifyCallbackSchema = z.object({
  code: storableString().max(2048).optional(),
  state: storableString().max(256).optional(),
  error: storableString().max(256).optional(),
});
