// A contract's PDFs (printed tickets, attestations) drawn on a thread of their own, as the invoices
// are (invoice-pdf-thread.ts): laying text out in the fonts takes milliseconds of CPU that would
// hold up every call on the event loop. One worker, started on the first PDF asked for, draws them
// one after the other; it does not keep the process alive while idle, and a worker that fails is
// replaced on the next PDF.
import { Worker } from 'node:worker_threads';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { ContractFacts } from './contract-facts.ts';
import type { DocumentPdfAnswer, DocumentPdfRequest } from './document-pdf-worker.ts';

type Pending = { resolve: (pdf: Uint8Array) => void; reject: (error: Error) => void };

const WORKER_URL = new URL('./document-pdf-worker.mjs', import.meta.url);

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(error: Error) {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

function startWorker(): Worker {
  const started = new Worker(WORKER_URL);
  started.on('message', (answer: DocumentPdfAnswer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) started.unref();
    if (!waiting) return;
    if ('pdf' in answer) waiting.resolve(new Uint8Array(answer.pdf));
    else waiting.reject(new Error(`the contract PDF could not be drawn: ${answer.error}`));
  });
  const gone = (error: Error) => {
    if (worker === started) worker = null;
    failAll(error);
  };
  started.on('error', gone);
  started.on('exit', (code) => gone(new Error(`the contract PDF thread stopped (exit code ${code})`)));
  return started;
}

type WithoutId<Request> = Request extends unknown ? Omit<Request, 'id'> : never;

function drawOffThread(request: WithoutId<DocumentPdfRequest>): Promise<Uint8Array> {
  worker ??= startWorker();
  const id = nextId++;
  const answer = new Promise<Uint8Array>((resolve, reject) => pending.set(id, { resolve, reject }));
  worker.ref();
  worker.postMessage({ ...request, id } as DocumentPdfRequest);
  return answer;
}

/** A printed ticket's PDF, drawn on the PDF thread (the same bytes as renderTicketPdf). */
export const renderTicketPdfOffThread = (options: { facts: ContractFacts; network: LoadedNetwork }) =>
  drawOffThread({ kind: 'ticket', ...options });

/** A contract's attestation, drawn on the PDF thread (the same bytes as renderAttestationPdf). */
export const renderAttestationPdfOffThread = (options: {
  facts: ContractFacts;
  network: LoadedNetwork;
  now: Date;
}) => drawOffThread({ kind: 'attestation', ...options });
