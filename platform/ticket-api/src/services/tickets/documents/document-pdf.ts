// A one-page PDF of a contract's documents, drawn with the invoice's kit: Noto Sans and Noto Sans
// Arabic, each line cut into runs of one direction (bidi-runs.ts) and drawn as shaped clusters, so
// that every text extracts as written. Positions are given from the start of a line: the right
// side of the page in Arabic.
import type { Locale } from '@transit-shop/sdk/locales';
import PDFDocument from 'pdfkit';
import { type Direction, visualRuns } from '../../invoices/bidi-runs.ts';
import { wrapText } from '../../invoices/invoice-layout.ts';
import { drawClusters } from '../../invoices/pdfkit-clusters.ts';
import { loadFonts } from '../../invoices/render-invoice-pdf.ts';

type Pdf = InstanceType<typeof PDFDocument>;
type Dictionary = { dictionary: { data: Record<string, unknown> } };
const ARABIC_LETTERS = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;

/** The baseline below the top of a line, in font sizes (as the invoice draws). */
const BASELINE = 1.02;

export type TextOptions = {
  /** From the start side of the page. */
  x: number;
  /** The top of the line. */
  y: number;
  size: number;
  bold?: boolean;
  color: string;
  /** Within `width` from `x`: at its start (the default), its end or its centre. */
  align?: 'start' | 'end' | 'center';
  width?: number;
  /** Its structure element: a paragraph unless said. */
  role?: 'H1' | 'P';
};

export type DocumentPdf = {
  readonly pdf: Pdf;
  readonly direction: Direction;
  readonly width: number;
  readonly height: number;
  measure(text: string, size: number, bold?: boolean): number;
  /** The text's words in lines no wider than `width`. */
  wrap(text: string, width: number, size: number, bold?: boolean): string[];
  text(text: string, options: TextOptions): void;
  /** A rectangle given from the start side. */
  rect(x: number, y: number, width: number, height: number, color: string): void;
  /** Ends the document: its bytes. */
  end(): Promise<Uint8Array>;
};

const fontOf = (arabic: boolean, bold: boolean) => (arabic ? 'arabic' : 'latin') + (bold ? 'Bold' : '');

export function documentPdf(options: {
  size: readonly [number, number];
  lang: Locale;
  title: string;
  author: string;
  createdAt: Date;
}): DocumentPdf {
  const [width, height] = options.size;
  const direction: Direction = options.lang === 'ar' ? 'rtl' : 'ltr';
  const pdf = new PDFDocument({
    size: [width, height],
    margin: 0,
    // No default font: every text is drawn in the invoice's fonts.
    font: '',
    pdfVersion: '1.7',
    tagged: true,
    lang: options.lang,
    displayTitle: true,
    info: { Title: options.title, Author: options.author, CreationDate: options.createdAt },
  });
  const fonts = loadFonts();
  pdf.registerFont('latin', fonts.latin);
  pdf.registerFont('latinBold', fonts.latinBold);
  pdf.registerFont('arabic', fonts.arabic);
  pdf.registerFont('arabicBold', fonts.arabicBold);
  pdf.font('latin');
  drawClusters((pdf as unknown as { _font: object })._font);
  // Tagged as the invoice is: each line a paragraph (or the heading) of the document, in reading
  // order; an Arabic one gives its text in logical order as its ActualText.
  const root = pdf.struct('Document');
  pdf.addStructure(root);
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
  });

  const measure = (text: string, size: number, bold = false) =>
    visualRuns(text, direction).reduce(
      (sum, run) => sum + pdf.font(fontOf(run.arabic, bold)).fontSize(size).widthOfString(run.text),
      0,
    );
  const fromStart = (x: number, span: number) => (direction === 'rtl' ? width - x - span : x);

  return {
    pdf,
    direction,
    width,
    height,
    measure,
    wrap: (text, within, size, bold = false) =>
      wrapText(text, within, size, bold, (line, lineSize, lineBold) => measure(line, lineSize, lineBold)),
    text(text, { x, y, size, bold = false, color, align = 'start', width: within, role = 'P' }) {
      const textWidth = measure(text, size, bold);
      const span = within ?? textWidth;
      const offset = align === 'center' ? (span - textWidth) / 2 : align === 'end' ? span - textWidth : 0;
      // The text's own start offset, then its left edge on the page.
      let left = fromStart(x + offset, textWidth);
      const element = pdf.struct(role);
      if (ARABIC_LETTERS.test(text))
        (element as unknown as Dictionary).dictionary.data.ActualText = new String(text);
      root.add(element);
      const content = pdf.markStructureContent(role);
      pdf.fillColor(color);
      for (const run of visualRuns(text, direction)) {
        pdf.font(fontOf(run.arabic, bold)).fontSize(size);
        pdf.text(run.text, left, y + size * BASELINE, { lineBreak: false, baseline: 'alphabetic' });
        left += pdf.widthOfString(run.text);
      }
      pdf.endMarkedContent();
      element.add(content);
      element.end();
    },
    rect(x, y, rectWidth, rectHeight, color) {
      pdf.markContent('Artifact', { type: 'Layout' });
      pdf.rect(fromStart(x, rectWidth), y, rectWidth, rectHeight).fill(color);
      pdf.endMarkedContent();
    },
    end() {
      root.end();
      pdf.end();
      return done;
    },
  };
}
