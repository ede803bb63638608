// The maintenance page: what is happening and the estimated end (the MAINTENANCE alert's displayBefore).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alertText, type MaintenanceAlert } from '@transit-shop/sdk';
import type { Locale } from '@transit-shop/sdk/locales';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/page-title.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';

export function formatEndDate(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

export function MaintenancePage({ alert }: { alert: MaintenanceAlert | null }) {
  const { t, i18n } = useTranslation();
  const { network } = useBootstrap();
  const locale = i18n.language as Locale;
  usePageTitle(t('maintenance.title'));
  const message = alert ? alertText(alert.message, locale, [network.defaultLanguage]) : undefined;
  return (
    <Box component="section" sx={{ maxWidth: 720, mx: 'auto', px: 2, py: 8, textAlign: 'center' }}>
      <Typography variant="h1" component="h1" gutterBottom>
        {t('maintenance.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{message ?? t('maintenance.body')}</Typography>
      <Typography sx={{ fontWeight: 600 }}>
        {alert?.displayBefore
          ? t('maintenance.estimatedEnd', {
              date: formatEndDate(alert.displayBefore, locale, network.timeZone),
            })
          : t('maintenance.backSoon')}
      </Typography>
    </Box>
  );
}
