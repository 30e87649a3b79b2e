import { z } from 'zod';
import { GENRE_PREVIEW_DEFAULT, GENRE_PREVIEW_MAX } from './genre-backfill.ts';

/** POST /api/admin/genre-backfill/preview */
export const genrePreviewBodySchema = z.object({
  limit: z.number().int().min(1).max(GENRE_PREVIEW_MAX).default(GENRE_PREVIEW_DEFAULT),
});

/** POST /api/admin/genre-backfill/apply — all proposals of a finished preview, or the selected artists. */
export const genreApplyBodySchema = z.object({
  previewJobId: z.uuid(),
  artistIds: z.array(z.uuid()).max(GENRE_PREVIEW_MAX).optional(),
});

export const adminJobParamSchema = z.object({ id: z.uuid() });
