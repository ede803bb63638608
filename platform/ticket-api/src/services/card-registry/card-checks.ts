// A card as the registry answers it, checked in decision 0032's order, and the registry's failures
// turned into MEDIA_ERROR. Whoever links a card or signs in with it proves holding it before its
// state is checked (media/card-holding.ts), so a stranger with only a number learns nothing of it.
import type { MediumState } from '@transit-shop/sdk/contract/media';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { networkToday } from '@transit-shop/sdk/time/network-clock';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { CardRegistryError, type RegistryCardRecord } from './card-registry.ts';

/** Runs a registry call; its failure, or its not answering, is MEDIA_ERROR (502). */
export async function askRegistry<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CardRegistryError) throw new AppError('MEDIA_ERROR', { cause: error });
    throw error;
  }
}

/** Expired once its last valid day has passed in the network's time zone. */
export function stateOf(
  card: Pick<RegistryCardRecord, 'expiresOn'>,
  network: LoadedNetwork,
  now: Date,
): MediumState {
  return card.expiresOn < networkToday(network.network.config.timeZone, now) ? 'EXPIRED' : 'ACTIVE';
}

/**
 * A card that may be used now: the registry knows it, gives it a status, no incident blocked it,
 * it has not expired, and its status is one the shop knows (MEDIA-05).
 */
export function checkCardState(
  card: RegistryCardRecord | null,
  network: LoadedNetwork,
  now: Date,
): RegistryCardRecord {
  if (!card) throw new AppError('MEDIA_NOT_RECOGNISED');
  if (card.status === null) throw new AppError('MEDIA_STATUS_EMPTY');
  if (card.status === 'INCIDENT' || card.status === 'BLOCKED' || card.incident)
    throw new AppError('MEDIA_INCIDENT');
  if (card.status === 'EXPIRED' || stateOf(card, network, now) === 'EXPIRED')
    throw new AppError('MEDIA_EXPIRED');
  if (card.status !== 'ACTIVE') throw new AppError('MEDIA_UNKNOWN_DATA');
  return card;
}
