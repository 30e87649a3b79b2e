/** Request schemas of /api/music-services (zod: kept apart from music-services.ts for the page's bundle). */
import { z } from 'zod';
import { LISTENING_PERIODS, MUSIC_LIMITS, MUSIC_SOURCES } from './music-services.ts';

export const musicSourceSchema = z.enum(MUSIC_SOURCES);

/** POST /api/music-services/preview */
export const musicPreviewSchema = z.object({
  source: musicSourceSchema,
  username: z
    .string()
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
  source: musicSourceSchema,
  artistIds: z
    .array(z.uuid())
    .min(1, 'Pick at least one artist')
    .max(MUSIC_LIMITS.followMax, `At most ${MUSIC_LIMITS.followMax} artists at once`)
    .transform((ids) => [...new Set(ids)]),
});

/** DELETE /api/music-services/excludes/:artistId */
export const musicExcludeParamSchema = z.object({ artistId: z.uuid() });
