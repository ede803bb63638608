// /account/transport-cards/incident/:id (MEDIA-06, decision 0032): the customer says whether the
// card was lost, stolen or damaged, confirms, and Account/reportMediaIncident.json blocks it; the
// cards page follows, saying the card is blocked and its contracts can be moved to another card.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useQuery } from '@tanstack/react-query';
import { INCIDENT_KINDS, type IncidentKind, type Medium } from '@transit-shop/sdk/contract/media';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { LocaleLink, useLocalePath } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useApiClient } from '../../../lib/api-client.ts';
import { useSessionTicket, WithSession } from '../../../lib/session/use-session.tsx';
import { cardNumberText } from '../../../lib/transport-cards/transport-card-text.ts';
import {
  transportCardsQueryOptions,
  useChangeTransportCard,
} from '../../../lib/transport-cards/transport-cards.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { requireAccountHolder } from '../account-guard.ts';
import { AccountPageFrame } from '../components/account-page-frame.tsx';
import { hasPassesToMove, MovePassesLink } from '../components/move-passes-link.tsx';
import type { TransportCardsNotice } from './transport-cards.tsx';

export async function loader(args: LoaderFunctionArgs) {
  await requireAccountHolder(args);
  return null;
}

function IncidentForm({ media, userId }: { media: Medium; userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const change = useChangeTransportCard(userId);
  const [kind, setKind] = useState<IncidentKind | null>(null);
  const [missingKind, setMissingKind] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const legendId = useId();
  const helperId = useId();
  const titleId = useId();
  const textId = useId();
  const choices = useRef<HTMLFieldSetElement>(null);
  const number = cardNumberText(media.number);
  const kindText = (value: IncidentKind) => t(`account.transportCards.incident.kinds.${value}`);

  const report = async () => {
    if (!kind || change.isPending) return;
    try {
      await change.mutateAsync({ change: 'reportIncident', media, kind });
    } catch {
      setConfirming(false);
      return;
    }
    const notice: TransportCardsNotice = { reportedCard: media.number };
    navigate(toPath(paths.accountTransportCards), { state: notice });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!kind) {
          setMissingKind(true);
          choices.current?.querySelector('input')?.focus();
          return;
        }
        change.reset();
        setConfirming(true);
      }}
    >
      <FormControl component="fieldset" ref={choices} error={missingKind} required>
        <FormLabel component="legend" id={legendId}>
          {t('account.transportCards.incident.kind')}
        </FormLabel>
        <RadioGroup
          name="kind"
          aria-labelledby={legendId}
          aria-describedby={missingKind ? helperId : undefined}
          value={kind ?? ''}
          onChange={(event) => {
            setKind(event.target.value as IncidentKind);
            setMissingKind(false);
          }}
        >
          {INCIDENT_KINDS.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={kindText(value)} />
          ))}
        </RadioGroup>
        {missingKind ? (
          <FormHelperText id={helperId}>{t('account.transportCards.incident.kindRequired')}</FormHelperText>
        ) : null}
      </FormControl>
      {change.isError ? <FailureAlert failure={change.error} /> : null}
      <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" color="error">
          {t('account.transportCards.incident.submit')}
        </Button>
        <Button component={LocaleLink} to={paths.accountTransportCards}>
          {t('account.transportCards.incident.back')}
        </Button>
      </Box>
      <Dialog
        open={confirming}
        onClose={change.isPending ? undefined : () => setConfirming(false)}
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <DialogTitle id={titleId}>{t('account.transportCards.incident.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            {kind ? t('account.transportCards.incident.confirmBody', { number, kind: kindText(kind) }) : null}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={change.isPending} autoFocus>
            {t('account.transportCards.incident.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={report} loading={change.isPending}>
            {t('account.transportCards.incident.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function Incident({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const locale = useLocale();
  const params = useParams();
  const medias = useQuery(transportCardsQueryOptions(client, userId, locale));

  if (medias.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (medias.isError) return <FailureAlert failure={medias.error} />;
  const media = medias.data.find((candidate) => String(candidate.id) === params.id);
  // Only an active card can be reported: a blocked one already was, and its passes can move.
  if (media?.status !== 'ACTIVE') {
    return (
      <>
        <Alert severity="info">
          {t('account.transportCards.incident.notFound')}
          {media && hasPassesToMove(media) ? (
            <>
              {' '}
              <MovePassesLink />
            </>
          ) : null}
        </Alert>
        <Button component={LocaleLink} to={paths.accountTransportCards} sx={{ mt: 2 }}>
          {t('account.transportCards.incident.back')}
        </Button>
      </>
    );
  }
  return (
    <>
      {/* What the report does, read before choosing: no alert role. */}
      <Alert severity="warning" role="note" sx={{ mb: 3 }}>
        {t('account.transportCards.incident.intro', { number: cardNumberText(media.number) })}
      </Alert>
      <IncidentForm media={media} userId={userId} />
    </>
  );
}

function TransportCardIncident() {
  const ticket = useSessionTicket();
  return ticket ? <Incident userId={ticket.userId} /> : null;
}

export function Component() {
  const { t } = useTranslation();
  return (
    <AccountPageFrame title={t('account.transportCards.incident.title')}>
      <WithSession>
        <TransportCardIncident />
      </WithSession>
    </AccountPageFrame>
  );
}
