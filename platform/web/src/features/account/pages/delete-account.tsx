// /account/delete: the account's deletion (spec 01 §4): what the 30-day withdrawal period means
// (ACC-06), a confirmation to tick, then the deletion machine requests it (Account/requestDeletion),
// logs out through the session and the success page follows. A tacit subscription still running
// refuses it (ACC-08): the page says so and leads to the subscriptions, to terminate it first.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import {
  accountDeletionMachine,
  isDeletionBusy,
} from '@transit-shop/flows/account-deletion/account-deletion.machine';
import { DELETION_WITHDRAWAL_DAYS } from '@transit-shop/sdk/constants';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import { LocaleLink, useLocalePath } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useApiClient } from '../../../lib/api-client.ts';
import { useFormatDate } from '../../../lib/forms/use-error-text.ts';
import { useSession, WithSession } from '../../../lib/session/use-session.tsx';
import { requireAccountHolder } from '../account-guard.ts';
import { requestDeletion } from '../api/request-deletion.ts';
import { AccountPageFrame } from '../components/account-page-frame.tsx';
import { UpdateFailure } from '../components/account-section.tsx';
import { useUpdateErrorText } from '../hooks/use-update-error-text.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function loader(args: LoaderFunctionArgs) {
  await requireAccountHolder(args);
  return null;
}

function DeleteAccount() {
  const { t } = useTranslation();
  const client = useApiClient();
  const session = useSession();
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const formatDate = useFormatDate();
  const errorText = useUpdateErrorText('deletion');
  const [snapshot, send] = useMachine(
    accountDeletionMachine.provide({
      actors: {
        requestDeletion: fromPromise(() => requestDeletion(client)),
        logout: fromPromise(async () => {
          await session.run({ type: 'LOGOUT' });
        }),
      },
    }),
  );
  const busy = isDeletionBusy(snapshot);
  const receipt = snapshot.context.receipt;
  const deleted = snapshot.matches('deleted');

  useEffect(() => {
    if (!deleted || !receipt) return;
    navigate(toPath(paths.deletionSuccess), {
      replace: true,
      state: { deletionEffectiveAt: receipt.deletionEffectiveAt },
    });
  }, [deleted, receipt, navigate, toPath]);

  const finalOn = formatDate(new Date(Date.now() + DELETION_WITHDRAWAL_DAYS * DAY_MS));

  return (
    <AccountPageFrame title={t('account.deletion.pageTitle')}>
      <Typography sx={{ mb: 2 }}>
        {t('account.deletion.period', { days: DELETION_WITHDRAWAL_DAYS, date: finalOn })}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('account.deletion.logout')}</Typography>
      <Typography sx={{ mb: 3 }}>
        {t('account.deletion.reactivate', { days: DELETION_WITHDRAWAL_DAYS })}
      </Typography>
      {snapshot.matches('blocked') ? (
        <>
          <Alert severity="error">{errorText(snapshot.context.error)}</Alert>
          <Typography sx={{ mt: 2 }}>{t('account.deletion.blockedHelp')}</Typography>
          <Box sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap' }}>
            <Button component={LocaleLink} to={paths.accountTacit} variant="contained">
              {t('account.deletion.toSubscriptions')}
            </Button>
            <Button component={LocaleLink} to={paths.account}>
              {t('account.deletion.back')}
            </Button>
          </Box>
        </>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          <FormControlLabel
            control={
              <Checkbox
                name="confirmation"
                checked={snapshot.context.confirmed}
                disabled={busy || deleted}
                onChange={(event) => send({ type: 'CONFIRMATION_CHANGED', confirmed: event.target.checked })}
              />
            }
            label={t('account.deletion.confirmation', { days: DELETION_WITHDRAWAL_DAYS })}
          />
          <UpdateFailure change="deletion" failure={snapshot.context.error} />
          <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={!snapshot.can({ type: 'SUBMIT' })}
            >
              {busy || deleted ? t('account.deletion.pending') : t('account.deletion.submit')}
            </Button>
            <Button component={LocaleLink} to={paths.account} disabled={busy || deleted}>
              {t('account.deletion.cancel')}
            </Button>
          </Box>
        </Box>
      )}
    </AccountPageFrame>
  );
}

export function Component() {
  return (
    <WithSession>
      <DeleteAccount />
    </WithSession>
  );
}
