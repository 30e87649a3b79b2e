import fs from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '#server/env.ts';
import type { Logger } from './logger.ts';
import { createS3Client, type S3Client } from './s3-client.ts';

export interface StoredFile {
  body: Uint8Array;
  contentType: string;
}

/**
 * Where files (artist images, later backups) live. Keys are relative paths such as
 * 'artist-images/3f1c….webp'; the public URL of a key is `/files/<key>`.
 */
export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; no error when there is none. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix` (a folder such as 'show-photos/'), a page at a time. */
  list(prefix: string): AsyncIterable<ListedFile>;
  publicUrl(key: string): string;
}

export interface ListedFile {
  key: string;
  lastModified: Date;
}

function assertSafePrefix(prefix: string): void {
  if (!prefix.endsWith('/') || !isSafeKey(prefix.slice(0, -1))) throw new Error(`Unsafe storage prefix: ${prefix}`);
}

async function* walkFiles(directory: string, keyPrefix: string): AsyncGenerator<ListedFile> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(directory, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      yield* walkFiles(full, `${keyPrefix}${entry.name}/`);
    } else if (entry.isFile()) {
      const stat = await fs.stat(full).catch(() => null);
      if (stat) yield { key: keyPrefix + entry.name, lastModified: stat.mtime };
    }
  }
}

/**
 * Keys under these prefixes are private (a fan's show photos, backup archives): /files never serves them; their
 * feature reads them for their owner only.
 */
export const PRIVATE_KEY_PREFIXES = ['show-photos/', 'backups/'] as const;

export function isPublicKey(key: string): boolean {
  return !PRIVATE_KEY_PREFIXES.some((prefix) => key.toLowerCase().startsWith(prefix));
}

export const FILES_URL_PREFIX = '/files/';

/** Stored files are named by their content, so they never change: caches may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.gz': 'application/gzip',
};

/** Rejects keys that could leave the storage root ('..', absolute paths, odd characters). */
export function isSafeKey(key: string): boolean {
  return key.length <= 300 && SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/** Files under a local directory (by default DATA_DIR/files). */
export function createLocalStorage(root: string): Storage {
  return {
    async put(key, body) {
      assertSafeKey(key);
      const target = path.join(root, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file, and two writers of the same key
      // (content-addressed, so the same bytes) cannot corrupt it.
      const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, target);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const body = await fs.readFile(path.join(root, key));
        return { body, contentType: contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await fs.rm(path.join(root, key), { force: true });
    },
    list(prefix) {
      assertSafePrefix(prefix);
      return walkFiles(path.join(root, prefix), prefix);
    },
    publicUrl: (key) => FILES_URL_PREFIX + key,
  };
}

/**
 * Files in an S3-compatible bucket, under the same keys. They are still served at /files/<key>
 * (read through this server), so the bucket may stay private.
 */
export function createS3Storage(client: S3Client): Storage {
  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.putObject(key, body, { contentType, cacheControl: IMMUTABLE_CACHE_CONTROL });
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      return client.getObject(key);
    },
    async delete(key) {
      assertSafeKey(key);
      await client.deleteObject(key);
    },
    list(prefix) {
      assertSafePrefix(prefix);
      return (async function* () {
        let continuationToken: string | null = null;
        do {
          const page = await client.listObjects(prefix, continuationToken);
          yield* page.objects;
          continuationToken = page.nextContinuationToken;
        } while (continuationToken);
      })();
    },
    publicUrl: (key) => FILES_URL_PREFIX + key,
  };
}

/** The bucket when S3_* is configured, else DATA_DIR/files. */
export function createStorage(env: Env, logger: Logger): Storage {
  if (env.s3) return createS3Storage(createS3Client(env.s3, { logger }));
  return createLocalStorage(path.join(env.dataDir, 'files'));
}
