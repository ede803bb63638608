// The reactivation modal: a signed-in traveller whose account is in its withdrawal period
// (userStatus PENDING_DELETION) may reactivate it (Account/reactivate, ACC-07) or sign out.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DELETION_WITHDRAWAL_DAYS } from '@transit-shop/sdk/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText, useFormatDate } from '../../../lib/forms/use-error-text.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useSession } from '../../../lib/session/use-session.tsx';
import { useReactivateAccount } from '../api/reactivate-account.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function ReactivationModal() {
  const { t } = useTranslation();
  const session = useSession();
  const user = useUser();
  const reactivate = useReactivateAccount();
  const errorText = useErrorText();
  const formatDate = useFormatDate();
  const titleId = useId();
  const textId = useId();
  const pending = session.status === 'loggedIn' && user.data?.userStatus === 'PENDING_DELETION';
  const requestedAt = user.data?.deletionRequestedAt;
  const deletedOn = requestedAt
    ? formatDate(new Date(new Date(requestedAt).getTime() + DELETION_WITHDRAWAL_DAYS * DAY_MS))
    : null;

  return (
    <Dialog open={pending} aria-labelledby={titleId} aria-describedby={textId} onClose={() => {}}>
      <DialogTitle id={titleId}>{t('auth.reactivation.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {deletedOn ? t('auth.reactivation.bodyWithDate', { date: deletedOn }) : t('auth.reactivation.body')}
        </DialogContentText>
        {reactivate.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(reactivate.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => session.send({ type: 'LOGOUT' })}
          disabled={reactivate.isPending || session.busy}
        >
          {t('auth.reactivation.logout')}
        </Button>
        <Button
          variant="contained"
          onClick={() => reactivate.mutate()}
          disabled={reactivate.isPending || session.busy}
          autoFocus
        >
          {reactivate.isPending ? t('auth.reactivation.pending') : t('auth.reactivation.reactivate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
