// Which card a cart line goes on, as the cart and the checkout say it: the number of the signed-in
// customer's card the line names (mediaId), grouped by four, once their cards are read.
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../api-client.ts';
import { useUser } from '../session/get-user.ts';
import { useLocale } from '../use-locale.ts';
import { cardNumberText } from './transport-card-text.ts';
import { transportCardsQueryOptions } from './transport-cards.ts';

/**
 * The number of the card `mediaId`, as shown ("⁦2501 0000 1111 2222⁩"), or null while the cards are
 * read or when the card is not among them. Reads the cards only when some line names one.
 */
export function useLineCardNumber(mediaIds: readonly (number | null)[]): (mediaId: number) => string | null {
  const client = useApiClient();
  const locale = useLocale();
  const user = useUser().data;
  const account = user && !user.authAsGuest ? user : null;
  const cards = useQuery({
    ...transportCardsQueryOptions(client, account?.userId ?? 0, locale),
    enabled: account !== null && mediaIds.some((id) => id !== null),
  });
  return (mediaId) => {
    const media = cards.data?.find((candidate) => candidate.id === mediaId);
    return media ? cardNumberText(media.number) : null;
  };
}
