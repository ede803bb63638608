// The thread that draws a contract's PDFs (document-pdf-thread.ts): each message a printed ticket or
// an attestation to draw, each answer its PDF's bytes or the error's message, under the message's id.
import { parentPort } from 'node:worker_threads';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { renderAttestationPdf } from './attestation-pdf.ts';
import type { ContractFacts } from './contract-facts.ts';
import { renderTicketPdf } from './ticket-pdf.ts';

export type DocumentPdfRequest = { id: number; facts: ContractFacts; network: LoadedNetwork } & (
  | { kind: 'ticket' }
  | { kind: 'attestation'; now: Date }
);
export type DocumentPdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', async (request: DocumentPdfRequest) => {
  const { id, facts, network } = request;
  try {
    const pdf =
      request.kind === 'ticket'
        ? await renderTicketPdf({ facts, network })
        : await renderAttestationPdf({ facts, network, now: request.now });
    parentPort?.postMessage({ id, pdf } satisfies DocumentPdfAnswer, [pdf.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
