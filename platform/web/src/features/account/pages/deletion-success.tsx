// /deletion/success: the deletion request is recorded and the session has ended; says on which day
// the deletion becomes final (ACC-06, ACC-07) and how to change one's mind meanwhile: signing in
// again, where the reactivation is offered.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DELETION_WITHDRAWAL_DAYS } from '@transit-shop/sdk/constants';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useFormatDate } from '../../../lib/forms/use-error-text.ts';
import { AccountPageFrame } from '../components/account-page-frame.tsx';

function effectiveDate(state: unknown): Date | null {
  const value = (state as { deletionEffectiveAt?: unknown } | null)?.deletionEffectiveAt;
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const formatDate = useFormatDate();
  // Given by the deletion page; a page opened another way says the period without its date.
  const date = effectiveDate(location.state);
  return (
    <AccountPageFrame title={t('account.deletionSuccess.title')}>
      <Typography sx={{ mb: 2 }}>
        {date
          ? t('account.deletionSuccess.finalOn', { date: formatDate(date) })
          : t('account.deletionSuccess.finalAfter', { days: DELETION_WITHDRAWAL_DAYS })}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('account.deletionSuccess.reactivate')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button component={LocaleLink} to={paths.auth} variant="contained">
          {t('account.deletionSuccess.signIn')}
        </Button>
        <Button component={LocaleLink} to={paths.home}>
          {t('account.deletionSuccess.home')}
        </Button>
      </Box>
    </AccountPageFrame>
  );
}
