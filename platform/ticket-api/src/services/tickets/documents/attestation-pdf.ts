// Wallet/contractAttestation's PDF (decision 0030): drawn from the contract's facts and the
// network's seller details, in the buyer's language. Not drawn yet.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { ContractFacts } from './contract-facts.ts';

export async function renderAttestationPdf(_options: {
  facts: ContractFacts;
  network: LoadedNetwork;
  now: Date;
}): Promise<Uint8Array> {
  throw new Error('The attestation is not drawn yet');
}
