// Where a contract is, in words: in the wallet, on a card (loaded, waiting for the card's next
// validation, or on a new card on its way by post: decision 0037), to collect at an agency. A card
// number stays one left-to-right run in every language.
import type { ContractPlace } from '@transit-shop/sdk/contract/wallet';
import { useTranslation } from 'react-i18next';
import { cardNumberText } from '../transport-cards/transport-card-text.ts';
import { useFormatInstant } from './format-instant.ts';

export function usePlaceText(): (place: ContractPlace) => string {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  return (place) => {
    switch (place.delivery) {
      case 'WALLET':
        return t('tickets.places.WALLET');
      case 'CARD': {
        if (!place.cardNumber) return t('tickets.places.CARD_pending');
        const number = cardNumberText(place.cardNumber);
        if (place.cardOnItsWay) return t('tickets.places.CARD_onItsWay', { number });
        return place.loadedAt
          ? t('tickets.places.CARD_loaded', { number, date: formatInstant(place.loadedAt) })
          : t('tickets.places.CARD', { number });
      }
      case 'COLLECT':
        return t('tickets.places.COLLECT', { site: place.siteName, date: formatInstant(place.from) });
    }
  };
}
