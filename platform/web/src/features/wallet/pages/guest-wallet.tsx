// /wallet/guest/:reference: a guest order's tickets, opened from its confirmation email's link.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { WalletPageFrame } from '../components/wallet-page-frame.tsx';
import { WalletTickets } from '../components/wallet-tickets.tsx';

export function Component() {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const reference = useParams().reference ?? '';
  return (
    <WalletPageFrame title={t('wallet.guest.title')} intro={t('wallet.guest.intro')}>
      {/* The session's client, signed out: the reference is the grant. */}
      <WithSession>
        <WalletTickets holder={{ kind: 'guest', networkId: network.id, reference }} />
      </WithSession>
    </WalletPageFrame>
  );
}
