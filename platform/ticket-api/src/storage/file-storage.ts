// The storage port files go through (profile pictures now, documents later): put, get and delete
// by a key the server made up. Two adapters: the database, which every replica already shares (the
// default, decision 0011), and a local directory for one machine; an S3-compatible one can follow.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { storedFiles } from '../db/schema/stored-files.ts';

export type StoredFile = { bytes: Uint8Array; contentType: string };

export type FileStorage = {
  put(key: string, file: StoredFile): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
};

/** Keys are ours: letters, digits, dashes and dots, in folders; never a client's file name. */
const KEY_SHAPE = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export function isStorageKey(key: string): boolean {
  return KEY_SHAPE.test(key) && key.length <= 200;
}

function checkKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
}

/** A new key in `folder` with the extension of the content, 128 random bits. */
export function newStorageKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
}

export function createDatabaseFileStorage(options: { db: Database; clock: Clock }): FileStorage {
  const { db, clock } = options;
  return {
    async put(key, file) {
      checkKey(key);
      await db.insert(storedFiles).values({
        key,
        contentType: file.contentType,
        size: file.bytes.byteLength,
        content: file.bytes,
        createdAt: clock.now(),
      });
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const [row] = await db
        .select({ content: storedFiles.content, contentType: storedFiles.contentType })
        .from(storedFiles)
        .where(eq(storedFiles.key, key))
        .limit(1);
      return row ? { bytes: row.content, contentType: row.contentType } : null;
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}

/** Files under `rootDir`, the content type in a `.type` file beside each. */
export function createLocalFileStorage(rootDir: string): FileStorage {
  const pathOf = (key: string) => {
    checkKey(key);
    return join(rootDir, ...key.split('/'));
  };
  return {
    async put(key, file) {
      const path = pathOf(key);
      await mkdir(join(path, '..'), { recursive: true });
      // Written under a temporary name first, so a reader never sees half a file.
      await writeFile(`${path}.tmp`, file.bytes);
      await writeFile(`${path}.type`, file.contentType);
      await rename(`${path}.tmp`, path);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const path = pathOf(key);
      try {
        const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
        return { bytes: new Uint8Array(bytes), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.type`, { force: true });
    },
  };
}
