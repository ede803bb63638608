import { describe, expect, it } from 'vitest';
import { extractedTexts } from '../../test-support/pdf-text.ts';
import { printable, visualRuns } from './bidi-runs.ts';
import { buildInvoiceDocument } from './build-invoice-document.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import type { TextItem } from './invoice-layout.ts';
import { lumiereOrder, wahatOrder } from './invoice-test-data.ts';
import { invoiceLayoutOf, renderInvoicePdf } from './render-invoice-pdf.ts';

/** Spaces of any width read as one kind: extractors turn no-break spaces into spaces. */
const spaced = (text: string) =>
  printable(text)
    .replace(/\u00A0/g, ' ')
    .trim();
const sorted = (texts: string[]) => texts.map(spaced).filter(Boolean).sort();

const writtenLines = (document: InvoiceDocument) =>
  invoiceLayoutOf(document).pages.flatMap((items) =>
    items.filter((item): item is TextItem => item.kind === 'text').map((item) => item.text),
  );

describe('the invoice PDF’s text (decision 0026)', () => {
  it('extracts every line as written in French and English, accents, ligatures and all', async () => {
    const french = buildInvoiceDocument({
      ...lumiereOrder,
      buyer: { ...lumiereOrder.buyer, name: 'Zoé Lefèvre-Ørsted' },
    });
    const english = buildInvoiceDocument({
      ...lumiereOrder,
      locale: 'en',
      lines: [{ label: 'Office staff pass, affiliated fleet', quantity: 1, unitPrice: 4_200, vatRate: 1000 }],
    });
    for (const document of [french, english]) {
      const extracted = await extractedTexts(await renderInvoicePdf(document));
      expect(sorted(extracted)).toEqual(sorted(writtenLines(document)));
    }
    // "ffi" and "ffl" are drawn as one glyph each and read back as their letters.
    expect(await extractedTexts(await renderInvoicePdf(english))).toContain(
      'Office staff pass, affiliated fleet',
    );
    expect(await extractedTexts(await renderInvoicePdf(french))).toContain('Zoé Lefèvre-Ørsted');
  });

  it('extracts Arabic as written, in logical order: each letter whatever its form, lam-alef included', async () => {
    const arabic = buildInvoiceDocument({
      ...wahatOrder,
      buyer: { ...wahatOrder.buyer, name: 'أمينة بنعلي' },
      lines: [{ label: 'الاشتراك الشهري', quantity: 1, unitPrice: 25_000, vatRate: 1400 }],
    });
    const extracted = await extractedTexts(await renderInvoicePdf(arabic));
    // A line of Arabic words reads back whole; in a line that mixes directions, each run of one
    // direction reads back as written (the order of the runs is the reader's to work out).
    for (const phrase of [
      'أمينة بنعلي',
      'الاشتراك الشهري',
      'ساحة الاستقلال',
      'الاستلام من الوكالة',
      'فاتورة',
    ])
      expect(extracted).toContain(phrase);
    const writtenRuns = writtenLines(arabic).flatMap((line) =>
      visualRuns(line, 'rtl').map((run) => run.text),
    );
    expect(sorted(extracted)).toEqual(sorted(writtenRuns));
  });
});
