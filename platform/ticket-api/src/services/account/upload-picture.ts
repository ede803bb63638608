// Media/uploadMedia.json: the profile picture (ACC-04). A file only, at most PICTURE_MAX_BYTES, and
// a PNG, JPEG or WebP by its bytes whatever it claims to be, decoded and encoded again as document
// images are (decision 0040: no metadata, nothing appended, a polyglot becomes a plain image); what
// is stored, under a name of ours, is the re-encoded image, the previous picture deleted.
import { PICTURE_MAX_BYTES } from '@transit-shop/sdk/constants';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { isPictureFile } from '@transit-shop/sdk/validation/picture';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import type { Logger } from '../../logger.ts';
import { type FileStorage, newStorageKey } from '../../storage/file-storage.ts';
import { imageTypeOf, reencodeImage } from '../../storage/image-content.ts';
import { assertAccountOpen } from './auth-user.ts';
import { PICTURE_FOLDER } from './picture-url.ts';

export async function uploadPicture(options: {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  logger: Logger;
  user: UserRow;
  file: unknown;
}): Promise<UserRow> {
  const { db, storage, user, file } = options;
  assertAccountOpen(user);
  if (user.status === 'GUEST') throw new AppError('GUEST_NOT_ALLOWED');
  if (!isPictureFile(file)) throw new AppError('PICTURE_NOT_FILE');
  if (file.size > PICTURE_MAX_BYTES) throw new AppError('PICTURE_TOO_LARGE');
  const received = new Uint8Array(await file.arrayBuffer());
  const type = await imageTypeOf(received);
  if (!type) throw new AppError('PICTURE_TYPE');
  const bytes = await reencodeImage(received, type);
  if (!bytes) throw new AppError('PICTURE_UNREADABLE');

  const key = newStorageKey(PICTURE_FOLDER, type.extension);
  await storage.put(key, { bytes, contentType: type.contentType });
  const [updated] = await db
    .update(users)
    .set({ picturePath: key, updatedAt: options.clock.now() })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) {
    await storage.delete(key);
    throw new AppError('USER_NOT_FOUND');
  }
  if (user.picturePath) {
    await storage.delete(user.picturePath).catch((error: unknown) => {
      options.logger.error({ err: error, key: user.picturePath }, 'the previous picture was not deleted');
    });
  }
  return updated;
}
