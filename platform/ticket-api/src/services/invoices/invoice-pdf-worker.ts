// The thread that draws invoice PDFs (invoice-pdf-thread.ts): each message is a document, each
// answer its PDF's bytes or the error's message, under the message's id.
import { parentPort } from 'node:worker_threads';
import type { InvoiceDocument } from './invoice-document.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';

export type PdfRequest = { id: number; document: InvoiceDocument };
export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', async ({ id, document }: PdfRequest) => {
  try {
    const pdf = await renderInvoicePdf(document);
    parentPort?.postMessage({ id, pdf } satisfies PdfAnswer, [pdf.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
