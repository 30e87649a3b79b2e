import fs from 'node:fs/promises';
import path from 'node:path';

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
  publicUrl(key: string): string;
}

export const FILES_URL_PREFIX = '/files/';

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
    publicUrl: (key) => FILES_URL_PREFIX + key,
  };
}
