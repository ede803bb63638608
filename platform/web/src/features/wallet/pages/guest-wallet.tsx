// /wallet/guest/:reference: a guest order's tickets, opened from its confirmation email's link.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { WalletPageFrame } from '../components/wallet-page-frame.tsx';
import { WalletTickets } from '../components/wallet-tickets.tsx';

export function Component() {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const reference = useParams().reference ?? '';
  return (
    <WalletPageFrame title={t('wallet.guest.title')} intro={t('wallet.guest.intro')}>
      <WalletTickets holder={{ kind: 'guest', networkId: network.id, reference }} />
    </WalletPageFrame>
  );
}
