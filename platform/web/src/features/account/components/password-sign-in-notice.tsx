// IDP-02: in a session a provider opened (Keycloak or FranceConnect), the email and the password
// change only once the traveller has signed in again by email and password; this says so and leads
// there (sign-out, then the sign-in page, coming back to the account page).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { redirectQuery } from '../../../lib/session/redirect-target.ts';
import { useSession } from '../../../lib/session/use-session.tsx';

/** provider: the name of the provider the session was opened with. */
export function PasswordSignInNotice({ provider }: { provider: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const toPath = useLocalePath();

  const signInAgain = async () => {
    await session.run({ type: 'LOGOUT' });
    navigate(`${toPath(paths.auth)}${redirectQuery(toPath(paths.account))}`);
  };

  return (
    <Alert
      severity="info"
      role="none"
      action={
        <Button color="inherit" size="small" onClick={signInAgain} disabled={session.busy}>
          {t('account.credentials.signInAgain')}
        </Button>
      }
    >
      {t('account.credentials.provider', { provider })}
    </Alert>
  );
}
