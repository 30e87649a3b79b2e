import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Database } from '#server/db/client.ts';
import type { Executor } from '#server/db/sql.ts';
import type { Actor } from '#server/lib/actor.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Storage, StoredFile } from '#server/lib/storage.ts';
import { PHOTO_MAX_SIDE, SHOW_DETAIL_MESSAGES, type ShowPhotoResponse } from '#shared/show-detail.ts';
import { SHOW_LIMITS } from '#shared/shows.ts';
import { PHOTO_QUOTA_MESSAGE, PHOTO_STORAGE_QUOTA_BYTES } from '#shared/write-limits.ts';
import { photoView, requireOwnShow } from './show-detail.service.ts';
import {
  deleteOwnPhoto,
  insertPhoto,
  lockUserShowAndCountPhotos,
  selectOwnPhoto,
  sumUserPhotoBytes,
} from './show-photos.repo.ts';

/** Formats a photo may arrive in (what sharp decodes; checked by decoding, never by the file name). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * Decoding bombs: a small file can declare a huge canvas. 100 megapixels is above any phone
 * camera's full resolution; sharp refuses larger inputs before decoding them.
 */
export const PHOTO_MAX_PIXELS = 100_000_000;

const notAnImage = () => new AppError('BAD_REQUEST', SHOW_DETAIL_MESSAGES.notAnImage);
const tooMany = () => new AppError('CONFLICT', SHOW_DETAIL_MESSAGES.tooManyPhotos);

export interface ProcessedPhoto {
  body: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes a photo: turned upright from its EXIF orientation, at most PHOTO_MAX_SIDE on its
 * longer side, as WebP. sharp writes no metadata unless asked, so EXIF (GPS location included),
 * XMP and IPTC are gone from what is stored.
 */
export async function processPhoto(input: Uint8Array): Promise<ProcessedPhoto> {
  let format: string | undefined;
  try {
    // The header only: no pixel is decoded here, so the size can be checked before anything else.
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    format = metadata.format;
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > PHOTO_MAX_PIXELS) {
      throw new AppError('PAYLOAD_TOO_LARGE', SHOW_DETAIL_MESSAGES.photoTooManyPixels);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAnImage();
  }
  if (!format || !PHOTO_FORMATS.has(format)) throw notAnImage();
  try {
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.height };
  } catch {
    throw notAnImage();
  }
}

/** The fan's photos together stay under PHOTO_STORAGE_QUOTA_BYTES, this one included. */
async function assertWithinPhotoQuota(db: Executor, userId: string, adding: number): Promise<void> {
  if ((await sumUserPhotoBytes(db, userId)) + adding > PHOTO_STORAGE_QUOTA_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_QUOTA_MESSAGE);
  }
}

/**
 * Adds a photo to a show the fan went to. Checked before any work (size, count), stored, then
 * recorded under a lock of the fan's show row so the per-show limit holds with parallel uploads;
 * a file stored for a refused upload is removed again.
 */
export async function addShowPhoto(
  deps: { database: Database; storage: Storage; log: Logger },
  actor: Actor,
  stopId: string,
  file: File,
): Promise<ShowPhotoResponse> {
  const mine = await requireOwnShow(deps.database, actor, stopId);
  if (mine.state !== 'attended') throw new AppError('CONFLICT', SHOW_DETAIL_MESSAGES.attendedOnly);
  if (file.size > SHOW_LIMITS.photoMaxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', SHOW_DETAIL_MESSAGES.photoTooLarge);
  if ((await lockUserShowAndCountPhotos(deps.database.db, mine.id)) >= SHOW_LIMITS.photosPerShow) throw tooMany();

  await assertWithinPhotoQuota(deps.database.db, actor.userId, 0);
  const photo = await processPhoto(new Uint8Array(await file.arrayBuffer()));
  const storageKey = `show-photos/${actor.userId}/${randomUUID()}.webp`;
  await deps.storage.put(storageKey, photo.body, 'image/webp');
  try {
    const row = await deps.database.db.transaction(async (tx) => {
      if ((await lockUserShowAndCountPhotos(tx, mine.id)) >= SHOW_LIMITS.photosPerShow) throw tooMany();
      await assertWithinPhotoQuota(tx, actor.userId, photo.body.byteLength);
      return insertPhoto(tx, {
        userShowId: mine.id,
        userId: actor.userId,
        storageKey,
        contentType: 'image/webp',
        width: photo.width,
        height: photo.height,
        bytes: photo.body.byteLength,
      });
    });
    return { photo: photoView(row) };
  } catch (error) {
    await removeStoredFile(deps, storageKey);
    throw error;
  }
}

const photoNotFound = () => new AppError('NOT_FOUND', SHOW_DETAIL_MESSAGES.photoNotFound);

/** The photo's bytes for its owner; anyone else gets NOT_FOUND, as for a photo that does not exist. */
export async function readShowPhoto(
  deps: { database: Database; storage: Storage },
  actor: Actor,
  photoId: string,
): Promise<StoredFile> {
  const row = await selectOwnPhoto(deps.database.db, photoId, actor.userId);
  if (!row) throw photoNotFound();
  const file = await deps.storage.get(row.storageKey);
  if (!file) throw photoNotFound();
  return { body: file.body, contentType: row.contentType };
}

/** Deletes the fan's own photo: the row at once, then the file (a failure there is logged, not shown). */
export async function deleteShowPhoto(
  deps: { database: Database; storage: Storage; log: Logger },
  actor: Actor,
  photoId: string,
): Promise<void> {
  const storageKey = await deleteOwnPhoto(deps.database.db, photoId, actor.userId);
  if (!storageKey) throw photoNotFound();
  await removeStoredFile(deps, storageKey);
}

async function removeStoredFile(deps: { storage: Storage; log: Logger }, key: string): Promise<void> {
  try {
    await deps.storage.delete(key);
  } catch (error) {
    deps.log.warn({ err: error, key }, 'a show photo file could not be removed');
  }
}
