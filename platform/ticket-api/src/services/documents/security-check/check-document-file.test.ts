import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { DOCUMENT_MAX_BYTES } from '@transit-shop/sdk/constants';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkDocumentFile } from './check-document-file.ts';
import { displayFileName } from './display-file-name.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
};
const contains = (bytes: Uint8Array, text: string) =>
  Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));

async function image(format: 'jpeg' | 'png' | 'webp', exif = false): Promise<Uint8Array> {
  let pipeline = sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } });
  if (exif)
    pipeline = pipeline.withExif({
      IFD0: { Make: 'SecretPhone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    });
  return new Uint8Array(await pipeline.toFormat(format).toBuffer());
}

async function pdf(build?: (document: PDFDocument) => void | Promise<void>): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('Student card', { x: 20, y: 100 });
  await build?.(document);
  return document.save({ useObjectStreams: false });
}

const ZIP = join(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), encode('payload.js'), new Uint8Array(40));

async function codeOf(bytes: Uint8Array): Promise<string> {
  try {
    await checkDocumentFile(bytes);
    return 'ACCEPTED';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe('the security check of uploaded documents (decision 0033)', () => {
  it('DOC-01 accepts PDF, JPEG, PNG and WebP by their content and stores them re-encoded', async () => {
    for (const [bytes, contentType] of [
      [await image('jpeg'), 'image/jpeg'],
      [await image('png'), 'image/png'],
      [await image('webp'), 'image/webp'],
      [await pdf(), 'application/pdf'],
    ] as const) {
      const checked = await checkDocumentFile(bytes);
      expect(checked.contentType).toBe(contentType);
      expect(checked.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(checked.bytes.byteLength).toBeGreaterThan(0);
    }
  });

  it('DOC-01 drops EXIF metadata and a payload hidden after an image (a JPEG and ZIP polyglot)', async () => {
    const withExif = await image('jpeg', true);
    expect(contains(withExif, 'SecretPhone')).toBe(true);
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const polyglot = join(withExif, ZIP);
    const checked = await checkDocumentFile(polyglot);
    expect(checked.contentType).toBe('image/jpeg');
    expect(contains(checked.bytes, 'SecretPhone')).toBe(false);
    expect(contains(checked.bytes, 'payload.js')).toBe(false);
    const { width, height, exif } = await sharp(checked.bytes).metadata();
    expect([width, height]).toEqual([40, 30]);
    expect(exif).toBeUndefined();

    const png = await checkDocumentFile(join(await image('png'), encode('<script>alert(1)</script>')));
    expect(contains(png.bytes, '<script>')).toBe(false);
  });

  it('DOC-01 refuses a PDF wrapped in another format or followed by another file', async () => {
    const clean = await pdf();
    expect(await codeOf(join(encode('<html><body>'), clean))).toBe('DOCUMENT_TYPE_NOT_ALLOWED');
    expect(await codeOf(join(ZIP, clean))).toBe('DOCUMENT_TYPE_NOT_ALLOWED');
    expect(await codeOf(join(clean, ZIP))).toBe('DOCUMENT_TYPE_NOT_ALLOWED');
    expect(await codeOf(join(clean, encode('\n')))).toBe('ACCEPTED');
    expect(await codeOf(join(clean, new Uint8Array([0xa0])))).toBe('DOCUMENT_TYPE_NOT_ALLOWED');
  });

  it('DOC-01 refuses a PDF that carries JavaScript, a launch action or an embedded file', async () => {
    const script = await pdf((document) => {
      const action = document.context.obj({
        Type: 'Action',
        S: 'JavaScript',
        JS: PDFString.of('app.alert(1)'),
      });
      document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
    });
    expect(await codeOf(script)).toBe('DOCUMENT_ACTIVE_CONTENT');

    const launch = await pdf((document) => {
      const action = document.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') });
      document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
    });
    expect(await codeOf(launch)).toBe('DOCUMENT_ACTIVE_CONTENT');

    const attached = await pdf(async (document) => {
      await document.attach(encode('MZ not really a program'), 'invoice.exe', {
        mimeType: 'application/octet-stream',
      });
    });
    expect(await codeOf(attached)).toBe('DOCUMENT_ACTIVE_CONTENT');
  });

  it('DOC-01 refuses JavaScript hidden in a compressed object stream, where the bytes do not show it', async () => {
    const document = await PDFDocument.create();
    document.addPage([200, 200]);
    const action = document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
    document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
    const compressed = await document.save({ useObjectStreams: true });
    expect(contains(compressed, 'JavaScript')).toBe(false);
    expect(await codeOf(compressed)).toBe('DOCUMENT_ACTIVE_CONTENT');
  });

  it('DOC-01 refuses active content whose name is written with #xx escapes', async () => {
    const clean = Buffer.from(await pdf()).toString('latin1');
    // The same length keeps the cross-reference offsets right.
    const escaped = clean.replace('/Type /Catalog', '/J#53 /Catalog');
    expect(escaped).not.toBe(clean);
    expect(await codeOf(new Uint8Array(Buffer.from(escaped, 'latin1')))).toBe('DOCUMENT_ACTIVE_CONTENT');
    const javascript = clean.replace('/Type /Catalog', '/J#61vaScript ');
    expect(javascript).not.toBe(clean);
    expect(await codeOf(new Uint8Array(Buffer.from(javascript, 'latin1')))).toBe('DOCUMENT_ACTIVE_CONTENT');
  });

  it('DOC-01 accepts a PDF whose stream data merely holds the bytes of an active name', async () => {
    const scan = await pdf((document) => {
      document.context.register(document.context.stream(encode('/JS /JavaScript /Launch')));
    });
    expect(contains(scan, '/JavaScript')).toBe(true);
    expect(await codeOf(scan)).toBe('ACCEPTED');
  });

  it('DOC-01 refuses an encrypted PDF with its own code', async () => {
    const clean = Buffer.from(await pdf()).toString('latin1');
    const encrypted = clean.replace(
      /trailer\s*<</,
      (head) => `${head}\n/Encrypt << /Filter /Standard /V 1 /R 2 >>`,
    );
    expect(encrypted).not.toBe(clean);
    expect(await codeOf(new Uint8Array(Buffer.from(encrypted, 'latin1')))).toBe('DOCUMENT_ENCRYPTED');
  });

  it('DOC-01 refuses HEIC with its own code, and GIF, SVG, HTML, ZIP and text as not allowed', async () => {
    const heic = join(
      new Uint8Array([0, 0, 0, 0x18]),
      encode('ftypheic'),
      new Uint8Array(4),
      encode('mif1heic'),
      new Uint8Array(32),
    );
    expect(await codeOf(heic)).toBe('DOCUMENT_HEIC_NOT_SUPPORTED');
    const avif = join(
      new Uint8Array([0, 0, 0, 0x18]),
      encode('ftypavif'),
      new Uint8Array(4),
      encode('mif1avif'),
      new Uint8Array(32),
    );
    expect(await codeOf(avif)).toBe('DOCUMENT_TYPE_NOT_ALLOWED');
    const gif = new Uint8Array(
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .gif()
        .toBuffer(),
    );
    expect(await codeOf(gif)).toBe('DOCUMENT_TYPE_NOT_ALLOWED');
    expect(
      await codeOf(encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBe('DOCUMENT_TYPE_NOT_ALLOWED');
    expect(await codeOf(encode('<!doctype html><script>alert(1)</script>'))).toBe(
      'DOCUMENT_TYPE_NOT_ALLOWED',
    );
    expect(await codeOf(ZIP)).toBe('DOCUMENT_TYPE_NOT_ALLOWED');
    expect(await codeOf(encode('just some text'))).toBe('DOCUMENT_TYPE_NOT_ALLOWED');
  });

  it('DOC-01 refuses zero bytes, one byte over the limit, a truncated image and a decompression bomb', async () => {
    expect(await codeOf(new Uint8Array(0))).toBe('DOCUMENT_EMPTY');
    const large = new Uint8Array(DOCUMENT_MAX_BYTES + 1);
    large.set(await image('png'));
    expect(await codeOf(large)).toBe('DOCUMENT_TOO_LARGE');
    const jpeg = await image('jpeg');
    expect(await codeOf(jpeg.slice(0, 200))).toBe('DOCUMENT_UNREADABLE');
    const bomb = new Uint8Array(
      await sharp({ create: { width: 9000, height: 5000, channels: 3, background: '#fff' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
    expect(bomb.byteLength).toBeLessThan(DOCUMENT_MAX_BYTES);
    expect(await codeOf(bomb)).toBe('DOCUMENT_UNREADABLE');
  });
});

describe('the name a document is shown with', () => {
  it('keeps no folder, control or bidirectional character, and at most 120 characters', () => {
    expect(displayFileName('../../etc/passwd')).toBe('passwd');
    expect(displayFileName('..\\..\\windows\\system.ini')).toBe('system.ini');
    expect(displayFileName('carte\u202Egpj.exe')).toBe('cartegpj.exe');
    expect(displayFileName('\u2066id\u2069\u202Acard\u0085.png')).toBe('idcard.png');
    expect(displayFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(displayFileName('..')).toBe('document');
    expect(displayFileName(undefined)).toBe('document');
    expect(displayFileName(`${'é'.repeat(200)}.pdf`)).toHaveLength(120);
  });
});
