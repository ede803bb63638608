// IDP-05: the FranceConnect pages of a network without a FranceConnect provider say so.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthPage } from './auth-page.tsx';

export function NoFranceConnect() {
  const { t } = useTranslation();
  return (
    <AuthPage title={t('auth.providers.franceConnectTitle')}>
      <Alert severity="error">{t('apiErrors.NO_FRANCECONNECT_PROVIDER')}</Alert>
      <Button component={LocaleLink} to={paths.home} variant="outlined" sx={{ mt: 3 }}>
        {t('common.backHome')}
      </Button>
    </AuthPage>
  );
}
