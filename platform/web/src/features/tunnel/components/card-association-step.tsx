// /tunnel/card/association: a card linked for the passenger through the account's card-link form
// (Account/registerMedia.json, userId naming the traveller profile when the passenger is one).
import AddCard from '@mui/icons-material/AddCard';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { RegisterMediaAnswer } from '@transit-shop/flows/card-link/card-link.machine';
import type { TunnelSnapshot } from '@transit-shop/flows/tunnel/tunnel.machine';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardLinkDialog } from '../../../components/card-link-dialog.tsx';
import { useKeepTransportCards } from '../../../lib/transport-cards/transport-cards.ts';
import type { TunnelActor } from '../../../lib/tunnel/tunnel-runtime.ts';

/** The userId a card is linked under for the passenger: none for the holder, the profile's otherwise. */
export function profileUserIdOf(snapshot: TunnelSnapshot): number | undefined {
  const { selectedPassenger, travellers } = snapshot.context;
  return selectedPassenger === null || selectedPassenger === travellers.holderId
    ? undefined
    : selectedPassenger;
}

export function CardAssociationStep({ actor, snapshot }: { actor: TunnelActor; snapshot: TunnelSnapshot }) {
  const { t } = useTranslation();
  const keepCards = useKeepTransportCards(snapshot.context.travellers.holderId);
  // The form opens with the page; closed, the button opens it again.
  const [open, setOpen] = useState(true);
  const linked = useCallback(
    (answer: RegisterMediaAnswer) => {
      keepCards(answer.medias);
      setOpen(false);
      actor.send({ type: 'CARD_LINKED', medium: answer.media });
    },
    [actor, keepCards],
  );
  const userId = profileUserIdOf(snapshot);
  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('tunnel.association.intro')}</Typography>
      <Button variant="contained" startIcon={<AddCard />} onClick={() => setOpen(true)}>
        {t('tunnel.association.open')}
      </Button>
      <CardLinkDialog
        open={open}
        {...(userId === undefined ? {} : { profileId: userId })}
        onClose={() => setOpen(false)}
        onLinked={linked}
      />
    </>
  );
}
