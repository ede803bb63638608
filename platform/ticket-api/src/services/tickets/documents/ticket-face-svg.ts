// Vignette/sticker's image: the ticket face as SVG, with its printed code as a QR. Not drawn yet.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { ContractFacts } from './contract-facts.ts';

export function renderTicketFaceSvg(_options: { facts: ContractFacts; network: LoadedNetwork }): string {
  throw new Error('The ticket face is not drawn yet');
}
