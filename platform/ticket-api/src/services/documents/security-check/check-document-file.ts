// The security check every uploaded document passes (DOC-01; decision 0033). What a file is, is
// read from its bytes, never from its name or the type the browser declares. Images are decoded
// and re-encoded, which drops their metadata and anything hidden after them; PDFs are parsed and
// refused when they carry active content or encryption, then stored as the parser writes them.
import { createHash } from 'node:crypto';
import { DOCUMENT_MAX_BYTES } from '@transit-shop/sdk/constants';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_TYPES, reencodeImage } from '../../../storage/image-content.ts';
import { checkPdf } from './check-pdf.ts';

export type CheckedDocumentFile = {
  /** What to store: the re-encoded image or the re-saved PDF. */
  bytes: Uint8Array;
  contentType: 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';
  extension: 'pdf' | 'jpg' | 'png' | 'webp';
  /** Hex SHA-256 of the bytes as received. */
  sha256: string;
};

const HEIF_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

/** Throws AppError with the DOCUMENT_* code of the first check the file fails. */
export async function checkDocumentFile(bytes: Uint8Array): Promise<CheckedDocumentFile> {
  if (bytes.byteLength === 0) throw new AppError('DOCUMENT_EMPTY');
  if (bytes.byteLength > DOCUMENT_MAX_BYTES) throw new AppError('DOCUMENT_TOO_LARGE');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { ...(await checkDocumentContent(bytes)), sha256 };
}

/**
 * The check of what a file is and holds, without the size limits: also what a stored file passes
 * again before staff open it (a file kept before the check grew stricter is not opened).
 */
export async function checkDocumentContent(bytes: Uint8Array): Promise<Omit<CheckedDocumentFile, 'sha256'>> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === 'application/pdf')
    return { bytes: await checkPdf(bytes), contentType: 'application/pdf', extension: 'pdf' };
  const image = type && IMAGE_TYPES[type.mime];
  if (image) {
    const reencoded = await reencodeImage(bytes, image);
    if (!reencoded) throw new AppError('DOCUMENT_UNREADABLE');
    return { bytes: reencoded, contentType: image.contentType, extension: image.extension };
  }
  if (type && HEIF_TYPES.has(type.mime)) throw new AppError('DOCUMENT_HEIC_NOT_SUPPORTED');
  throw new AppError('DOCUMENT_TYPE_NOT_ALLOWED');
}
