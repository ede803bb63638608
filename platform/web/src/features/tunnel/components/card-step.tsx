// /tunnel/card: the passenger has no card the item can be loaded on. Link one (card/association),
// pair one of the account's cards with them (card/profiles, has_media_tunnel_pairing), or buy a
// new card with the item.
import type { TunnelSnapshot } from '@transit-shop/flows/tunnel/tunnel.machine';
import { useTranslation } from 'react-i18next';
import type { TunnelActor } from '../../../lib/tunnel/tunnel-runtime.ts';
import { type Choice, ChoiceList } from './choice-list.tsx';

export function CardStep({ actor, snapshot }: { actor: TunnelActor; snapshot: TunnelSnapshot }) {
  const { t } = useTranslation();
  const newCard = snapshot.context.creationProduct;
  const choices: Choice[] = [
    {
      key: 'link',
      primary: t('tunnel.card.link'),
      secondary: t('tunnel.card.linkHint'),
      onChoose: () => actor.send({ type: 'LINK_CARD' }),
    },
  ];
  if (snapshot.can({ type: 'PAIR_CARD' })) {
    choices.push({
      key: 'pair',
      primary: t('tunnel.card.pair'),
      secondary: t('tunnel.card.pairHint'),
      onChoose: () => actor.send({ type: 'PAIR_CARD' }),
    });
  }
  if (newCard && snapshot.can({ type: 'BUY_NEW_CARD' })) {
    choices.push({
      key: 'buy',
      primary: t('tunnel.card.buy'),
      secondary: t('tunnel.card.buyHint', { name: newCard.name }),
      onChoose: () => actor.send({ type: 'BUY_NEW_CARD' }),
    });
  }
  return <ChoiceList label={t('tunnel.steps.card')} choices={choices} />;
}
