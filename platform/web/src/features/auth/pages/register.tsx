// /auth/register: the registration form; the new account is signed in and asked to confirm its
// email (AUTH-11).
import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useNavigate } from 'react-router';
import { useLocalePath } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { redirectQuery, redirectTargetOf, useRedirectTarget } from '../../../lib/session/redirect-target.ts';
import { getSessionRuntime } from '../../../lib/session/session-runtime.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { AuthPage } from '../components/auth-page.tsx';
import { RegisterForm } from '../components/register-form.tsx';

export async function loader({ request }: LoaderFunctionArgs) {
  const runtime = await getSessionRuntime();
  if (sessionStatusOf(runtime.actor.getSnapshot()) === 'loggedIn') throw redirect(redirectTargetOf(request));
  return null;
}

function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const target = useRedirectTarget();
  return (
    <AuthPage title={t('auth.register.title')}>
      <RegisterForm
        onSignedIn={() => {
          // AUTH-11: the new account is unverified until the emailed link is used.
          navigate(`${toPath(paths.unverifiedAccount)}${redirectQuery(target)}`, { replace: true });
        }}
      />
    </AuthPage>
  );
}

export function Component() {
  return (
    <WithSession>
      <Register />
    </WithSession>
  );
}
