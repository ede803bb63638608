// The session-expired modal (AUTH-10, SHELL-05): says the session ended and offers to reconnect,
// silently with the identity's refresh token when there is one, otherwise through the sign-in page,
// which brings the traveller back here. Sign-in pages say it themselves, so it stays off them.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { redirectQuery } from '../../../lib/session/redirect-target.ts';
import { useSession } from '../../../lib/session/use-session.tsx';

export function SessionExpiredModal() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const titleId = useId();
  const textId = useId();
  const { locale, path } = splitLocale(location.pathname);
  const onAuthPage = path === paths.auth || path.startsWith(`${paths.auth}/`);
  const expired = session.status === 'expired';

  const signInAgain = () => {
    const here = `${location.pathname}${location.search}${location.hash}`;
    navigate(`${localePath(locale, paths.auth)}${redirectQuery(here)}`);
  };

  const reconnect = async () => {
    if (!session.canReconnect) return signInAgain();
    const after = await session.run({ type: 'RECONNECT' });
    if (sessionStatusOf(after) === 'expired') signInAgain();
  };

  return (
    <Dialog
      open={expired && !onAuthPage}
      aria-labelledby={titleId}
      aria-describedby={textId}
      // The traveller chooses with a button: leaving the session clears the cart (AUTH-07).
      onClose={() => {}}
    >
      <DialogTitle id={titleId}>{t('auth.expired.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('auth.expired.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => session.send({ type: 'LOGOUT' })} disabled={session.busy}>
          {t('auth.expired.leave')}
        </Button>
        <Button variant="contained" onClick={reconnect} disabled={session.busy} autoFocus>
          {session.busy ? t('auth.expired.pending') : t('auth.expired.reconnect')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
