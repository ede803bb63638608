// Activation (Ticket/punchTicket.json): a confirmation first, then the call with an activationId
// drawn at the tap and kept until it succeeds, so a retry answers the same activation.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import type { WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { useApiClient } from '../../../lib/api-client.ts';
import type { WalletHolder } from '../../../lib/kept-tickets.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { activateTicket } from '../api/wallet.ts';

export function ActivateButton({
  ticket,
  holder,
  onActivated,
}: {
  ticket: WalletTicket;
  holder: WalletHolder;
  onActivated: (ticket: WalletTicket) => void;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const locale = useLocale();
  const titleId = useId();
  const textId = useId();
  const [open, setOpen] = useState(false);
  const activationId = useRef<string | null>(null);
  const activate = useMutation({
    mutationFn: (id: string) => activateTicket(client, holder, ticket, id, locale),
    onSuccess: (activated) => {
      activationId.current = null;
      setOpen(false);
      onActivated(activated);
    },
  });
  const confirm = () => {
    activationId.current ??= crypto.randomUUID();
    activate.mutate(activationId.current);
  };
  return (
    <>
      <Button
        variant="contained"
        onClick={() => setOpen(true)}
        aria-label={t('wallet.activateLabel', { name: ticket.name })}
      >
        {t('wallet.activate')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} aria-describedby={textId}>
        <DialogTitle id={titleId}>{t('wallet.activateTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t('wallet.activateText')}</DialogContentText>
          {activate.isError ? <FailureAlert failure={activate.error} /> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('wallet.cancel')}</Button>
          <Button variant="contained" loading={activate.isPending} onClick={confirm} autoFocus>
            {t('wallet.activate')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
