// The confirmation before a transport card leaves the account (MEDIA-03): it says the card stays
// valid on the network until its last day. Cancel, focused first, sends nothing.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Medium } from '@transit-shop/sdk/contract/media';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cardNumberText, useCardDates } from '../../../lib/transport-cards/transport-card-text.ts';

export function RemoveTransportCardDialog({
  media,
  pending,
  onCancel,
  onConfirm,
}: {
  /** The card to remove; null closes the dialog. */
  media: Medium | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const { formatDay } = useCardDates();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={media !== null}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{t('account.transportCards.confirmTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {media
            ? t('account.transportCards.confirmBody', {
                number: cardNumberText(media.number),
                date: formatDay(media.expires_at),
              })
            : null}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending} autoFocus>
          {t('account.transportCards.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={pending}>
          {t('account.transportCards.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
