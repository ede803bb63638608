// /auth/media: signing in with a transport card (has_media_signin): what it takes, then on to the
// card search.
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { redirectQuery, useRedirectTarget } from '../../../lib/session/redirect-target.ts';
import { AuthPage } from '../components/auth-page.tsx';
import { requireMediaSignIn } from '../lib/media-sign-in.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMediaSignIn(request);
  return null;
}

export function Component() {
  const { t } = useTranslation();
  const target = useRedirectTarget();
  return (
    <AuthPage title={t('auth.media.title')} intro={t('auth.media.intro')}>
      <Typography sx={{ mb: 3 }}>{t('auth.media.what')}</Typography>
      <Button
        component={LocaleLink}
        to={`${paths.authMediaSearch}${redirectQuery(target)}`}
        variant="contained"
        fullWidth
      >
        {t('auth.media.start')}
      </Button>
      <Typography sx={{ mt: 3 }}>
        <Link component={LocaleLink} to={`${paths.auth}${redirectQuery(target)}`}>
          {t('auth.media.backToSignIn')}
        </Link>
      </Typography>
    </AuthPage>
  );
}
