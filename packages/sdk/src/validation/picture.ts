// Profile picture rule (ACC-04): a file, not larger than the limit. Its type is checked by content
// on the server, since a browser's declared type is only a guess from the file name.
import { z } from 'zod';
import { PICTURE_MAX_BYTES } from '../constants.ts';
import { VALIDATION_MESSAGES } from './messages.ts';

/** A File, or any Blob (a File outside browsers may be a bare Blob). */
export function isPictureFile(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

export const pictureFileSchema = z
  .custom<Blob>(isPictureFile, { error: VALIDATION_MESSAGES.pictureFile })
  .refine((file) => file.size <= PICTURE_MAX_BYTES, { error: VALIDATION_MESSAGES.pictureTooLarge });
