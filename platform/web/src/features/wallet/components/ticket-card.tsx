// One ticket: its product, traveller, validity on the network's clock, journeys left, the live
// countdown of an activation, where it is when not in the wallet, and its code to show at the gate:
// held by this device, signed again here every few seconds; a guest's pass, its printed code.
// Actions: activate, attestation, move to this phone, move a card's contract to another card.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import type { WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { shownEndOf } from '@transit-shop/sdk/time/network-instant';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { useApiClient } from '../../../lib/api-client.ts';
import type { WalletHolder } from '../../../lib/kept-tickets.ts';
import { useFormatInstant } from '../../../lib/tickets/format-instant.ts';
import { usePlaceText } from '../../../lib/tickets/place-text.ts';
import { cardNumberText } from '../../../lib/transport-cards/transport-card-text.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { downloadAttestation, moveTicketHere } from '../api/wallet.ts';
import { shownValidityOf } from '../lib/format.ts';
import { isMovableToCard } from '../lib/receiving-cards.ts';
import { useTicketCode } from '../lib/use-ticket-code.ts';
import { ActivateButton } from './activate-button.tsx';
import { Countdown } from './countdown.tsx';
import { MoveToCardButton } from './move-to-card-button.tsx';
import { TicketQr } from './ticket-qr.tsx';

function TicketCode({ ticket }: { ticket: WalletTicket }) {
  const { t } = useTranslation();
  const { code, failed } = useTicketCode(ticket.token, ticket.publicId);
  if (failed) return <Alert severity="error">{t('wallet.codeFailed')}</Alert>;
  if (!code) return <Typography sx={{ color: 'text.secondary' }}>{t('wallet.preparingCode')}</Typography>;
  return (
    <>
      <TicketQr code={code} label={t('wallet.codeLabel', { name: ticket.name })} />
      <Typography sx={{ typography: 'body2', color: 'text.secondary', textAlign: 'center', mt: 1 }}>
        {t('wallet.codeHint')}
      </Typography>
    </>
  );
}

/** A guest's pass: its printed code, the same as on paper, shown as is (no device proof). */
function PrintedCode({ ticket, token }: { ticket: WalletTicket; token: string }) {
  const { t } = useTranslation();
  return (
    <>
      <TicketQr code={token} label={t('wallet.codeLabel', { name: ticket.name })} />
      <Typography sx={{ typography: 'body2', color: 'text.secondary', textAlign: 'center', mt: 1 }}>
        {t('wallet.printedHint')}
      </Typography>
    </>
  );
}

/** What the card says after an action succeeded; a new object each time, so each one is told. */
type Announcement = { readonly done: 'activated' | 'moved' | 'movedToCard'; readonly number?: string };

/** An activation's window is open: a journey or first-use ticket counting down. */
function isCountingDown(ticket: WalletTicket): boolean {
  return (
    ticket.phase === 'CURRENT' &&
    (ticket.kind === 'JOURNEYS' || ticket.kind === 'DAY') &&
    ticket.usableUntil !== null &&
    ticket.validTo !== null
  );
}

export function TicketCard({
  ticket,
  holder,
  offline,
  onChanged,
}: {
  ticket: WalletTicket;
  holder: WalletHolder;
  offline: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const locale = useLocale();
  const formatInstant = useFormatInstant();
  const placeText = usePlaceText();
  const validity = shownValidityOf(ticket, new Date());
  const attestation = useMutation({ mutationFn: () => downloadAttestation(client, ticket, locale) });
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  // After the dialog has closed (and given focus back), focus goes to the ticket, whose button may be gone.
  useEffect(() => {
    if (announcement) heading.current?.focus();
  }, [announcement]);
  const changed = (done: Announcement['done'], number?: string) => {
    setAnnouncement({ done, number });
    onChanged();
  };
  const move = useMutation({
    mutationFn: () => moveTicketHere(client, ticket, locale),
    onSuccess: () => changed('moved'),
  });
  const signedIn = holder.kind === 'user';
  const inWallet = ticket.place.delivery === 'WALLET';
  const held = inWallet && ticket.device === 'THIS' && ticket.token !== null;
  // Held by no device, a token is a guest's printed pass; a journey no phone holds yet is bound
  // to the phone that activates it.
  const printed = inWallet && ticket.device === 'NONE' ? ticket.token : null;
  // A journey or first-use ticket not yet started travels only once activated (decision 0030):
  // the card says why before the traveller taps, and why no code shows yet where none does.
  const awaitsActivation =
    inWallet && ticket.device !== 'OTHER' && ticket.activatable && !isCountingDown(ticket);
  return (
    <Card variant="outlined" component="article" aria-label={ticket.name}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography component="h3" variant="h6" ref={heading} tabIndex={-1}>
          {ticket.name}
        </Typography>
        {/* A guest who gave no name travels unnamed: no empty "Traveller:" line. */}
        {ticket.traveller.name ? (
          <Typography>{t('wallet.traveller', { name: ticket.traveller.name })}</Typography>
        ) : null}
        {validity?.kind === 'window' ? (
          <Typography>
            {t('wallet.validity', {
              from: formatInstant(validity.from),
              to: formatInstant(shownEndOf(validity.to)),
            })}
          </Typography>
        ) : validity?.kind === 'activateBefore' ? (
          <Typography>
            {t('wallet.usableUntil', { date: formatInstant(shownEndOf(validity.until)) })}
          </Typography>
        ) : null}
        {ticket.journeysTotal !== null && ticket.journeysLeft !== null ? (
          <Typography>
            {t('wallet.journeys', { left: ticket.journeysLeft, total: ticket.journeysTotal })}
          </Typography>
        ) : null}
        {isCountingDown(ticket) && ticket.validTo ? (
          <Countdown until={ticket.validTo} onEnd={onChanged} />
        ) : null}
        {inWallet ? null : <Typography>{placeText(ticket.place)}</Typography>}
        {inWallet && ticket.device === 'OTHER' ? (
          <Alert severity="info">{t('wallet.otherDevice')}</Alert>
        ) : null}
        {awaitsActivation ? (
          <Typography sx={{ typography: 'body2', color: 'text.secondary' }}>
            {t(held || printed ? 'wallet.activationStarts' : 'wallet.activationNeeded')}
          </Typography>
        ) : null}
        {held && ticket.phase !== 'PAST' ? <TicketCode ticket={ticket} /> : null}
        {printed && ticket.phase !== 'PAST' ? <PrintedCode ticket={ticket} token={printed} /> : null}
        {/* Present before it speaks, so screen readers announce what is put in; no gap while empty. */}
        <Box role="status" sx={{ '&:empty': { mt: -1 } }}>
          {announcement ? (
            <Alert severity="success" role="none">
              {t(`wallet.${announcement.done}`, { number: announcement.number })}
            </Alert>
          ) : null}
        </Box>
        {move.isError ? <FailureAlert failure={move.error} /> : null}
        {attestation.isError ? <FailureAlert failure={attestation.error} /> : null}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {inWallet && ticket.device !== 'OTHER' && ticket.activatable && !offline ? (
          <ActivateButton ticket={ticket} holder={holder} onActivated={() => changed('activated')} />
        ) : null}
        {inWallet && ticket.device === 'OTHER' && signedIn && !offline ? (
          <Button variant="contained" loading={move.isPending} onClick={() => move.mutate()}>
            {t('wallet.moveHere')}
          </Button>
        ) : null}
        {holder.kind === 'user' && !offline && isMovableToCard(ticket) ? (
          <MoveToCardButton
            ticket={ticket}
            userId={holder.userId}
            onMoved={(number) => changed('movedToCard', cardNumberText(number))}
          />
        ) : null}
        {signedIn && !offline ? (
          <Button
            variant="outlined"
            loading={attestation.isPending}
            onClick={() => attestation.mutate()}
            aria-label={t('wallet.attestationLabel', { name: ticket.name })}
          >
            {t('wallet.attestation')}
          </Button>
        ) : null}
      </CardActions>
    </Card>
  );
}
