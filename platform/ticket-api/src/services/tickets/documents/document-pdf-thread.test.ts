import type { LoadedNetwork } from '@transit-shop/tenancy';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoNetworks } from '../../../test-support/demo-networks.ts';
import { renderAttestationPdf } from './attestation-pdf.ts';
import { arabicCarnet, frenchPass } from './contract-facts-test-data.ts';
import { renderAttestationPdfOffThread, renderTicketPdfOffThread } from './document-pdf-thread.ts';
import { renderTicketPdf } from './ticket-pdf.ts';

let lumiere: LoadedNetwork;
let wahat: LoadedNetwork;
beforeAll(async () => {
  const networks = await loadDemoNetworks();
  lumiere = networks.byId(101) as LoadedNetwork;
  wahat = networks.byId(102) as LoadedNetwork;
});

const base64 = (pdfs: Uint8Array[]) => pdfs.map((pdf) => Buffer.from(pdf).toString('base64'));

describe('contract PDFs drawn on their own thread', () => {
  it('gives the same bytes as drawing them here, tickets and attestations asked at once', async () => {
    const now = new Date('2026-11-27T17:00:00.000Z');
    const tickets = [
      { facts: frenchPass, network: lumiere },
      { facts: arabicCarnet, network: wahat },
    ];
    const [offThread, attestation] = await Promise.all([
      Promise.all(tickets.map(renderTicketPdfOffThread)),
      renderAttestationPdfOffThread({ facts: arabicCarnet, network: wahat, now }),
    ]);
    expect(base64(offThread)).toEqual(base64(await Promise.all(tickets.map(renderTicketPdf))));
    expect(base64([attestation])).toEqual(
      base64([await renderAttestationPdf({ facts: arabicCarnet, network: wahat, now })]),
    );
  });
});
