// The way from a blocked card (MEDIA-06) to the wallet, where each of its passes moves to another
// card (wallet/transferContract, target MEDIA; decision 0032). Shown only while the card has some.
import Link from '@mui/material/Link';
import type { Medium } from '@transit-shop/sdk/contract/media';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';

/** A card whose passes can move: blocked, or with an incident reported, and carrying contracts. */
export const hasPassesToMove = (media: Medium) =>
  (media.status === 'INCIDENT' || media.status === 'BLOCKED') && media.contracts.length > 0;

export function MovePassesLink() {
  const { t } = useTranslation();
  return (
    <Link component={LocaleLink} to={paths.accountWallet}>
      {t('account.transportCards.movePasses')}
    </Link>
  );
}
