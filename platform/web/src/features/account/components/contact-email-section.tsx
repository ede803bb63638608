// The contact email: where the shop writes when it should not be the sign-in email; left empty,
// the sign-in email is used. Saved with Account/update.json.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { emailSchema } from '@transit-shop/sdk/validation/email';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSummary, FormTextField } from '../../../components/form-parts.tsx';
import { onSubmit, useAuthForm } from '../../../lib/forms/use-auth-form.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { AccountSection, SavedStatus, UpdateFailure } from './account-section.tsx';

const contactEmailFormSchema = z.object({ contactEmail: emailSchema.nullable() });

/** Left empty, the contact email is cleared. */
const inputOf = (value: string) => ({ contactEmail: value.trim() === '' ? null : value });

export function ContactEmailSection({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const form = useAuthForm<'contactEmail'>();
  const [value, setValue] = useState(user.contactEmail ?? '');
  const [saved, setSaved] = useState<string | null>(null);

  const submit = async () => {
    setSaved(null);
    const checked = form.check(contactEmailFormSchema, inputOf(value));
    if (!checked.ok) return;
    try {
      const next = await update.mutateAsync({ contactEmail: checked.data.contactEmail });
      setValue(next.contactEmail ?? '');
      setSaved(
        next.contactEmail
          ? t('account.contactEmail.saved', { email: next.contactEmail })
          : t('account.contactEmail.cleared'),
      );
    } catch (error) {
      form.fail(error);
    }
  };

  return (
    <AccountSection
      id="contact-email"
      title={t('account.contactEmail.title')}
      intro={t('account.contactEmail.intro')}
    >
      <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit(submit)}>
        <FormTextField
          name="contactEmail"
          type="email"
          autoComplete="email"
          label={t('account.fields.contactEmail')}
          value={value}
          onChange={(event) => {
            setSaved(null);
            setValue(event.target.value);
            form.changed('contactEmail', inputOf(event.target.value));
          }}
          fieldError={form.errors.contactEmail}
          hint={t('account.contactEmail.hint', { email: user.userMail ?? '' })}
        />
        <FormSummary summary={form.summary} />
        <UpdateFailure change="contactEmail" failure={form.failure} />
        <SavedStatus message={saved} />
        <Button type="submit" variant="contained" disabled={update.isPending} sx={{ mt: 2 }}>
          {update.isPending ? t('account.saving') : t('account.contactEmail.submit')}
        </Button>
      </Box>
    </AccountSection>
  );
}
