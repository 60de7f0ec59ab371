/**
 * Where uploaded media files live (issue 26: "stored behind a storage interface with a
 * local-disk default; an S3-compatible driver can come later"). Keys are relative paths such as
 * `product/400x400/cykel_3f9a1c2b.webp`: one folder level per part, each part a safe file name.
 * The local-disk driver keeps them under MEDIA_STORAGE_DIR; every instance must see the same
 * folder (a shared volume) until another driver exists.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** A stored file: its bytes and media type. */
export interface MediaFile {
  body: Buffer;
  contentType: string;
}

/** The storage interface (local disk today; S3-compatible later). */
export interface MediaStorage {
  /** Stores `file` under `key`, replacing what was there. */
  put(key: string, file: MediaFile): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<MediaFile | null>;
  /** Deletes the file under `key` (nothing when there is none). */
  delete(key: string): Promise<void>;
}

/** One key part: letters, digits, `.`, `_`, `-`, not starting with a dot. */
const KEY_PART = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/**
 * True when `key` is a storage key: 1–4 `/`-separated parts of {@link KEY_PART} (no `..`, no
 * absolute path), so a key can never leave the storage folder.
 */
export function isMediaKey(key: string): boolean {
  const parts = key.split('/');
  return parts.length >= 1 && parts.length <= 4 && parts.every((p) => KEY_PART.test(p));
}

/** Media types by file extension of the stored files. */
const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
};

/**
 * The local-disk driver: a file per key under `root`; the media type comes from the extension
 * (files are written to a temporary name and renamed, so a reader never sees half a file).
 */
export function localDiskStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!isMediaKey(key)) throw new RangeError(`not a media key: ${key}`);
    return join(base, key);
  };
  return {
    async put(key, file) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, file.body);
      await rename(temporary, path);
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
      const contentType = TYPES[extension];
      if (!contentType) return null;
      try {
        return { body: await readFile(pathOf(key)), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** The shop's media storage as configured (MEDIA_STORAGE_DIR). */
export function mediaStorageOf(config: { mediaStorageDir: string }): MediaStorage {
  return localDiskStorage(config.mediaStorageDir);
}
