// Whether a card's link proves that its account holds the card (decision 0036). Only such a link
// may report the card lost or stolen, move contracts from or to it, or keep the card from another
// account that proves holding it.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { MediaLinkRow } from '../../db/schema/media.ts';

/**
 * A link records what proved holding the card. One made before proofs were recorded has none: on a
 * network that shows the birth date it was checked against it; on one that hides it, the number
 * alone made it, and it proves nothing.
 */
export function linkProvesHolding(link: Pick<MediaLinkRow, 'proof'>, network: LoadedNetwork): boolean {
  return link.proof !== null || !network.network.config.hideBirthDate;
}
