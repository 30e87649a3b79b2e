import sharp from 'sharp';
import { z } from 'zod';
import type { Storage, StoredFile } from '#server/lib/storage.ts';
import { ARTIST_IMAGE_WIDTHS } from '#shared/image-widths.ts';

/** `?w=` on /files/*: one of the widths the cards ask for (a fixed list keeps storage bounded). */
export const fileVariantQuerySchema = z.object({
  w: z.coerce
    .number()
    .refine((width) => (ARTIST_IMAGE_WIDTHS as readonly number[]).includes(width), {
      message: `w must be one of ${ARTIST_IMAGE_WIDTHS.join(', ')}`,
    })
    .optional(),
});

/** Stored pictures that have narrower copies: the artist images (artwork and uploads). */
const RESIZABLE_KEY = /^artist-images\/[^/]+\.(webp|png|jpe?g)$/i;

/** 'artist-images/ab12.webp' at 240 → 'artist-images/ab12.w240.webp' (always WebP). */
export function variantKey(key: string, width: number): string {
  return key.replace(/\.[a-z]+$/i, `.w${width}.webp`);
}

/**
 * A stored file, or its copy `width` pixels wide (made on first request, then kept beside the
 * original). The original's name is made from its content, so the copy never goes stale either.
 * A picture narrower than `width` is served as it is.
 */
export async function readStoredFile(storage: Storage, key: string, width?: number): Promise<StoredFile | null> {
  if (width === undefined || !RESIZABLE_KEY.test(key)) return storage.get(key);
  const resizedKey = variantKey(key, width);
  const stored = await storage.get(resizedKey);
  if (stored) return stored;
  const original = await storage.get(key);
  if (!original) return null;
  const body = await sharp(original.body).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  await storage.put(resizedKey, body, 'image/webp');
  return { body, contentType: 'image/webp' };
}
