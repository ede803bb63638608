// What a ticket face shows, the same on the sticker (SVG) and the printed ticket (PDF): the
// network, the product, the traveller, the validity and the journeys left in the contract's
// language, the printed code, and the colours of the network's theme.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { ATTESTATION_MESSAGES, journeysText, validityText } from './attestation-messages.ts';
import type { ContractFacts } from './contract-facts.ts';

export type TicketFaceColors = {
  /** The band with the network's name: the theme's header. */
  band: string;
  bandText: string;
  background: string;
  text: string;
  muted: string;
  /** The product's name: the theme's primary colour. */
  accent: string;
};

/** The face's colours from the network's light theme. */
export function ticketFaceColors(network: LoadedNetwork): TicketFaceColors {
  const scheme = network.theme.colorSchemes.light;
  return {
    band: scheme.header.background,
    bandText: scheme.header.text,
    background: scheme.background.paper,
    text: scheme.text.primary,
    muted: scheme.text.secondary,
    accent: scheme.primary.main,
  };
}

export type TicketFace = {
  networkName: string;
  productName: string;
  /** Label and value, in order: traveller, validity, journeys left when counted. */
  fields: { label: string; value: string }[];
  /** Under the code: what to do with it, and the contract's public id. */
  notice: string;
  publicId: string;
  code: string;
  direction: 'ltr' | 'rtl';
  colors: TicketFaceColors;
};

export function ticketFaceOf(facts: ContractFacts, network: LoadedNetwork): TicketFace {
  const m = ATTESTATION_MESSAGES[facts.lang];
  const journeys = journeysText(facts);
  return {
    networkName: network.network.config.name,
    productName: facts.productName,
    fields: [
      { label: m.traveller, value: facts.travellerName },
      { label: m.validity, value: validityText(facts, network.network.config.timeZone) },
      ...(journeys === null ? [] : [{ label: m.journeysLeft, value: journeys }]),
    ],
    notice: m.printedNotice,
    publicId: facts.publicId,
    code: facts.printedCode,
    direction: facts.lang === 'ar' ? 'rtl' : 'ltr',
    colors: ticketFaceColors(network),
  };
}
