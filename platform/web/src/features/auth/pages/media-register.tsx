// /auth/media/register: "I already have a card" (has_media_signin): the card search found no
// account for the card, so the traveller registers with it shown; once the account is made and
// signed in, the card is linked to it (Account/registerMedia.json, with the number and birth date
// kept from the search), then the new account is asked to confirm its email (AUTH-11).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { registerMediaCall } from '@transit-shop/sdk/contract/media';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useNavigate } from 'react-router';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { LocaleLink, useLocalePath } from '../../../components/locale-link.tsx';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { redirectQuery, useRedirectTarget } from '../../../lib/session/redirect-target.ts';
import { useSessionRuntime, WithSession } from '../../../lib/session/use-session.tsx';
import { cardNumberText } from '../../../lib/transport-cards/transport-card-text.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { AuthPage } from '../components/auth-page.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import {
  forgetMediaForSignIn,
  type KeptMedia,
  keptMediaForSignIn,
  requireMediaSignIn,
} from '../lib/media-sign-in.ts';

/** A card number grouped by four digits, as printed on the card. */

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMediaSignIn(request);
  // Without a card from the search there is nothing to register with: the search first.
  if (keptMediaForSignIn() === null) {
    const url = new URL(request.url);
    throw redirect(`${localePath(splitLocale(url.pathname).locale, paths.authMediaSearch)}${url.search}`);
  }
  return null;
}

function MediaRegister({ media }: { media: KeptMedia }) {
  const { t } = useTranslation();
  const { client } = useSessionRuntime();
  const locale = useLocale();
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const target = useRedirectTarget();
  const [linkFailure, setLinkFailure] = useState<unknown>(null);
  const next = `${paths.unverifiedAccount}${redirectQuery(target)}`;

  if (linkFailure) {
    // The account exists and is signed in: the card can be linked later from the account.
    return (
      <AuthPage title={t('auth.mediaRegister.title')}>
        <Alert severity="success">{t('auth.mediaRegister.created')}</Alert>
        <FailureAlert failure={linkFailure} />
        <Button component={LocaleLink} to={next} replace variant="contained" fullWidth sx={{ mt: 3 }}>
          {t('auth.mediaRegister.continue')}
        </Button>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('auth.mediaRegister.title')} intro={t('auth.mediaRegister.intro')}>
      <RegisterForm
        before={
          <Alert severity="info" icon={false} role="note">
            {t('auth.mediaRegister.card', { number: cardNumberText(media.mediaNumber) })}
          </Alert>
        }
        onSignedIn={async () => {
          try {
            await client.call(registerMediaCall, {
              mediaNumber: media.mediaNumber,
              ...(media.birthDate ? { mediaCustomerBirthDate: media.birthDate } : {}),
              lang: locale,
            });
            forgetMediaForSignIn();
            navigate(toPath(next), { replace: true });
          } catch (error) {
            setLinkFailure(error);
          }
        }}
      />
    </AuthPage>
  );
}

export function Component() {
  // Read once: the card stays the one the search found while the page is open.
  const [media] = useState(keptMediaForSignIn);
  if (!media) return null;
  return (
    <WithSession>
      <MediaRegister media={media} />
    </WithSession>
  );
}
