import { describe, expect, it } from 'vitest';
import { buildInvoiceDocument } from './build-invoice-document.ts';
import { renderInvoicePdfOffThread } from './invoice-pdf-thread.ts';
import { lumiereOrder, wahatOrder } from './invoice-test-data.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';

describe('invoice PDFs drawn on their own thread', () => {
  it('gives the same bytes as drawing them here, for several documents asked at once', async () => {
    const documents = [lumiereOrder, wahatOrder, lumiereOrder].map((order, index) =>
      buildInvoiceDocument({ ...order, number: `LUM-00000${index + 1}` }),
    );
    const offThread = await Promise.all(documents.map(renderInvoicePdfOffThread));
    const here = await Promise.all(documents.map(renderInvoicePdf));
    expect(offThread.map((pdf) => Buffer.from(pdf).toString('base64'))).toEqual(
      here.map((pdf) => Buffer.from(pdf).toString('base64')),
    );
    expect(
      Buffer.from(offThread[1] as Uint8Array)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
});
