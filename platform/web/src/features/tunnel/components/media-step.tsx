// /tunnel/media: the support among the item's own, on the phone or on a transport card (shown only
// when the item offers more than the card, ROUTE-07).

import type { TunnelSnapshot } from '@transit-shop/flows/tunnel/tunnel.machine';
import { mediaChoicesOf } from '@transit-shop/flows/tunnel/tunnel-rules';
import { useTranslation } from 'react-i18next';
import type { TunnelActor } from '../../../lib/tunnel/tunnel-runtime.ts';
import { ChoiceList } from './choice-list.tsx';

export function MediaStep({ actor, snapshot }: { actor: TunnelActor; snapshot: TunnelSnapshot }) {
  const { t } = useTranslation();
  const { item, media } = snapshot.context;
  return (
    <ChoiceList
      label={t('tunnel.steps.media')}
      choices={(item ? mediaChoicesOf(item) : []).map((support) => ({
        key: support,
        primary: t(`tunnel.media.${support}`),
        secondary: t(`tunnel.media.${support}Hint`),
        selected: support === media,
        onChoose: () => actor.send({ type: 'CHOOSE_MEDIA', media: support }),
      }))}
    />
  );
}
