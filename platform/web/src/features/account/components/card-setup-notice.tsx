// What became of the new card typed on the provider's page, said politely (role status) from the
// moment the browser is back: being saved, saved, refused, left, or still being saved after the wait.
import Alert, { type AlertColor } from '@mui/material/Alert';
import type { CardSetupStatus } from '@transit-shop/sdk/contract/subscriptions';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import type { CardSetupOutcome } from '../hooks/use-card-setup-return.ts';

const SEVERITIES: Record<CardSetupStatus, AlertColor> = {
  OPEN: 'info',
  SAVED: 'success',
  REFUSED: 'warning',
  CANCELLED: 'info',
  EXPIRED: 'info',
};

export function CardSetupNotice({ outcome }: { outcome: CardSetupOutcome }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [severity, text] =
    outcome.kind === 'status'
      ? [SEVERITIES[outcome.status], t(`account.tacit.cardSetup.${outcome.status}`)]
      : outcome.kind === 'waiting'
        ? (['info', t('account.tacit.cardSetup.waiting')] as const)
        : (['error', errorText(outcome.failure)] as const);
  // One live region for the whole wait, so each new text is announced.
  return (
    <Alert severity={severity} role="status" aria-live="polite">
      {text}
    </Alert>
  );
}
