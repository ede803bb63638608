// The holder's own information: names and birthday (read-only after a FranceConnect link, IDP-01;
// the birthday hidden where the network hides it, NET-06), phone and postal address, which says
// whether it is complete (ACC-02). Saved with Account/update.json.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { addressInputSchema } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { checkDistinctNames } from '@transit-shop/sdk/validation/account-forms';
import { isAddressComplete } from '@transit-shop/sdk/validation/account-rules';
import { birthdaySchema } from '@transit-shop/sdk/validation/birthday';
import { nameSchema } from '@transit-shop/sdk/validation/name';
import { phoneSchema } from '@transit-shop/sdk/validation/phone';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSummary, FormTextField } from '../../../components/form-parts.tsx';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { onSubmit, useAuthForm } from '../../../lib/forms/use-auth-form.ts';
import { hasFranceConnectIdentity } from '../../../lib/identity/identity-rules.ts';
import { type AccountChanges, useUpdateAccount } from '../api/update-account.ts';
import { AccountSection, SavedStatus, UpdateFailure } from './account-section.tsx';

type Field =
  | 'firstName'
  | 'lastName'
  | 'birthday'
  | 'phone'
  | 'addressRoute'
  | 'addressPostalCode'
  | 'addressCity'
  | 'addressState';

type Values = Record<Field, string>;

/** Account/update.json names the fields as the auth user does. */
const FIELD_NAMES = {
  userName: 'firstName',
  userLastname: 'lastName',
  userBirthday: 'birthday',
  userPhoneNumber: 'phone',
  'address.addressRoute': 'addressRoute',
  'address.addressPostalCode': 'addressPostalCode',
  'address.addressCity': 'addressCity',
  'address.addressState': 'addressState',
} as const;

const ADDRESS_FIELDS = ['addressRoute', 'addressPostalCode', 'addressCity', 'addressState'] as const;

/** The sdk's field rules, for the fields this traveller may change (VAL-01, VAL-02, VAL-05). */
function profileFormSchema(options: { names: boolean; birthday: boolean }) {
  return z
    .object({
      firstName: options.names ? nameSchema : z.unknown(),
      lastName: options.names ? nameSchema : z.unknown(),
      birthday: options.birthday ? birthdaySchema.nullable() : z.unknown(),
      phone: phoneSchema.nullable(),
      ...addressInputSchema.shape,
    })
    .superRefine((form, ctx) => {
      if (options.names) checkDistinctNames(String(form.firstName), String(form.lastName), ctx, ['lastName']);
    });
}

function valuesOf(user: AuthUser): Values {
  return {
    firstName: user.userName ?? '',
    lastName: user.userLastname ?? '',
    birthday: user.userBirthday ?? '',
    phone: user.userPhoneNumber ?? '',
    addressRoute: user.address?.addressRoute ?? '',
    addressPostalCode: user.address?.addressPostalCode ?? '',
    addressCity: user.address?.addressCity ?? '',
    addressState: user.address?.addressState ?? '',
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** What the rules check: an empty birthday or phone is none. */
const inputOf = (values: Values) => ({
  ...values,
  birthday: orNull(values.birthday),
  phone: orNull(values.phone),
});

export function ProfileSection({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const update = useUpdateAccount();
  const form = useAuthForm<Field>(FIELD_NAMES);
  const [values, setValues] = useState(() => valuesOf(user));
  const [saved, setSaved] = useState<string | null>(null);
  const addressStatusId = useId();
  const showBirthday = !network.configuration.hideBirthDate;
  // IDP-01: what FranceConnect gives is kept as it gives it.
  const fromProvider = hasFranceConnectIdentity(user, network.authenticationProviders);
  const schema = profileFormSchema({ names: !fromProvider, birthday: showBirthday && !fromProvider });

  const set = (name: Field) => (value: string) => {
    setSaved(null);
    const next = { ...values, [name]: value };
    setValues(next);
    form.changed(name, inputOf(next));
  };

  const submit = async () => {
    setSaved(null);
    const checked = form.check(schema, inputOf(values));
    if (!checked.ok) return;
    const data = checked.data;
    const address = ADDRESS_FIELDS.every((name) => data[name] === '')
      ? null
      : {
          addressRoute: data.addressRoute,
          addressPostalCode: data.addressPostalCode,
          addressCity: data.addressCity,
          addressState: data.addressState,
        };
    const changes: AccountChanges = {
      ...(fromProvider ? {} : { userName: String(data.firstName), userLastname: String(data.lastName) }),
      ...(showBirthday && !fromProvider ? { userBirthday: (data.birthday as string | null) ?? null } : {}),
      userPhoneNumber: data.phone,
      address,
    };
    try {
      const next = await update.mutateAsync(changes);
      setValues(valuesOf(next));
      setSaved(t('account.profile.saved'));
    } catch (error) {
      form.fail(error);
    }
  };

  const field = (
    name: Field,
    options: { type?: string; autoComplete: string; required?: boolean; readOnly?: boolean },
  ) => (
    <FormTextField
      name={name}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete}
      label={t(`account.fields.${name}`)}
      required={options.required ?? false}
      value={values[name]}
      onChange={(event) => set(name)(event.target.value)}
      fieldError={form.errors[name]}
      slotProps={{
        ...(options.readOnly ? { input: { readOnly: true } } : {}),
        ...(options.type === 'date' ? { inputLabel: { shrink: true } } : {}),
      }}
    />
  );

  const addressComplete = isAddressComplete(user.address);

  return (
    <AccountSection
      id="profile"
      title={t('account.profile.title')}
      intro={fromProvider ? t('account.profile.fromFranceConnect') : t('account.profile.intro')}
    >
      <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit(submit)}>
        <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {field('firstName', { autoComplete: 'given-name', required: true, readOnly: fromProvider })}
          {field('lastName', { autoComplete: 'family-name', required: true, readOnly: fromProvider })}
          {showBirthday
            ? field('birthday', { type: 'date', autoComplete: 'bday', readOnly: fromProvider })
            : null}
          {field('phone', { type: 'tel', autoComplete: 'tel' })}
        </Box>
        <Box
          component="fieldset"
          aria-describedby={addressStatusId}
          sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}
        >
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 'fontWeightMedium' }}>
            {t('account.profile.address')}
          </Typography>
          <Typography
            id={addressStatusId}
            variant="body2"
            sx={{ color: addressComplete ? 'text.secondary' : 'warning.main' }}
          >
            {addressComplete ? t('account.profile.addressComplete') : t('account.profile.addressIncomplete')}
          </Typography>
          {field('addressRoute', { autoComplete: 'street-address' })}
          <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
            {field('addressPostalCode', { autoComplete: 'postal-code' })}
            {field('addressCity', { autoComplete: 'address-level2' })}
          </Box>
          {field('addressState', { autoComplete: 'address-level1' })}
        </Box>
        <FormSummary summary={form.summary} />
        <UpdateFailure change="info" failure={form.failure} />
        <SavedStatus message={saved} />
        <Button type="submit" variant="contained" disabled={update.isPending} sx={{ mt: 2 }}>
          {update.isPending ? t('account.saving') : t('account.profile.submit')}
        </Button>
      </Box>
    </AccountSection>
  );
}
