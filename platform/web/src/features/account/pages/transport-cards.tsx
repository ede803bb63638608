// /account/transport-cards (MEDIA-01 to MEDIA-06, decision 0032): the transport cards linked to the
// account as Account/getMedias.json lists them, each with its status and contracts; a card is
// linked through the card-link form, removed after a confirmation (it stays valid on the network),
// or reported lost, stolen or damaged on its own page.
import AddCard from '@mui/icons-material/AddCard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterMediaAnswer } from '@transit-shop/flows/card-link/card-link.machine';
import type { Medium } from '@transit-shop/sdk/contract/media';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useLocation } from 'react-router';
import { CardLinkDialog } from '../../../components/card-link-dialog.tsx';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { useApiClient } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useSessionTicket, WithSession } from '../../../lib/session/use-session.tsx';
import { cardNumberText } from '../../../lib/transport-cards/transport-card-text.ts';
import {
  transportCardsQueryOptions,
  useChangeTransportCard,
  useKeepTransportCards,
} from '../../../lib/transport-cards/transport-cards.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { requireAccountHolder } from '../account-guard.ts';
import { AccountPageFrame } from '../components/account-page-frame.tsx';
import { SavedStatus } from '../components/account-section.tsx';
import { RemoveTransportCardDialog } from '../components/remove-transport-card-dialog.tsx';
import { TransportCardItem } from '../components/transport-card-item.tsx';

export async function loader(args: LoaderFunctionArgs) {
  await requireAccountHolder(args);
  return null;
}

/** What the incident page tells this page when it comes back to it. */
export type TransportCardsNotice = { reportedCard: string };

function TransportCardList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const locale = useLocale();
  const location = useLocation();
  const queryClient = useQueryClient();
  const query = transportCardsQueryOptions(client, userId, locale);
  const medias = useQuery(query);
  const profiles = useUser().data?.profiles ?? [];
  const travellerNameOf = (media: Medium) => {
    const profile = profiles.find((candidate) => candidate.userId === media.profileId);
    return profile ? `${profile.userName} ${profile.userLastname}` : null;
  };
  const change = useChangeTransportCard(userId);
  const keepCards = useKeepTransportCards(userId);
  const [linking, setLinking] = useState(false);
  const [removing, setRemoving] = useState<Medium | null>(null);
  const reported = (location.state as TransportCardsNotice | null)?.reportedCard;
  const [message, setMessage] = useState<string | null>(
    reported ? t('account.transportCards.reported', { number: cardNumberText(reported) }) : null,
  );
  const status = useRef<HTMLDivElement>(null);

  // A removed card's controls are gone: the keyboard goes on from the message saying so.
  useEffect(() => {
    if (message) status.current?.focus();
  }, [message]);

  const linked = useCallback(
    (answer: RegisterMediaAnswer) => {
      keepCards(answer.medias);
      setLinking(false);
      setMessage(t('account.transportCards.linked', { number: cardNumberText(answer.media.number) }));
    },
    [keepCards, t],
  );

  const confirmRemoval = async () => {
    if (!removing || change.isPending) return;
    const media = removing;
    try {
      await change.mutateAsync({ change: 'remove', media });
      setMessage(t('account.transportCards.removed', { number: cardNumberText(media.number) }));
    } catch {
      // Said by the alert below; a card removed or blocked since the list was read shows as it is.
      await queryClient.invalidateQueries({ queryKey: query.queryKey });
    }
    setRemoving(null);
  };

  if (medias.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (medias.isError) return <FailureAlert failure={medias.error} />;

  return (
    <>
      <Box ref={status} tabIndex={-1}>
        <SavedStatus message={message} />
      </Box>
      {change.isError ? <FailureAlert failure={change.error} /> : null}
      {medias.data.length === 0 ? (
        // An explanation, not news: no alert role.
        <Alert severity="info" role="note" sx={{ mt: 2 }}>
          {t('account.transportCards.empty')}
        </Alert>
      ) : null}
      <Box sx={{ my: 2 }}>
        <Button
          variant="contained"
          startIcon={<AddCard />}
          onClick={() => {
            setMessage(null);
            change.reset();
            setLinking(true);
          }}
        >
          {t('account.transportCards.link')}
        </Button>
      </Box>
      {medias.data.length > 0 ? (
        <List disablePadding aria-label={t('account.transportCards.title')}>
          {medias.data.map((media) => (
            <TransportCardItem
              key={media.id}
              media={media}
              travellerName={travellerNameOf(media)}
              onRemove={(chosen) => {
                change.reset();
                setMessage(null);
                setRemoving(chosen);
              }}
            />
          ))}
        </List>
      ) : null}
      <CardLinkDialog open={linking} onClose={() => setLinking(false)} onLinked={linked} />
      <RemoveTransportCardDialog
        media={removing}
        pending={change.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemoval}
      />
    </>
  );
}

function TransportCards() {
  const ticket = useSessionTicket();
  // The loader's guard let only a signed-in customer in.
  return ticket ? <TransportCardList userId={ticket.userId} /> : null;
}

export function Component() {
  const { t } = useTranslation();
  return (
    <AccountPageFrame title={t('account.transportCards.title')} intro={t('account.transportCards.intro')}>
      <WithSession>
        <TransportCards />
      </WithSession>
    </AccountPageFrame>
  );
}
