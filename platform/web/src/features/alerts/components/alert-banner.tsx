// The global maintenance alert, under the header, in the visitor's language.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { alertText, type MaintenanceAlert } from '@transit-shop/sdk';
import type { Locale } from '@transit-shop/sdk/locales';
import { ALERT_LEVEL_PALETTE } from '@transit-shop/tenancy/alert-palette';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useGlobalAlert } from '../hooks/use-alerts.ts';

export function AlertMessage({ alert }: { alert: MaintenanceAlert }) {
  const { i18n } = useTranslation();
  const bootstrap = useBootstrap();
  const locale = i18n.language as Locale;
  const fallbacks = [bootstrap.network.defaultLanguage];
  const title = alertText(alert.title, locale, fallbacks);
  return (
    <Alert
      severity={ALERT_LEVEL_PALETTE[alert.level]}
      role="status"
      variant="filled"
      sx={{ borderRadius: 0 }}
    >
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {alertText(alert.message, locale, fallbacks)}
    </Alert>
  );
}

export function AlertBanner() {
  const alert = useGlobalAlert();
  return alert ? <AlertMessage alert={alert} /> : null;
}
