// The invoice as an A4 PDF (ORD-04): the layout drawn with pdfkit in Noto Sans, Arabic runs in
// Noto Sans Arabic and right to left, tagged (decision 0026): the invoice's language and title, and
// its structure (headings, paragraphs, tables with their header cells), decoration and what is
// repeated for a page marked as artifacts. The creation date is the invoice's issue date, so the
// same document always gives the same bytes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { type TextRun, visualRuns } from './bidi-runs.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { type InvoiceLayout, layoutInvoice, type Measure, PAGE, type TextItem } from './invoice-layout.ts';
import { INVOICE_MESSAGES } from './invoice-messages.ts';
import { structureOf } from './invoice-structure.ts';
import { keptValues } from './kept-values.ts';
import { parseFontOnce } from './parsed-fonts.ts';
import { drawClusters } from './pdfkit-clusters.ts';
import { sfntFromWoff } from './sfnt-from-woff.ts';

const require = createRequire(import.meta.url);
/** A font of a @fontsource package, unpacked from its WOFF file and parsed once. */
const fontFile = (name: string, pkg: string, file: string) =>
  parseFontOnce(
    name,
    sfntFromWoff(readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), 'files', file))),
  );

let fonts: Record<'latin' | 'latinBold' | 'arabic' | 'arabicBold', Buffer> | undefined;
/** The invoice's fonts, parsed once: every PDF of the service draws with them. */
export function loadFonts() {
  fonts ??= {
    latin: fontFile('latin', '@fontsource/noto-sans', 'noto-sans-latin-400-normal.woff'),
    latinBold: fontFile('latinBold', '@fontsource/noto-sans', 'noto-sans-latin-700-normal.woff'),
    arabic: fontFile('arabic', '@fontsource/noto-sans-arabic', 'noto-sans-arabic-arabic-400-normal.woff'),
    arabicBold: fontFile(
      'arabicBold',
      '@fontsource/noto-sans-arabic',
      'noto-sans-arabic-arabic-700-normal.woff',
    ),
  };
  return fonts;
}

/** The baseline below the top of a line, in font sizes. */
const BASELINE = 1.02;
const TEXT_COLOR = '#1f1f1f';
const MUTED_COLOR = '#5f6368';
const RULE_COLOR = '#d0d4d9';
const HEADER_FILL = '#eef1f4';

type Pdf = InstanceType<typeof PDFDocument>;

function newPdf(document: InvoiceDocument): Pdf {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    // No default font: pdfkit would parse Helvetica's metrics for every document, and never use it.
    font: '',
    pdfVersion: '1.7',
    tagged: true,
    lang: document.locale,
    // The title in the viewer's title bar rather than the file's name.
    displayTitle: true,
    info: {
      Title: `${INVOICE_MESSAGES[document.locale].title} ${document.number}`,
      Author: document.seller.legalName,
      CreationDate: new Date(document.issuedAt),
    },
  });
  const files = loadFonts();
  pdf.registerFont('latin', files.latin);
  pdf.registerFont('latinBold', files.latinBold);
  pdf.registerFont('arabic', files.arabic);
  pdf.registerFont('arabicBold', files.arabicBold);
  // Every document starts in the Latin font; pdfkit's fonts then draw shaped clusters.
  pdf.font('latin');
  drawClusters((pdf as unknown as { _font: object })._font);
  return pdf;
}

const fontOf = (arabic: boolean, bold: boolean) => (arabic ? 'arabic' : 'latin') + (bold ? 'Bold' : '');

type Direction = 'ltr' | 'rtl';
const byDirection = <V extends NonNullable<unknown>>() => ({
  ltr: keptValues<V>(20_000),
  rtl: keptValues<V>(20_000),
});
/** Widths of a text at size 1, measured once for every document: all print the same labels. */
const unitWidths = { regular: byDirection<number>(), bold: byDirection<number>() };
/** A line's runs in visual order, found once for every document. */
const runsOfLines = byDirection<TextRun[]>();
const runsOf = (text: string, direction: Direction) =>
  runsOfLines[direction].get(text, () => visualRuns(text, direction));

/** Text widths: pdfkit's at size 1 (fontkit's advances scale with the size), kept between documents. */
function measureWith(pdf: Pdf, direction: Direction): Measure {
  return (text, size, bold) =>
    size *
    unitWidths[bold ? 'bold' : 'regular'][direction].get(text, () =>
      runsOf(text, direction).reduce(
        (sum, run) => sum + pdf.font(fontOf(run.arabic, bold)).fontSize(1).widthOfString(run.text),
        0,
      ),
    );
}

function drawText(pdf: Pdf, item: TextItem, direction: Direction, measure: Measure) {
  const runs = runsOf(item.text, direction);
  const width = measure(item.text, item.size, item.bold);
  // Mirrored for right to left: the start of a line is the right side of the page.
  const left = direction === 'rtl' ? PAGE.width - item.x - item.width : item.x;
  const side =
    item.align === 'center'
      ? 'center'
      : (item.align === 'start') === (direction === 'ltr')
        ? 'left'
        : 'right';
  let x =
    side === 'left' ? left : side === 'right' ? left + item.width - width : left + (item.width - width) / 2;
  pdf.fillColor(item.muted ? MUTED_COLOR : TEXT_COLOR);
  for (const run of runs) {
    pdf.font(fontOf(run.arabic, item.bold)).fontSize(item.size);
    // On a common baseline: the two fonts' ascents differ, their tops would not line up.
    pdf.text(run.text, x, item.y + item.size * BASELINE, { lineBreak: false, baseline: 'alphabetic' });
    x += pdf.widthOfString(run.text);
  }
}

function draw(pdf: Pdf, layout: InvoiceLayout, measure: Measure, locale: string) {
  const structure = structureOf(pdf, locale);
  for (const items of layout.pages) {
    pdf.addPage({ size: 'A4', margin: 0 });
    for (const item of items) {
      if (item.kind === 'box') {
        const x = layout.direction === 'rtl' ? PAGE.width - item.x - item.width : item.x;
        pdf.markContent('Artifact', { type: 'Layout' });
        pdf.rect(x, item.y, item.width, item.height).fill(item.height < 2 ? RULE_COLOR : HEADER_FILL);
        pdf.endMarkedContent();
      } else if (item.tag.kind === 'artifact') {
        pdf.markContent('Artifact', { type: 'Pagination' });
        drawText(pdf, item, layout.direction, measure);
        pdf.endMarkedContent();
      } else {
        const { element, role } = structure.of(item.tag, item.text);
        const content = pdf.markStructureContent(role);
        drawText(pdf, item, layout.direction, measure);
        pdf.endMarkedContent();
        element.add(content);
      }
    }
  }
  structure.end();
}

/** The layout of the invoice with the PDF's own font metrics. */
export function invoiceLayoutOf(document: InvoiceDocument): InvoiceLayout {
  const pdf = newPdf(document);
  const layout = layoutInvoice(document, measureWith(pdf, document.locale === 'ar' ? 'rtl' : 'ltr'));
  pdf.end();
  return layout;
}

export function renderInvoicePdf(document: InvoiceDocument): Promise<Uint8Array> {
  const pdf = newPdf(document);
  const direction = document.locale === 'ar' ? 'rtl' : 'ltr';
  const measure = measureWith(pdf, direction);
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
  });
  draw(pdf, layoutInvoice(document, measure), measure, document.locale);
  pdf.end();
  return done;
}
