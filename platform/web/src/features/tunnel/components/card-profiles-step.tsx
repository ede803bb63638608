// /tunnel/card/profiles (has_media_tunnel_pairing): one of the account's cards paired with the
// passenger. Account/registerMedia.json links the card's number again under the passenger's userId
// (a card the account holds is paired anew, decision 0032), with the card holder's birth date
// unless the network hides it (NET-06).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { pairableMediaIn, type TunnelSnapshot } from '@transit-shop/flows/tunnel/tunnel.machine';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { useApiClient } from '../../../lib/api-client.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useUser } from '../../../lib/session/get-user.ts';
import { cardNumberText } from '../../../lib/transport-cards/transport-card-text.ts';
import {
  registerTransportCard,
  useKeepTransportCards,
} from '../../../lib/transport-cards/transport-cards.ts';
import type { TunnelActor } from '../../../lib/tunnel/tunnel-runtime.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { profileUserIdOf } from './card-association-step.tsx';

export function CardProfilesStep({ actor, snapshot }: { actor: TunnelActor; snapshot: TunnelSnapshot }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const locale = useLocale();
  const labelId = useId();
  const { network } = useBootstrap();
  const hideBirthDate = network.configuration.hideBirthDate;
  const user = useUser().data;
  const { selectedPassenger, travellers } = snapshot.context;
  const keepCards = useKeepTransportCards(travellers.holderId);
  const cards = pairableMediaIn(snapshot.context);
  const passengerBirthday =
    (selectedPassenger === travellers.holderId
      ? user?.userBirthday
      : user?.profiles.find((profile) => profile.userId === selectedPassenger)?.userBirthday) ?? '';
  const [chosen, setChosen] = useState<number | null>(null);
  const [birthDate, setBirthDate] = useState<string | null>(null);
  const shownBirthDate = birthDate ?? passengerBirthday;
  const pairing = useMutation({
    mutationFn: (mediaNumber: string) => {
      const userId = profileUserIdOf(snapshot);
      return registerTransportCard(client, {
        mediaNumber,
        lang: locale,
        ...(userId === undefined ? {} : { userId }),
        ...(hideBirthDate || !shownBirthDate ? {} : { mediaCustomerBirthDate: shownBirthDate }),
      });
    },
    onSuccess: (answer) => {
      keepCards(answer.medias);
      actor.send({ type: 'CARD_LINKED', medium: answer.media });
    },
  });

  if (cards.length === 0) {
    return (
      <Alert severity="info" role="note">
        {t('tunnel.pairing.none')}
      </Alert>
    );
  }
  const card = cards.find((candidate) => candidate.id === chosen);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (card && !pairing.isPending) pairing.mutate(card.number);
      }}
    >
      <FormControl>
        <FormLabel id={labelId}>{t('tunnel.pairing.legend')}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={chosen === null ? '' : String(chosen)}
          onChange={(event) => setChosen(Number(event.target.value))}
        >
          {cards.map((medium) => (
            <FormControlLabel
              key={medium.id}
              value={String(medium.id)}
              control={<Radio />}
              label={t('tunnel.selection.card', { number: cardNumberText(medium.number) })}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {hideBirthDate ? null : (
        <TextField
          fullWidth
          margin="normal"
          type="date"
          name="mediaCustomerBirthDate"
          label={t('tunnel.pairing.birthDate')}
          value={shownBirthDate}
          onChange={(event) => setBirthDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
      {pairing.isError ? <FailureAlert failure={pairing.error} /> : null}
      <Button type="submit" variant="contained" loading={pairing.isPending} disabled={!card} sx={{ mt: 2 }}>
        {t('tunnel.pairing.submit')}
      </Button>
    </Box>
  );
}
