// Images and bytes for the upload tests (pictures and documents): a small image made by sharp, with
// a camera's EXIF (its make, where it was) when asked, and what a polyglot appends after it.
import sharp from 'sharp';

/** A 40 × 30 image in the format; with EXIF naming the camera 'SecretPhone' and a GPS position. */
export async function photo(format: 'jpeg' | 'png' | 'webp', exif = false): Promise<Uint8Array> {
  let image = sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } });
  if (exif)
    image = image.withExif({
      IFD0: { Make: 'SecretPhone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

export const encode = (text: string) => new TextEncoder().encode(text);

/** The parts one after the other. */
export const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** Whether the bytes hold the text, read one byte per character. */
export const contains = (bytes: Uint8Array, text: string) =>
  Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));

/** The start of a ZIP archive holding a script. */
export const ZIP = join(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), encode('payload.js'), new Uint8Array(40));
