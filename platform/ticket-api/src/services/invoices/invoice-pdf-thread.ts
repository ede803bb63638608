// Invoice PDFs drawn on a thread of their own: a PDF takes milliseconds of CPU (laying the text out
// in its fonts), which on the service's event loop would hold up every call meanwhile. One worker,
// started on the first PDF asked for, draws them one after the other; it does not keep the process
// alive while idle, and a worker that fails is replaced on the next PDF.
import { Worker } from 'node:worker_threads';
import type { InvoiceDocument } from './invoice-document.ts';
import type { PdfAnswer, PdfRequest } from './invoice-pdf-worker.ts';

type Pending = { resolve: (pdf: Uint8Array) => void; reject: (error: Error) => void };

/** The thread's entry registers tsx for itself, then loads invoice-pdf-worker.ts. */
const WORKER_URL = new URL('./invoice-pdf-worker.mjs', import.meta.url);

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(error: Error) {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

function startWorker(): Worker {
  const started = new Worker(WORKER_URL);
  started.on('message', (answer: PdfAnswer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) started.unref();
    if (!waiting) return;
    if ('pdf' in answer) waiting.resolve(new Uint8Array(answer.pdf));
    else waiting.reject(new Error(`the invoice PDF could not be drawn: ${answer.error}`));
  });
  const gone = (error: Error) => {
    if (worker === started) worker = null;
    failAll(error);
  };
  started.on('error', gone);
  started.on('exit', (code) => gone(new Error(`the invoice PDF thread stopped (exit code ${code})`)));
  return started;
}

/** The invoice's PDF, drawn on the PDF thread (the same bytes as renderInvoicePdf). */
export function renderInvoicePdfOffThread(document: InvoiceDocument): Promise<Uint8Array> {
  worker ??= startWorker();
  const id = nextId++;
  const answer = new Promise<Uint8Array>((resolve, reject) => pending.set(id, { resolve, reject }));
  worker.ref();
  worker.postMessage({ id, document } satisfies PdfRequest);
  return answer;
}
