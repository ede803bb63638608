// Where a contract is, in words: in the wallet, to be loaded on a card, to collect at an agency.
import type { ContractPlace } from '@transit-shop/sdk/contract/wallet';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from './format-instant.ts';

export function usePlaceText(): (place: ContractPlace) => string {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  return (place) => {
    switch (place.delivery) {
      case 'WALLET':
        return t('tickets.places.WALLET');
      case 'CARD':
        return place.cardNumber
          ? t('tickets.places.CARD', { number: place.cardNumber })
          : t('tickets.places.CARD_pending');
      case 'COLLECT':
        return t('tickets.places.COLLECT', { site: place.siteName, date: formatInstant(place.from) });
    }
  };
}
