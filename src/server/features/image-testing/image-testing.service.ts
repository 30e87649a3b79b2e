import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Database } from '#server/db/client.ts';
import { type AuditActor, recordAdminAction } from '#server/features/admin/audit.service.ts';
import { generateArtwork } from '#server/features/images/artwork.ts';
import { readStoredFile } from '#server/features/images/image-variants.ts';
import { artistImageJob } from '#server/features/images/images.jobs.ts';
import type { PhotoFinder } from '#server/features/images/wikidata-photo.ts';
import { processPhoto } from '#server/features/shows/show-photos.service.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import type { Queue } from '#server/lib/queue.ts';
import { FILES_URL_PREFIX, type Storage } from '#server/lib/storage.ts';
import {
  ARTIST_UPLOAD_MAX_BYTES,
  type ImageCandidateView,
  type ImageSource,
  type ImageTestingArtist,
  type ImageVariantView,
  imageTestingMessages,
  type SourceRunView,
} from '#shared/image-testing.ts';
import { ARTIST_IMAGE_WIDTHS } from '#shared/image-widths.ts';
import { type CurrentImageRow, deleteArtistImage, selectArtistImage, upsertArtistImage } from './image-testing.repo.ts';

export interface ImageTestingDeps {
  database: Database;
  storage: Storage;
  events: Pick<EventBus, 'publish'>;
  queue: Pick<Queue, 'send'>;
  findPhoto: PhotoFinder;
}

const TARGET = 'artist-image';
const ARTIST_IMAGES_PREFIX = 'artist-images/';
const WIKIMEDIA_PREFIX = 'https://upload.wikimedia.org/';

const storedKey = (url: string) =>
  url.startsWith(FILES_URL_PREFIX + ARTIST_IMAGES_PREFIX) ? url.slice(FILES_URL_PREFIX.length) : null;

async function artistOr404(database: Database, slug: string): Promise<CurrentImageRow> {
  const row = await selectArtistImage(database.db, slug);
  if (!row) throw notFound('Artist');
  return row;
}

/** Sizes of a stored image and of the narrower copies the cards ask for (made now when missing). */
async function describeImage(
  storage: Storage,
  source: ImageCandidateView['source'],
  imageUrl: string,
  attribution: string | null,
): Promise<ImageCandidateView> {
  const key = storedKey(imageUrl);
  if (!key) {
    // A Commons thumbnail: its width is in its name; the bytes are Wikimedia's to serve.
    const width = Number(/\/(\d+)px-[^/]+$/.exec(imageUrl)?.[1]) || null;
    return { source, imageUrl, attribution, width, height: null, bytes: null, format: null, variants: [] };
  }
  const original = await storage.get(key);
  if (!original)
    return { source, imageUrl, attribution, width: null, height: null, bytes: null, format: null, variants: [] };
  const meta = await sharp(original.body).metadata();
  const variants: ImageVariantView[] = [{ width: null, url: imageUrl, bytes: original.body.byteLength }];
  for (const width of ARTIST_IMAGE_WIDTHS) {
    const copy = await readStoredFile(storage, key, width);
    variants.push({ width, url: `${imageUrl}?w=${width}`, bytes: copy?.body.byteLength ?? null });
  }
  return {
    source,
    imageUrl,
    attribution,
    width: meta.width ?? null,
    height: meta.height ?? null,
    bytes: original.body.byteLength,
    format: meta.format ?? null,
    variants,
  };
}

export async function getArtistImage(deps: ImageTestingDeps, slug: string): Promise<ImageTestingArtist> {
  const row = await artistOr404(deps.database, slug);
  const current =
    row.image_url && row.created_at
      ? {
          ...(await describeImage(
            deps.storage,
            (row.source ?? 'generated') as ImageSource,
            row.image_url,
            row.attribution,
          )),
          createdAt: new Date(row.created_at).toISOString(),
        }
      : null;
  return { name: row.name, slug: row.slug, mbid: row.mbid, current };
}

async function storeImage(storage: Storage, bytes: Buffer): Promise<string> {
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const key = `${ARTIST_IMAGES_PREFIX}${digest}.webp`;
  await storage.put(key, bytes, 'image/webp');
  return storage.publicUrl(key);
}

/** Runs one image source for the artist now, without changing anything. */
export async function runImageSource(
  deps: ImageTestingDeps,
  slug: string,
  source: ImageSource,
): Promise<SourceRunView> {
  const row = await artistOr404(deps.database, slug);
  const started = performance.now();
  const done = (candidate: ImageCandidateView | null, message: string | null): SourceRunView => ({
    source,
    candidate,
    message,
    ms: Math.round(performance.now() - started),
  });
  if (source === 'generated') {
    const url = await storeImage(deps.storage, await generateArtwork(row.name));
    return done(await describeImage(deps.storage, 'generated', url, null), null);
  }
  if (!row.mbid) return done(null, imageTestingMessages.noMbid);
  const found = await deps.findPhoto({ name: row.name, mbid: row.mbid });
  if (!found.photo) return done(null, imageTestingMessages.noPhoto);
  return done(await describeImage(deps.storage, 'wikidata', found.photo.imageUrl, found.photo.attribution), null);
}

async function setImage(
  deps: ImageTestingDeps,
  actor: AuditActor,
  row: CurrentImageRow,
  image: { imageUrl: string; source: string; attribution: string | null },
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await upsertArtistImage(tx, { artistId: row.id, artistName: row.name, ...image });
    await recordAdminAction(tx, {
      actor,
      action: 'artist-image.replace',
      targetType: TARGET,
      targetId: row.id,
      targetLabel: row.name,
      before: row.image_url ? { imageUrl: row.image_url, source: row.source } : null,
      after: { imageUrl: image.imageUrl, source: image.source },
    });
  });
  // Open pages showing the artist swap their image (the public image event, through the database).
  await deps.events.publish({ type: 'artist-image-ready', artistSlug: row.slug, imageUrl: image.imageUrl });
}

/** Replaces the image with a candidate a source run produced (never an arbitrary URL). */
export async function replaceWithCandidate(
  deps: ImageTestingDeps,
  actor: AuditActor,
  slug: string,
  body: { source: ImageSource; imageUrl: string; attribution: string | null },
): Promise<ImageTestingArtist> {
  const row = await artistOr404(deps.database, slug);
  const key = storedKey(body.imageUrl);
  const ok =
    body.source === 'wikidata'
      ? body.imageUrl.startsWith(WIKIMEDIA_PREFIX)
      : key !== null && (await deps.storage.get(key)) !== null;
  if (!ok) throw new AppError('BAD_REQUEST', imageTestingMessages.unknownUrl);
  await setImage(deps, actor, row, body);
  return getArtistImage(deps, slug);
}

/** An uploaded picture: decoded and re-encoded (WebP, no metadata), under 10 MB. */
export async function replaceWithUpload(
  deps: ImageTestingDeps,
  actor: AuditActor,
  slug: string,
  file: File,
): Promise<ImageTestingArtist> {
  const row = await artistOr404(deps.database, slug);
  if (file.size > ARTIST_UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', imageTestingMessages.tooLarge);
  let processed: Awaited<ReturnType<typeof processPhoto>>;
  try {
    processed = await processPhoto(new Uint8Array(await file.arrayBuffer()));
  } catch {
    throw new AppError('BAD_REQUEST', imageTestingMessages.notAnImage);
  }
  const url = await storeImage(deps.storage, processed.body);
  await setImage(deps, actor, row, { imageUrl: url, source: 'upload', attribution: null });
  return getArtistImage(deps, slug);
}

/** Clears the image; the automatic one (Wikidata photo, else artwork) is made again by its job. */
export async function clearImage(deps: ImageTestingDeps, actor: AuditActor, slug: string): Promise<ImageTestingArtist> {
  const row = await artistOr404(deps.database, slug);
  await deps.database.db.transaction(async (tx) => {
    await deleteArtistImage(tx, row.id);
    await recordAdminAction(tx, {
      actor,
      action: 'artist-image.clear',
      targetType: TARGET,
      targetId: row.id,
      targetLabel: row.name,
      before: row.image_url ? { imageUrl: row.image_url, source: row.source } : null,
      after: null,
    });
  });
  // Open pages show the placeholder now, and the automatic image when its job publishes it.
  await deps.events.publish({ type: 'artist-image-cleared', artistSlug: row.slug });
  await deps.queue.send(artistImageJob, { artistId: row.id }, { singletonKey: row.id });
  return getArtistImage(deps, slug);
}
