import {
  PDFArray,
  type PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';
import { DOCUMENT_MAX_BYTES } from '@transit-shop/sdk/constants';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contains, encode, join, photo, ZIP } from '../../../test-support/images.ts';
import { checkDocumentFile } from './check-document-file.ts';
import { displayFileName } from './display-file-name.ts';

async function pdf(build?: (document: PDFDocument) => void | Promise<void>): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('Student card', { x: 20, y: 100 });
  await build?.(document);
  return document.save({ useObjectStreams: false });
}

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
      [await photo('jpeg'), 'image/jpeg'],
      [await photo('png'), 'image/png'],
      [await photo('webp'), 'image/webp'],
      [await pdf(), 'application/pdf'],
    ] as const) {
      const checked = await checkDocumentFile(bytes);
      expect(checked.contentType).toBe(contentType);
      expect(checked.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(checked.bytes.byteLength).toBeGreaterThan(0);
    }
  });

  it('DOC-01 drops EXIF metadata and a payload hidden after an image (a JPEG and ZIP polyglot)', async () => {
    const withExif = await photo('jpeg', true);
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

    const png = await checkDocumentFile(join(await photo('png'), encode('<script>alert(1)</script>')));
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
    large.set(await photo('png'));
    expect(await codeOf(large)).toBe('DOCUMENT_TOO_LARGE');
    const jpeg = await photo('jpeg');
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

/** A PDF whose one page carries what `build` adds: an action, an annotation, a name tree. */
async function pdfWith(
  build: (document: PDFDocument, page: PDFRef) => void,
  options: { objectStreams?: boolean } = {},
): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([200, 200]);
  page.drawText('Income statement', { x: 20, y: 100 });
  build(document, page.ref);
  return document.save({ useObjectStreams: options.objectStreams ?? false });
}

/** A dictionary written as a plain object (pdf-lib does not export the type it takes). */
const dictOf = (document: PDFDocument, entries: object): PDFDict =>
  document.context.obj(entries as Record<string, never>);

/** An action dictionary, registered: reached through an indirect reference. */
const actionOf = (document: PDFDocument, entries: object) =>
  document.context.register(dictOf(document, { Type: 'Action', ...entries }));

/** A link annotation on the page, with its action or destination. */
function addLink(document: PDFDocument, entries: object): PDFDict {
  const link = dictOf(document, { Type: 'Annot', Subtype: 'Link', Rect: [10, 10, 100, 30], ...entries });
  document.getPage(0).node.addAnnot(document.context.register(link));
  return link;
}

const openWith = (action: (document: PDFDocument, page: PDFRef) => unknown) =>
  pdfWith((document, page) => {
    document.catalog.set(PDFName.of('OpenAction'), action(document, page) as PDFRef);
  });

const SHARE = PDFString.of('\\\\fileserver\\share\\statement.pdf');

describe('the links and actions of an uploaded PDF (decision 0040)', () => {
  it('DOC-01 refuses a PDF that opens a web address or a file on a network share, with its own code and text', async () => {
    const web = await openWith((document) =>
      actionOf(document, { S: 'URI', URI: PDFString.of('https://evil.example/') }),
    );
    expect(await codeOf(web)).toBe('DOCUMENT_EXTERNAL_LINK');
    const share = await openWith((document) =>
      actionOf(document, { S: 'GoToR', F: SHARE, D: [PDFNumber.of(0), PDFName.of('Fit')] }),
    );
    expect(await codeOf(share)).toBe('DOCUMENT_EXTERNAL_LINK');
    // The same action written straight into the catalogue rather than by reference.
    const inline = await pdfWith((document) => {
      document.catalog.set(
        PDFName.of('OpenAction'),
        document.context.obj({ S: 'URI', URI: PDFString.of('https://evil.example/') }),
      );
    });
    expect(await codeOf(inline)).toBe('DOCUMENT_EXTERNAL_LINK');
    await expect(checkDocumentFile(web)).rejects.toMatchObject({
      message: 'The PDF links to a website or another file: send a scan or a photo of the document instead',
    });
  });

  it.each([
    ['GoToE', { S: 'GoToE', T: { R: 'C', N: PDFString.of('attached.pdf') } }],
    ['Launch', { S: 'Launch', F: PDFString.of('calc.exe') }],
    ['JavaScript', { S: 'JavaScript', JS: PDFString.of('app.alert(1)') }],
    ['SubmitForm', { S: 'SubmitForm', F: { FS: 'URL', F: PDFString.of('https://evil.example/') } }],
    ['ImportData', { S: 'ImportData', F: PDFString.of('data.fdf') }],
    ['Named', { S: 'Named', N: 'Print' }],
  ])('DOC-01 refuses a PDF that runs a %s action when opened', async (_type, entries) => {
    expect(await codeOf(await openWith((document) => actionOf(document, entries)))).toBe(
      'DOCUMENT_ACTIVE_CONTENT',
    );
  });

  it('DOC-01 keeps a PDF that opens at one of its own pages, as an action or as a destination, and refuses one that opens at another file’s page', async () => {
    const action = await openWith((document, page) =>
      actionOf(document, { S: 'GoTo', D: [page, PDFName.of('Fit')] }),
    );
    expect(await codeOf(action)).toBe('ACCEPTED');
    const destination = await pdfWith((document, page) => {
      document.catalog.set(PDFName.of('OpenAction'), document.context.obj([page, PDFName.of('Fit')]));
    });
    expect(await codeOf(destination)).toBe('ACCEPTED');
    // A page number rather than a page of this file is how a destination in another file is written.
    const remote = await pdfWith((document) => {
      document.catalog.set(
        PDFName.of('OpenAction'),
        document.context.obj([PDFNumber.of(3), PDFName.of('Fit')]),
      );
    });
    expect(await codeOf(remote)).toBe('DOCUMENT_EXTERNAL_LINK');
    // A jump that names a file is a jump to that file.
    const disguised = await openWith((document, page) =>
      actionOf(document, { S: 'GoTo', F: SHARE, D: [page, PDFName.of('Fit')] }),
    );
    expect(await codeOf(disguised)).toBe('DOCUMENT_EXTERNAL_LINK');
    // A jump followed by another action runs that one too.
    const chained = await openWith((document, page) =>
      actionOf(document, {
        S: 'GoTo',
        D: [page, PDFName.of('Fit')],
        Next: [actionOf(document, { S: 'Named', N: 'NextPage' })],
      }),
    );
    expect(await codeOf(chained)).toBe('DOCUMENT_ACTIVE_CONTENT');
  });

  it('DOC-01 refuses automatic actions (/AA) on the document, a page, an annotation and a form field', async () => {
    const goTo = (document: PDFDocument, page: PDFRef) =>
      actionOf(document, { S: 'GoTo', D: [page, PDFName.of('Fit')] });
    const onDocument = await pdfWith((document, page) => {
      document.catalog.set(PDFName.of('AA'), document.context.obj({ WC: goTo(document, page) }));
    });
    const onPage = await pdfWith((document, page) => {
      document.getPage(0).node.set(PDFName.of('AA'), document.context.obj({ O: goTo(document, page) }));
    });
    const onAnnotation = await pdfWith((document, page) => {
      addLink(document, { Dest: [page, PDFName.of('Fit')], AA: { E: goTo(document, page) } });
    });
    const onField = await pdfWith((document, page) => {
      const field = document.getForm().createTextField('student.number');
      field.addToPage(document.getPage(0), { x: 20, y: 20 });
      field.acroField.dict.set(PDFName.of('AA'), document.context.obj({ K: goTo(document, page) }));
    });
    for (const file of [onDocument, onPage, onAnnotation, onField])
      expect(await codeOf(file)).toBe('DOCUMENT_ACTIVE_CONTENT');
  });

  it('DOC-01 refuses a link to a web address, to another file or to another file’s page, and keeps one to its own page', async () => {
    const web = await pdfWith((document) => {
      addLink(document, {
        A: actionOf(document, { S: 'URI', URI: PDFString.of('https://evil.example/') }),
      });
    });
    const share = await pdfWith((document) => {
      addLink(document, { A: { S: 'GoToR', F: SHARE, D: [PDFNumber.of(0), PDFName.of('Fit')] } });
    });
    const remote = await pdfWith((document) => {
      addLink(document, { Dest: [PDFNumber.of(0), PDFName.of('Fit')] });
    });
    for (const file of [web, share, remote]) expect(await codeOf(file)).toBe('DOCUMENT_EXTERNAL_LINK');

    const own = await pdfWith((document, page) => {
      addLink(document, {
        Dest: [page, PDFName.of('XYZ'), PDFNumber.of(0), PDFNumber.of(200), PDFNumber.of(0)],
      });
      addLink(document, { A: { S: 'GoTo', D: [page, PDFName.of('Fit')] } });
      addLink(document, { Dest: PDFString.of('chapter-2') });
    });
    expect(await codeOf(own)).toBe('ACCEPTED');
  });

  it('DOC-01 refuses scripts and files kept in the document’s name trees', async () => {
    const scripts = await pdfWith((document) => {
      const script = actionOf(document, { S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
      document.catalog.set(
        PDFName.of('Names'),
        document.context.obj({ JavaScript: { Names: [PDFString.of('start'), script] } }),
      );
    });
    expect(await codeOf(scripts)).toBe('DOCUMENT_ACTIVE_CONTENT');
    const files = await pdfWith((document) => {
      const file = document.context.register(
        document.context.obj({ Type: 'Filespec', F: PDFString.of('payload.exe') }),
      );
      document.catalog.set(
        PDFName.of('Names'),
        document.context.obj({ EmbeddedFiles: { Names: [PDFString.of('payload.exe'), file] } }),
      );
    });
    expect(await codeOf(files)).toBe('DOCUMENT_ACTIVE_CONTENT');
  });

  it('DOC-01 refuses a link hidden in a compressed object stream or written with #xx escapes', async () => {
    const compressed = await pdfWith(
      (document) => {
        addLink(document, {
          A: actionOf(document, { S: 'URI', URI: PDFString.of('https://evil.example/') }),
        });
      },
      { objectStreams: true },
    );
    expect(contains(compressed, 'URI')).toBe(false);
    expect(await codeOf(compressed)).toBe('DOCUMENT_EXTERNAL_LINK');

    // Names of the same length keep the cross-reference offsets right.
    const placeholder = (entries: Record<string, string>) =>
      openWith((document) =>
        actionOf(
          document,
          Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, PDFName.of(value)])),
        ),
      );
    const escaped = async (entries: Record<string, string>, from: string, to: string) => {
      const text = Buffer.from(await placeholder(entries)).toString('latin1');
      const written = text.replace(from, to);
      expect(written).not.toBe(text);
      return new Uint8Array(Buffer.from(written, 'latin1'));
    };
    expect(await codeOf(await escaped({ S: 'UQQQI' }, '/UQQQI', '/U#52I'))).toBe('DOCUMENT_EXTERNAL_LINK');
    // A name the byte scan does not look for: only the parsed objects show the action.
    const named = await escaped({ S: 'Named', N: 'Print' }, '/OpenAction', '/Op#65nAction');
    expect(contains(named, '/OpenAction')).toBe(false);
    expect(await codeOf(named)).toBe('DOCUMENT_ACTIVE_CONTENT');
  });

  it('DOC-01 refuses an action reached through indirect references, its type included', async () => {
    const file = await pdfWith((document) => {
      const type = document.context.register(PDFName.of('Named'));
      const action = document.context.register(
        document.context.obj({ S: type, N: 'Print', Next: PDFArray.withContext(document.context) }),
      );
      addLink(document, { A: action });
    });
    expect(await codeOf(file)).toBe('DOCUMENT_ACTIVE_CONTENT');
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
