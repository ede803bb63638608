// The form of a traveller profile, added or edited (ACC-05): first and last name (VAL-01, VAL-02),
// the birthday unless the network hides it (NET-06) and an optional transport card number. The sdk's traveller schema checks it before anything is sent.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { travellerProfileFormSchema } from '@transit-shop/sdk/validation/account-forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSummary, FormTextField } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { onSubmit, useAuthForm } from '../../../lib/forms/use-auth-form.ts';
import { UpdateFailure } from './account-section.tsx';

type Field = 'firstName' | 'lastName' | 'birthday' | 'cardNumber';

export type TravellerValues = {
  firstName: string;
  lastName: string;
  /** Undefined where the network hides the birth date: then it is not sent. */
  birthday: string | null | undefined;
  cardNumber: string | null;
};

/** The server names the fields as the auth user does. */
const FIELD_NAMES = {
  userName: 'firstName',
  userLastname: 'lastName',
  userBirthday: 'birthday',
} as const;

export function TravellerForm({
  initial,
  pending,
  submitLabel,
  onSave,
}: {
  initial: { firstName: string; lastName: string; birthday: string | null; cardNumber: string | null };
  pending: boolean;
  submitLabel: string;
  /** Saves the checked values; rejects with the call's error. */
  onSave: (values: TravellerValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const showBirthday = !network.configuration.hideBirthDate;
  const form = useAuthForm<Field>(FIELD_NAMES);
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: initial.firstName,
    lastName: initial.lastName,
    birthday: initial.birthday ?? '',
    cardNumber: initial.cardNumber ?? '',
  });

  /** What the rules check: an empty or hidden birthday and an empty card number are none. */
  const inputOf = (typed: Record<Field, string>) => ({
    firstName: typed.firstName,
    lastName: typed.lastName,
    birthday: showBirthday && typed.birthday !== '' ? typed.birthday : null,
    cardNumber: typed.cardNumber.trim() !== '' ? typed.cardNumber : null,
  });

  const submit = async () => {
    const checked = form.check(travellerProfileFormSchema, inputOf(values));
    if (!checked.ok) return;
    try {
      await onSave({
        firstName: checked.data.firstName,
        lastName: checked.data.lastName,
        birthday: showBirthday ? checked.data.birthday : undefined,
        cardNumber: checked.data.cardNumber,
      });
    } catch (error) {
      form.fail(error);
    }
  };

  const field = (
    name: Field,
    options: { type?: string; autoComplete: string; required?: boolean; hint?: string },
  ) => (
    <FormTextField
      name={name}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete}
      label={t(`account.fields.${name}`)}
      required={options.required ?? false}
      value={values[name]}
      onChange={(event) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        form.changed(name, inputOf(next));
      }}
      fieldError={form.errors[name]}
      {...(options.hint ? { hint: options.hint } : {})}
      {...(options.type === 'date' ? { slotProps: { inputLabel: { shrink: true } } } : {})}
    />
  );

  return (
    <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit(submit)}>
      {field('firstName', { autoComplete: 'off', required: true })}
      {field('lastName', { autoComplete: 'off', required: true })}
      {showBirthday ? field('birthday', { type: 'date', autoComplete: 'off' }) : null}
      {field('cardNumber', { autoComplete: 'off', hint: t('account.traveller.cardNumberHint') })}
      <FormSummary summary={form.summary} />
      <UpdateFailure change="traveller" failure={form.failure} />
      <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? t('account.saving') : submitLabel}
        </Button>
        <Button component={LocaleLink} to={paths.account}>
          {t('account.traveller.cancel')}
        </Button>
      </Box>
    </Box>
  );
}
