// A printed ticket as a PDF (a guest's confirmation email attaches one per dematerialised ticket):
// the ticket face and its printed code. Not drawn yet.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { ContractFacts } from './contract-facts.ts';

export async function renderTicketPdf(_options: {
  facts: ContractFacts;
  network: LoadedNetwork;
}): Promise<Uint8Array> {
  throw new Error('The printed ticket is not drawn yet');
}
