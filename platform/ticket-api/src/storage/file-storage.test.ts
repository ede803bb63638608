import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../test-support/fake-clock.ts';
import { useTestDatabase } from '../test-support/test-database.ts';
import {
  createDatabaseFileStorage,
  createLocalFileStorage,
  type FileStorage,
  isStorageKey,
  newStorageKey,
} from './file-storage.ts';
import { imageTypeOf } from './image-content.ts';

const database = useTestDatabase();
let rootDir: string;
beforeAll(async () => {
  rootDir = await mkdtemp(join(tmpdir(), 'ticket-files-'));
});
afterAll(() => rm(rootDir, { recursive: true, force: true }));

const adapters: [string, () => FileStorage][] = [
  ['the database', () => createDatabaseFileStorage({ db: database.current.db, clock: createFakeClock() })],
  ['a local directory', () => createLocalFileStorage(rootDir)],
];

describe.each(adapters)('file storage in %s', (_name, storageOf) => {
  it('puts, gets and deletes a file by a key of ours', async () => {
    const storage = storageOf();
    const key = newStorageKey('pictures', 'png');
    expect(key).toMatch(/^pictures\/[0-9a-f]{32}\.png$/);
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await storage.put(key, { bytes, contentType: 'image/png' });
    expect(await storage.get(key)).toEqual({ bytes, contentType: 'image/png' });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // Deleting again is not an error.
    await storage.delete(key);
  });

  it('never reads or writes outside its keys', async () => {
    const storage = storageOf();
    for (const key of [
      '../secret.png',
      '/etc/passwd',
      'pictures/../../x.png',
      'Pictures/A.PNG',
      'no-extension',
    ]) {
      expect(isStorageKey(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await expect(
        storage.put(key, { bytes: new Uint8Array([1]), contentType: 'image/png' }),
      ).rejects.toThrow();
    }
  });
});

describe('the local directory', () => {
  it('writes the file whole, without leftovers', async () => {
    const storage = createLocalFileStorage(rootDir);
    const key = newStorageKey('whole', 'webp');
    await storage.put(key, { bytes: new Uint8Array(1000), contentType: 'image/webp' });
    const files = await readdir(join(rootDir, 'whole'));
    expect(files.sort()).toEqual([key.slice(6), `${key.slice(6)}.type`].sort());
  });
});

describe('imageTypeOf', () => {
  it('recognises PNG, JPEG and WebP by their bytes only', async () => {
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } });
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const bytes = new Uint8Array(await image.clone().toFormat(format).toBuffer());
      expect((await imageTypeOf(bytes))?.contentType).toBe(`image/${format}`);
      // Two bytes of its signature are not enough.
      expect(await imageTypeOf(bytes.slice(0, 2))).toBeNull();
    }
    for (const other of [
      'GIF89a',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '%PDF-1.7',
      'RIFF\0\0\0\0WAVE',
      '',
    ]) {
      expect(await imageTypeOf(new Uint8Array(Buffer.from(other)))).toBeNull();
    }
  });
});
