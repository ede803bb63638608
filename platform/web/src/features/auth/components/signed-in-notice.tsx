// Says who a card sign-in signed in (decision 0036): a card opens an account without its email or
// name being typed, so the page it lands on (marked in its history entry's state) names the account
// by its first name, or its email without one, in a status message the traveller closes.
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useUser } from '../../../lib/session/get-user.ts';

/** The history entry's state a card sign-in leaves for the page it lands on. */
export const SIGNED_IN_WITH_CARD = { signedInWithCard: true } as const;

export function SignedInNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: user } = useUser();
  const marked = (location.state as { signedInWithCard?: unknown } | null)?.signedInWithCard === true;
  // Closed for this history entry; another sign-in lands on another one.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const name = user?.userName || user?.userMail;
  return (
    <Snackbar
      open={marked && Boolean(name) && closedFor !== location.key}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert
        role="status"
        severity="success"
        variant="filled"
        onClose={() => setClosedFor(location.key)}
        closeText={t('auth.signedInClose')}
      >
        {t('auth.signedInAs', { name })}
      </Alert>
    </Snackbar>
  );
}
