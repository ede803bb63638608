// /account/wallet (WAL-01): the signed-in customer's tickets, with the codes this phone holds.
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { requireCompleteAccount, requireSignIn } from '../../../lib/session/guards.ts';
import { useSessionTicket, WithSession } from '../../../lib/session/use-session.tsx';
import { WalletPageFrame } from '../components/wallet-page-frame.tsx';
import { WalletTickets } from '../components/wallet-tickets.tsx';

export async function loader(args: LoaderFunctionArgs) {
  await requireSignIn(args);
  await requireCompleteAccount(args);
  return null;
}

function SignedInWallet() {
  const ticket = useSessionTicket();
  const { network } = useBootstrap();
  if (!ticket) return null;
  return <WalletTickets holder={{ kind: 'user', networkId: network.id, userId: ticket.userId }} />;
}

export function Component() {
  const { t } = useTranslation();
  return (
    <WalletPageFrame title={t('wallet.title')} intro={t('wallet.intro')}>
      <WithSession>
        <SignedInWallet />
      </WithSession>
    </WalletPageFrame>
  );
}
