// Images people upload (profile pictures, photos of documents): what they are, read from their bytes
// with file-type, never from the name or the type the browser declares; and their pixels alone,
// decoded and encoded again with sharp, without EXIF (place, device), comments, or bytes appended
// after the image (a polyglot). Decisions 0033 and 0040.
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

export type ImageType = {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  extension: 'png' | 'jpg' | 'webp';
  format: 'png' | 'jpeg' | 'webp';
};

/** The images kept, by the type file-type reads. */
export const IMAGE_TYPES: Readonly<Record<string, ImageType>> = {
  'image/png': { contentType: 'image/png', extension: 'png', format: 'png' },
  'image/jpeg': { contentType: 'image/jpeg', extension: 'jpg', format: 'jpeg' },
  'image/webp': { contentType: 'image/webp', extension: 'webp', format: 'webp' },
};

/** PNG, JPEG or WebP by their bytes; null for anything else. */
export async function imageTypeOf(bytes: Uint8Array): Promise<ImageType | null> {
  const type = await fileTypeFromBuffer(bytes);
  return (type && IMAGE_TYPES[type.mime]) ?? null;
}

/** Ours: a scanned page at 600 dpi is about 35 megapixels; larger is a decompression bomb. */
export const IMAGE_MAX_PIXELS = 40_000_000;

// One image at a time per process: decoding is CPU and memory heavy, and requests share the server.
sharp.concurrency(1);

/**
 * The image decoded and encoded again in its own format, the orientation EXIF gave applied to the
 * pixels first; null when it cannot be decoded whole or has more than IMAGE_MAX_PIXELS.
 */
export async function reencodeImage(bytes: Uint8Array, type: ImageType): Promise<Uint8Array | null> {
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate();
    const encoded =
      type.format === 'jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : type.format === 'png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 90 });
    return new Uint8Array(await encoded.toBuffer());
  } catch {
    return null;
  }
}
