// Where a contract is (decision 0030), for the wallet, the order, the confirmation popup and email:
// the phone's wallet, a transport card (with its number once the card is linked, when a validation
// loaded it: decision 0032, and whether it is a new card still on its way: decision 0037), or an
// agency from the collect slot's start. Instants on the network's clock (decision 0038).
import type { ContractPlace } from '@transit-shop/sdk/contract/wallet';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { TicketRow } from '../../db/schema/tickets.ts';

export function contractPlaceOf(
  contract: Pick<TicketRow, 'delivery' | 'mediaId' | 'collectSiteId' | 'collectFrom'> & {
    /** The number of the card its mediaId names (media_links), digits only. */
    cardNumber?: string | null;
    /** When the card's validation loaded it (card-loadings.ts); null while it waits. */
    loadedAt?: Date | null;
    /** The card is a new one on its way to its holder by post (card-loadings.ts). */
    cardOnItsWay?: boolean;
  },
  network: LoadedNetwork,
): ContractPlace {
  const { timeZone } = network.network.config;
  if (contract.delivery === 'CARD')
    return {
      delivery: 'CARD',
      mediaId: contract.mediaId,
      cardNumber: contract.cardNumber ?? null,
      loadedAt: contract.loadedAt ? networkInstantText(contract.loadedAt, timeZone) : null,
      ...(contract.cardOnItsWay ? { cardOnItsWay: true as const } : {}),
    };
  if (contract.delivery === 'COLLECT' && contract.collectSiteId !== null && contract.collectFrom !== null) {
    const site = network.network.config.collectSites.find(
      (candidate) => candidate.id === contract.collectSiteId,
    );
    return {
      delivery: 'COLLECT',
      siteId: contract.collectSiteId,
      siteName: site?.name ?? String(contract.collectSiteId),
      from: networkInstantText(contract.collectFrom, timeZone),
    };
  }
  return { delivery: 'WALLET' };
}
