// The PDF side of the security check (decisions 0033, 0040). A PDF is refused when it is wrapped in
// another format (bytes before its header or after its last end-of-file marker: a polyglot), when
// it is encrypted, when any of its objects names active content (scripts, launch or submit
// actions, automatic actions, embedded or rich-media files, XFA forms) or a way out of the file (a
// web address, another file), or when an action or link does anything but jump to one of its own
// pages. The objects are walked as @cantoo/pdf-lib parsed them (object streams included); the raw
// bytes are scanned for the same names as a second net, with `#xx` escapes decoded. What is stored
// is the library's own re-save.
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFStream } from '@cantoo/pdf-lib';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { checkPdfActions } from './check-pdf-actions.ts';

/** Names that mark active content or attached files. */
export const ACTIVE_CONTENT_NAMES = [
  'JS',
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'Sound',
  'Movie',
  // Additional actions: run by themselves when a page, field or the document is opened or closed.
  'AA',
] as const;
const ACTIVE = new Set<string>(ACTIVE_CONTENT_NAMES);

/** Names that only a way out of the file uses: a web address, another file, a URL file specification. */
const LEAVING = new Set<string>(['URI', 'GoToR', 'URL']);

const HEADER = new TextEncoder().encode('%PDF-');
const EOF_MARKER = '%%EOF';

function startsWithHeader(bytes: Uint8Array): boolean {
  return HEADER.every((byte, index) => bytes[index] === byte);
}

/** Only whitespace (and at most one line end's worth) may follow the last %%EOF. */
function endsCleanly(text: string): boolean {
  const end = text.lastIndexOf(EOF_MARKER);
  if (end < 0) return false;
  // PDF white-space characters only (NUL, tab, line feed, form feed, carriage return, space).
  return /^[\0\t\n\f\r ]*$/.test(text.slice(end + EOF_MARKER.length));
}

// A stream's data is not PDF syntax (image and font bytes, page drawing operators): a name read
// there is noise and would refuse honest scans by chance. Object streams, where objects can hide,
// are walked once parsed.
const STREAM_DATA = /\bstream\r?\n[\s\S]*?\bendstream\b/g;

/** `/J#61vaScript` is `/JavaScript`: PDF names may escape any byte. */
function rawNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.replace(STREAM_DATA, 'stream\nendstream').matchAll(/\/([^\s/<>[\]()%{}]+)/g)) {
    const name = (match[1] ?? '').replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    names.add(name);
  }
  return names;
}

/** Whether an object, or one it holds, carries one of the names. */
function carriesName(object: PDFObject, names: ReadonlySet<string>, seen: Set<PDFObject>): boolean {
  if (seen.has(object)) return false;
  seen.add(object);
  if (object instanceof PDFName) return names.has(object.decodeText());
  if (object instanceof PDFStream) return carriesName(object.dict, names, seen);
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      if (names.has(key.decodeText()) || carriesName(value, names, seen)) return true;
    }
    return false;
  }
  if (object instanceof PDFArray) return object.asArray().some((item) => carriesName(item, names, seen));
  return false;
}

async function parse(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
  } catch {
    throw new AppError('DOCUMENT_UNREADABLE');
  }
}

/**
 * The PDF to store, or an AppError: DOCUMENT_TYPE_NOT_ALLOWED, DOCUMENT_ENCRYPTED,
 * DOCUMENT_ACTIVE_CONTENT, DOCUMENT_EXTERNAL_LINK, DOCUMENT_UNREADABLE.
 */
export async function checkPdf(bytes: Uint8Array): Promise<Uint8Array> {
  // latin1 keeps one character per byte, so offsets and names read as written.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (!startsWithHeader(bytes) || !endsCleanly(text)) throw new AppError('DOCUMENT_TYPE_NOT_ALLOWED');
  const names = rawNames(text);
  if (names.has('Encrypt')) throw new AppError('DOCUMENT_ENCRYPTED');
  if ([...names].some((name) => ACTIVE.has(name))) throw new AppError('DOCUMENT_ACTIVE_CONTENT');
  if ([...names].some((name) => LEAVING.has(name))) throw new AppError('DOCUMENT_EXTERNAL_LINK');

  const document = await parse(bytes);
  if (document.isEncrypted) throw new AppError('DOCUMENT_ENCRYPTED');
  try {
    const objects = [
      document.context.trailerInfo.Root,
      document.context.trailerInfo.Info,
      ...document.context.enumerateIndirectObjects().map(([, object]) => object),
    ].filter((object): object is PDFObject => object !== undefined);
    const carries = (names: ReadonlySet<string>) => {
      const seen = new Set<PDFObject>();
      return objects.some((object) => carriesName(object, names, seen));
    };
    if (carries(ACTIVE)) throw new AppError('DOCUMENT_ACTIVE_CONTENT');
    if (carries(LEAVING)) throw new AppError('DOCUMENT_EXTERNAL_LINK');
    checkPdfActions(document);
    if (document.getPageCount() === 0) throw new AppError('DOCUMENT_UNREADABLE');
    return await document.save({ useObjectStreams: false, updateFieldAppearances: false });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('DOCUMENT_UNREADABLE');
  }
}
