// Decision 0021: the server found the same lines bought by the same buyer minutes ago and placed
// nothing; the buyer says whether to buy them again ("You bought this 5 minutes ago — buy again?").
// When the server names the order (this browser's: another tab paid the cart, decision 0039, or the
// buyer filled the cart again with what was just bought), the dialog says when and which order,
// with the way to see it and its tickets, in words true of both. Cancel is the
// default: a second charge only when asked for.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '../../../lib/tickets/format-instant.ts';
import { useCheckoutSelector, useCheckoutSend } from '../hooks/use-checkout.tsx';

/** "5 minutes ago" in the page's language, with its plural; a purchase under a minute old is "1 minute ago". */
function useMinutesAgo(): (minutes: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'always' });
  return (minutes) => format.format(-Math.max(1, minutes), 'minute');
}

export function RepeatOrderDialog() {
  const { t } = useTranslation();
  const send = useCheckoutSend();
  const titleId = useId();
  const textId = useId();
  const minutesAgo = useMinutesAgo();
  const open = useCheckoutSelector((snapshot) => snapshot.matches('confirmingRepeat'));
  const minutes = useCheckoutSelector((snapshot) => snapshot.context.repeatMinutes);
  const paid = useCheckoutSelector((snapshot) => snapshot.context.repeatOrder);
  const formatInstant = useFormatInstant();
  return (
    <Dialog
      open={open}
      onClose={() => send({ type: 'CANCEL_REPEAT' })}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('checkout.repeat.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {paid
            ? t('checkout.repeat.paidText', { when: formatInstant(paid.boughtAt), number: paid.orderId })
            : t('checkout.repeat.text', { when: minutesAgo(minutes ?? 0) })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => send({ type: 'CANCEL_REPEAT' })} autoFocus>
          {t('checkout.repeat.cancel')}
        </Button>
        {paid ? (
          <Button variant="outlined" onClick={() => send({ type: 'SHOW_PAID_ORDER' })}>
            {t('checkout.repeat.showOrder')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={() => send({ type: 'BUY_AGAIN' })}>
          {t('checkout.repeat.buyAgain')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
