// When each card contract was loaded on its card (decision 0032): what the card registry says its
// validations loaded, asked once per network for a whole list of contracts; and which contracts are
// on a new card still on its way to its holder (decision 0037).
import type { CardRegistry } from '../card-registry/card-registry.ts';

/** A contract on a card, as a list reads it. */
export type CardContract = { ticketId: number; networkId: number; cardNumber: string | null };

/**
 * The instant each contract was loaded on the card it is on now, by contract id; a contract waiting
 * for the card's next validation is absent, and so is every contract when the registry fails (the
 * list still answers, the contracts read as waiting).
 */
export async function loadedAtOfContracts(
  cards: CardRegistry,
  contracts: readonly CardContract[],
): Promise<Map<number, Date>> {
  const numbersByNetwork = new Map<number, Set<string>>();
  for (const contract of contracts) {
    if (contract.cardNumber === null) continue;
    const numbers = numbersByNetwork.get(contract.networkId) ?? new Set<string>();
    numbersByNetwork.set(contract.networkId, numbers.add(contract.cardNumber));
  }
  const loaded = new Map<string, Date>();
  const key = (networkId: number, number: string, ticketId: number) => `${networkId}:${number}:${ticketId}`;
  try {
    for (const [networkId, numbers] of numbersByNetwork) {
      for (const loading of await cards.loadingsOfCards(networkId, [...numbers]))
        loaded.set(key(networkId, loading.number, loading.ticketId), loading.loadedAt);
    }
  } catch {
    return new Map();
  }
  const byContract = new Map<number, Date>();
  for (const contract of contracts) {
    if (contract.cardNumber === null) continue;
    const at = loaded.get(key(contract.networkId, contract.cardNumber, contract.ticketId));
    if (at) byContract.set(contract.ticketId, at);
  }
  return byContract;
}

/**
 * The contracts on a card the registry says is ORDERED, on its way by post (decision 0037), asked
 * once per card of the list; none when the registry fails (the list still answers).
 */
export async function contractsOnCardsOnTheirWay(
  cards: CardRegistry,
  contracts: readonly CardContract[],
): Promise<Set<number>> {
  const key = (networkId: number, number: string) => `${networkId}:${number}`;
  const onItsWay = new Map<string, boolean>();
  try {
    for (const contract of contracts) {
      if (contract.cardNumber === null) continue;
      const card = key(contract.networkId, contract.cardNumber);
      if (onItsWay.has(card)) continue;
      const record = await cards.findCard(contract.networkId, contract.cardNumber);
      onItsWay.set(card, record?.status === 'ORDERED' && !record.incident);
    }
  } catch {
    return new Set();
  }
  return new Set(
    contracts
      .filter(
        (contract) =>
          contract.cardNumber !== null && onItsWay.get(key(contract.networkId, contract.cardNumber)),
      )
      .map((contract) => contract.ticketId),
  );
}
