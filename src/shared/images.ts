import { z } from 'zod';
import { storableString } from './text-schema.ts';

/** POST /api/images/queue — the spec's queue-artist-image function: body {artistName}. */
export const queueArtistImageBodySchema = z.object({
  artistName: storableString().trim().min(1, 'Artist name is required').max(200, 'Artist name too long'),
});
export type QueueArtistImageBody = z.infer<typeof queueArtistImageBodySchema>;

/**
 * 'ready': the image exists (imageUrl set). 'queued': a job is finding or drawing one; its
 * 'artist-image-ready' event will follow on GET /api/events/public.
 */
export type QueueArtistImageResponse =
  | { status: 'ready'; artistSlug: string; imageUrl: string }
  | { status: 'queued'; artistSlug: string; imageUrl: null };
