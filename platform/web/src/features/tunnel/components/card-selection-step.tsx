// /tunnel/card/selection: the passenger's cards the item can be loaded on (ROUTE-08); one is chosen.
import { selectableMediaIn, type TunnelSnapshot } from '@transit-shop/flows/tunnel/tunnel.machine';
import { useTranslation } from 'react-i18next';
import { cardNumberText, useCardDates } from '../../../lib/transport-cards/transport-card-text.ts';
import type { TunnelActor } from '../../../lib/tunnel/tunnel-runtime.ts';
import { ChoiceList } from './choice-list.tsx';

export function CardSelectionStep({ actor, snapshot }: { actor: TunnelActor; snapshot: TunnelSnapshot }) {
  const { t } = useTranslation();
  const { formatDay } = useCardDates();
  const chosen = snapshot.context.selectedMedia?.id;
  return (
    <ChoiceList
      label={t('tunnel.steps.cardSelection')}
      choices={selectableMediaIn(snapshot.context).map((medium) => ({
        key: medium.id,
        primary: t('tunnel.selection.card', { number: cardNumberText(medium.number) }),
        secondary: t('tunnel.selection.expires', { date: formatDay(medium.expires_at) }),
        selected: medium.id === chosen,
        onChoose: () => actor.send({ type: 'SELECT_MEDIUM', mediumId: medium.id }),
      }))}
    />
  );
}
