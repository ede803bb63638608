// A card as the registry answers it, checked in decision 0032's order, and the registry's failures
// turned into MEDIA_ERROR. The birth date is checked before the status, so a stranger with only a
// number learns nothing of the card's state.
import { type MediumState, receivesContracts } from '@transit-shop/sdk/contract/media';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { networkToday } from '@transit-shop/sdk/time/network-clock';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
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
 * it has not expired, and its status is one that receives contracts (MEDIA-05): ACTIVE, or ORDERED,
 * a new card on its way whose contracts wait for its first validation (decision 0037).
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
  if (!receivesContracts(card)) throw new AppError('MEDIA_UNKNOWN_DATA');
  return card;
}

/**
 * The card of that number, usable by whoever gave this birth date (MEDIA-04, MEDIA-05): it exists,
 * has a status, is the holder's (unless the network hides the birth date), and is active.
 */
export function checkUsableCard(options: {
  card: RegistryCardRecord | null;
  birthDate: string | undefined;
  network: LoadedNetwork;
  now: Date;
}): RegistryCardRecord {
  const { card, network } = options;
  if (card && card.status !== null && !network.network.config.hideBirthDate) {
    if (options.birthDate !== card.holderBirthDate) throw new AppError('MEDIA_BIRTH_DATE_MISMATCH');
  }
  return checkCardState(card, network, options.now);
}

/** The birth date a network that shows it requires (NET-06, MEDIA-04), as a field issue. */
export function requireBirthDate(network: LoadedNetwork, birthDate: string | undefined): void {
  if (network.network.config.hideBirthDate || birthDate !== undefined) return;
  throw new AppError('INVALID_REQUEST', {
    details: { issues: [{ path: 'mediaCustomerBirthDate', message: VALIDATION_MESSAGES.required }] },
  });
}
