// Decodes an image and encodes it again in its own format with sharp (decision 0033): the stored
// file holds the pixels only, without EXIF (place, device), comments, or bytes appended after the
// image (a polyglot). The orientation EXIF gave is applied to the pixels first.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import sharp from 'sharp';

/** Ours: a scanned page at 600 dpi is about 35 megapixels; larger is a decompression bomb. */
export const IMAGE_MAX_PIXELS = 40_000_000;

// One image at a time per process: decoding is CPU and memory heavy, and requests share the server.
sharp.concurrency(1);

export async function reencodeImage(bytes: Uint8Array, format: 'jpeg' | 'png' | 'webp'): Promise<Uint8Array> {
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate();
    const encoded =
      format === 'jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : format === 'png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 90 });
    return new Uint8Array(await encoded.toBuffer());
  } catch {
    throw new AppError('DOCUMENT_UNREADABLE');
  }
}
