// /auth/media/search: the card sign-in search (has_media_signin): the card number and the holder's
// birth date (not asked where the network hides it, NET-06). One account holds the card: its
// one-time token signs in, as a login does, and the page it lands on says whose account it is;
// several: customer service; none: registering with the card, kept for after the account is made.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import { mediaNumberSchema, searchLocalMediaForSigninCall } from '@transit-shop/sdk/contract/media';
import { birthdaySchema } from '@transit-shop/sdk/validation/birthday';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate } from 'react-router';
import { z } from 'zod';
import { FailureAlert, FormSummary, FormTextField } from '../../../components/form-parts.tsx';
import { LocaleLink, useLocalePath } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { onSubmit, useAuthForm } from '../../../lib/forms/use-auth-form.ts';
import { redirectQuery, useRedirectTarget } from '../../../lib/session/redirect-target.ts';
import { useApplySavedAppearance } from '../../../lib/session/use-apply-saved-appearance.ts';
import { useSession, useSessionRuntime, WithSession } from '../../../lib/session/use-session.tsx';
import { AuthPage } from '../components/auth-page.tsx';
import { SIGNED_IN_WITH_CARD } from '../components/signed-in-notice.tsx';
import { keepMediaForSignIn, requireMediaSignIn } from '../lib/media-sign-in.ts';

type Field = 'mediaNumber' | 'birthDate';

/** The search form: the birth date required unless the network hides it (NET-06). */
function searchFormSchema(hideBirthDate: boolean) {
  return z.object({
    mediaNumber: mediaNumberSchema,
    birthDate: hideBirthDate
      ? z.null()
      : z.string().min(1, { error: VALIDATION_MESSAGES.required }).pipe(birthdaySchema),
  });
}

/** Refusals about one field: said beside it (MEDIA-05 codes). */
const FIELD_OF_CODE = {
  MEDIA_NOT_RECOGNISED: 'mediaNumber',
  MEDIA_BIRTH_DATE_MISMATCH: 'birthDate',
} as const satisfies Record<string, Field>;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMediaSignIn(request);
  return null;
}

function MediaSearch() {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const hideBirthDate = network.configuration.hideBirthDate;
  const session = useSession();
  const { client } = useSessionRuntime();
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const target = useRedirectTarget();
  const applySavedAppearance = useApplySavedAppearance();
  const form = useAuthForm<Field>();
  const [values, setValues] = useState({ mediaNumber: '', birthDate: '' });
  const [searching, setSearching] = useState(false);
  const [several, setSeveral] = useState(false);

  const inputOf = (typed: typeof values) => ({
    mediaNumber: typed.mediaNumber,
    birthDate: hideBirthDate ? null : typed.birthDate,
  });
  const set = (name: Field) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setSeveral(false);
    form.changed(name, inputOf(next));
  };

  const submit = async () => {
    const checked = form.check(searchFormSchema(hideBirthDate), inputOf(values));
    if (!checked.ok) return;
    const { mediaNumber, birthDate } = checked.data;
    setSearching(true);
    setSeveral(false);
    try {
      const answer = await client.call(searchLocalMediaForSigninCall, {
        mediaNumber,
        ...(birthDate ? { mediaCustomerBirthDate: birthDate } : {}),
      });
      if (answer.result === 'SEVERAL') {
        setSeveral(true);
      } else if (answer.result === 'NONE') {
        keepMediaForSignIn({ mediaNumber, birthDate });
        navigate(`${toPath(paths.authMediaRegister)}${redirectQuery(target)}`);
      } else {
        const after = await session.run({ type: 'SIGN_IN_WITH_TOKEN', token: answer.token });
        if (sessionStatusOf(after) === 'loggedIn') {
          if (after.context.user) applySavedAppearance(after.context.user.userId);
          navigate(target, { replace: true, state: SIGNED_IN_WITH_CARD });
        } else if (after.context.error) {
          form.fail(after.context.error);
        }
      }
    } catch (error) {
      form.fail(error, FIELD_OF_CODE);
    } finally {
      setSearching(false);
    }
  };

  const pending = searching || session.busy;
  return (
    <AuthPage title={t('auth.mediaSearch.title')} intro={t('auth.mediaSearch.intro')}>
      <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit(submit)}>
        <FormTextField
          name="mediaNumber"
          label={t('auth.fields.mediaNumber')}
          autoComplete="off"
          inputMode="numeric"
          required
          value={values.mediaNumber}
          onChange={(event) => set('mediaNumber')(event.target.value)}
          fieldError={form.errors.mediaNumber}
          hint={t('auth.mediaSearch.numberHint')}
        />
        {hideBirthDate ? null : (
          <FormTextField
            name="birthDate"
            type="date"
            label={t('auth.fields.mediaBirthDate')}
            autoComplete="bday"
            required
            value={values.birthDate}
            onChange={(event) => set('birthDate')(event.target.value)}
            fieldError={form.errors.birthDate}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
        <FormSummary summary={form.summary} />
        <FailureAlert failure={form.alertFailure} />
        {several ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('auth.mediaSearch.several')}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" fullWidth disabled={pending} sx={{ mt: 3 }}>
          {pending ? t('auth.mediaSearch.pending') : t('auth.mediaSearch.submit')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3 }}>
        <Link component={LocaleLink} to={`${paths.auth}${redirectQuery(target)}`}>
          {t('auth.media.backToSignIn')}
        </Link>
      </Typography>
    </AuthPage>
  );
}

export function Component() {
  return (
    <WithSession>
      <MediaSearch />
    </WithSession>
  );
}
