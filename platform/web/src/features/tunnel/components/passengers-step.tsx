// /tunnel/passengers: who travels, the account holder and their active traveller profiles, each
// saying whether they hold a card the item can be loaded on (TUN-02).
import CircularProgress from '@mui/material/CircularProgress';
import type { TunnelSnapshot } from '@transit-shop/flows/tunnel/tunnel.machine';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../lib/session/get-user.ts';
import type { TunnelActor } from '../../../lib/tunnel/tunnel-runtime.ts';
import { passengerNamesOf } from '../passenger-names.ts';
import { ChoiceList } from './choice-list.tsx';

export function PassengersStep({ actor, snapshot }: { actor: TunnelActor; snapshot: TunnelSnapshot }) {
  const { t } = useTranslation();
  const user = useUser().data;
  const { passengers, selectedPassenger } = snapshot.context;
  if (!user) return <CircularProgress aria-label={t('common.loading')} />;
  const names = passengerNamesOf(user);
  return (
    <ChoiceList
      label={t('tunnel.steps.passengers')}
      choices={passengers.map((passenger) => {
        const name = names.get(passenger.id) ?? '';
        return {
          key: passenger.id,
          primary: passenger.id === user.userId ? t('tunnel.passengers.holder', { name }) : name,
          secondary: t(`tunnel.passengers.${passenger.media}`),
          selected: passenger.id === selectedPassenger,
          onChoose: () => actor.send({ type: 'CHOOSE_PASSENGER', passengerId: passenger.id }),
        };
      })}
    />
  );
}
