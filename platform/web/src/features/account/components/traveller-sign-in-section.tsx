// A traveller's own sign-in (spec 01 §6, decision 0044): in a session a sign-in provider opened, the
// holder gives the traveller an email and a password, so that they sign in to the shop by themselves
// and see their own tickets; set again, they replace the old ones. After an email-and-password
// sign-in, this says where it can be done. Shown only where the network has sign-in providers.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH } from '@transit-shop/sdk/constants';
import type { AuthUser, TravellerProfile } from '@transit-shop/sdk/contract/auth-user';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { ownCredentialsFormSchema } from '@transit-shop/sdk/validation/account-forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSummary } from '../../../components/form-parts.tsx';
import {
  EMPTY_CREDENTIALS,
  type NewCredentialsField,
  NewCredentialsFields,
} from '../../../components/new-credentials-fields.tsx';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { onSubmit, useAuthForm } from '../../../lib/forms/use-auth-form.ts';
import { useSetProfilePassword } from '../api/set-profile-password.ts';
import { AccountSection, SavedStatus, UpdateFailure } from './account-section.tsx';

/** The server's refusals that belong to one field. */
const FIELD_OF_CODE = { EMAIL_IN_USE: 'email', PASSWORD_TOO_WEAK: 'password' } as const;

export function TravellerSignInSection({ user, profile }: { user: AuthUser; profile: TravellerProfile }) {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const save = useSetProfilePassword();
  const form = useAuthForm<NewCredentialsField>();
  const [values, setValues] = useState(EMPTY_CREDENTIALS);
  const [saved, setSaved] = useState<string | null>(null);
  const providers = network.authenticationProviders;
  const name = profile.userName;
  if (providers.length === 0) return null;

  const submit = async () => {
    setSaved(null);
    const checked = form.check(ownCredentialsFormSchema, values);
    if (!checked.ok) return;
    try {
      await save.mutateAsync({
        profileId: profile.userId,
        email: checked.data.email,
        password: checked.data.password,
      });
      setValues(EMPTY_CREDENTIALS);
      setSaved(t('account.travellerSignIn.saved', { name, email: checked.data.email }));
    } catch (error) {
      form.fail(error, FIELD_OF_CODE);
    }
  };

  const besideField = isAppError(form.failure) && Object.hasOwn(FIELD_OF_CODE, form.failure.code);
  const current = profile.signInEmail
    ? t('account.travellerSignIn.current', { name, email: profile.signInEmail })
    : t('account.travellerSignIn.none', { name });

  return (
    <Box sx={{ mt: 4 }}>
      <AccountSection id="traveller-sign-in" title={t('account.travellerSignIn.title')} intro={current}>
        {user.signedInWith === null ? (
          <Typography variant="body2">
            {t('account.travellerSignIn.providerOnly', {
              providers: providers.map((provider) => provider.name).join(' · '),
            })}
          </Typography>
        ) : (
          <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit(submit)}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(
                profile.signInEmail
                  ? 'account.travellerSignIn.replaceIntro'
                  : 'account.travellerSignIn.intro',
                {
                  name,
                },
              )}
            </Typography>
            <NewCredentialsFields
              values={values}
              onChange={(next, changed) => {
                setSaved(null);
                setValues(next);
                form.changed(changed, next);
              }}
              errors={form.errors}
              labels={{
                email: t('account.travellerSignIn.email', { name }),
                password: t('account.travellerSignIn.password', { name }),
                passwordConfirmation: t('account.travellerSignIn.passwordConfirmation'),
              }}
              passwordHint={t('account.travellerSignIn.passwordRules', { minimum: PASSWORD_MIN_LENGTH })}
              ownEmail={false}
            />
            <FormSummary summary={besideField ? undefined : form.summary} />
            <UpdateFailure change="travellerSignIn" failure={besideField ? null : form.failure} />
            <SavedStatus message={saved} />
            <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 2 }}>
              {save.isPending ? t('account.saving') : t('account.travellerSignIn.submit', { name })}
            </Button>
          </Box>
        )}
      </AccountSection>
    </Box>
  );
}
