// The card-link form in a dialog (MEDIA-04, MEDIA-05, NET-06), driven by the card-link machine: the
// card's number, and its holder's birth date, or the code printed on the card where the network
// hides the birth date (decision 0036). A refusal about a field is said under it (birth date or code
// mismatch, number not recognised); any other in an alert, with when to try again if it must wait.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  type CardLinkField,
  type CardLinkRefusal,
  cardLinkMachine,
  cardLinkRefusalOf,
  type RegisterMediaAnswer,
  type RegisterMediaInput,
} from '@transit-shop/flows/card-link/card-link.machine';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useApiClient } from '../lib/api-client.ts';
import { useBootstrap } from '../lib/bootstrap-context.tsx';
import { useErrorText } from '../lib/forms/use-error-text.ts';
import { messageKey } from '../lib/message-key.ts';
import { registerTransportCard } from '../lib/transport-cards/transport-cards.ts';
import { useLocale } from '../lib/use-locale.ts';

/** The refusals said under a field rather than in the alert. */
const FIELD_OF_REFUSAL: Partial<Record<CardLinkRefusal, CardLinkField>> = {
  MEDIA_NOT_RECOGNISED: 'number',
  MEDIA_BIRTH_DATE_MISMATCH: 'birthDate',
  MEDIA_PRINTED_CODE_MISMATCH: 'printedCode',
};

function CardLinkForm({
  titleId,
  profileId,
  onLinked,
  onCancel,
  onBusy,
}: {
  titleId: string;
  profileId: number | undefined;
  onLinked: (answer: RegisterMediaAnswer) => void;
  onCancel: () => void;
  /** Told when a link starts and ends: the dialog stays open meanwhile. */
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const locale = useLocale();
  const { network } = useBootstrap();
  const errorText = useErrorText();
  const hideBirthDate = network.configuration.hideBirthDate;
  const formRef = useRef<HTMLFormElement>(null);
  const [snapshot, send] = useMachine(
    cardLinkMachine.provide({
      actors: {
        registerMedia: fromPromise(({ input }: { input: RegisterMediaInput }) =>
          registerTransportCard(client, {
            ...input,
            lang: locale,
            ...(profileId === undefined ? {} : { userId: profileId }),
          }),
        ),
      },
    }),
    { input: { hideBirthDate } },
  );
  const { context } = snapshot;
  const submitting = snapshot.matches('submitting');
  const refusal = cardLinkRefusalOf(snapshot);
  const refusedField = refusal ? FIELD_OF_REFUSAL[refusal] : undefined;
  const output = snapshot.status === 'done' ? snapshot.output : null;

  useEffect(() => onBusy(submitting), [submitting, onBusy]);

  const told = useRef(false);
  useEffect(() => {
    if (!output || told.current) return;
    told.current = true;
    onLinked(output);
  }, [output, onLinked]);

  // Once a submit is checked or answered, the first field said wrong (or else the alert) takes the
  // focus, so a keyboard or screen-reader user lands on it and hears why.
  const [submits, setSubmits] = useState(0);
  useEffect(() => {
    if (submits === 0 || submitting) return;
    const form = formRef.current;
    (
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[role="alert"]')
    )?.focus();
  }, [submits, submitting]);

  const errorOf = (field: CardLinkField): string | undefined => {
    const fieldError = context.fieldErrors[field];
    if (fieldError) return t(messageKey(fieldError.key));
    if (refusedField === field) return errorText(context.error);
    return undefined;
  };
  const numberError = errorOf('number');
  const birthDateError = errorOf('birthDate');
  const printedCodeError = errorOf('printedCode');
  const alertFailure = (refusal && !refusedField) || snapshot.matches({ editing: 'failed' });

  return (
    // The form holds the actions too, so Enter in a field sends it.
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // React events bubble through the portal: a form around the dialog (the product page's) is not sent.
        event.stopPropagation();
        if (!snapshot.can({ type: 'SUBMIT' })) return;
        send({ type: 'SUBMIT' });
        setSubmits((count) => count + 1);
      }}
    >
      <DialogTitle id={titleId}>{t('account.transportCards.linkForm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {hideBirthDate
            ? t('account.transportCards.linkForm.introHidden')
            : t('account.transportCards.linkForm.intro')}
        </DialogContentText>
        <TextField
          fullWidth
          margin="normal"
          name="mediaNumber"
          required
          autoComplete="off"
          label={t('account.transportCards.linkForm.number')}
          value={context.number}
          onChange={(event) => send({ type: 'NUMBER_CHANGED', value: event.target.value })}
          error={Boolean(numberError)}
          helperText={numberError ?? t('account.transportCards.linkForm.numberHint')}
          // Read-only, not disabled, while the link is under way: the focus stays where it is.
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', readOnly: submitting } }}
        />
        {hideBirthDate ? (
          <TextField
            fullWidth
            margin="normal"
            name="mediaPrintedCode"
            required
            autoComplete="off"
            label={t('account.transportCards.linkForm.printedCode')}
            value={context.printedCode}
            onChange={(event) => send({ type: 'PRINTED_CODE_CHANGED', value: event.target.value })}
            error={Boolean(printedCodeError)}
            helperText={printedCodeError ?? t('account.transportCards.linkForm.printedCodeHint')}
            slotProps={{
              htmlInput: {
                dir: 'ltr',
                autoCapitalize: 'characters',
                spellCheck: false,
                readOnly: submitting,
              },
            }}
          />
        ) : (
          <TextField
            fullWidth
            margin="normal"
            name="mediaCustomerBirthDate"
            type="date"
            required
            autoComplete="off"
            label={t('account.transportCards.linkForm.birthDate')}
            value={context.birthDate}
            onChange={(event) => send({ type: 'BIRTH_DATE_CHANGED', value: event.target.value })}
            error={Boolean(birthDateError)}
            {...(birthDateError ? { helperText: birthDateError } : {})}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly: submitting } }}
          />
        )}
        {alertFailure ? (
          <Alert severity="error" tabIndex={-1} sx={{ mt: 2 }}>
            {errorText(context.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={submitting}>
          {t('account.transportCards.linkForm.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={submitting}
          disabled={!snapshot.can({ type: 'SUBMIT' })}
        >
          {submitting
            ? t('account.transportCards.linkForm.pending')
            : t('account.transportCards.linkForm.submit')}
        </Button>
      </DialogActions>
    </Box>
  );
}

export function CardLinkDialog({
  open,
  profileId,
  onClose,
  onLinked,
}: {
  open: boolean;
  /** The traveller profile the card is paired with; the holder's card when left out. */
  profileId?: number;
  onClose: () => void;
  onLinked: (answer: RegisterMediaAnswer) => void;
}) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      {/* Mounted while open: each opening starts a new link. */}
      {open ? (
        <CardLinkForm
          titleId={titleId}
          profileId={profileId}
          onLinked={onLinked}
          onCancel={onClose}
          onBusy={setBusy}
        />
      ) : null}
    </Dialog>
  );
}
