// Data-sharing consent: whether the account's data may be shared with the partner networks that
// share the account; saved as soon as it is ticked or unticked (Account/update.json).
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateAccount } from '../api/update-account.ts';
import { AccountSection, SavedStatus, UpdateFailure } from './account-section.tsx';

export function ConsentSection({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const [saved, setSaved] = useState<string | null>(null);
  // While the change travels the box shows it; after a failure, the saved value again.
  const checked = update.isPending
    ? (update.variables?.dataSharingConsent ?? false)
    : user.dataSharingConsent;

  const change = (consent: boolean) => {
    setSaved(null);
    update.mutate(
      { dataSharingConsent: consent },
      {
        onSuccess: (next) =>
          setSaved(next.dataSharingConsent ? t('account.consent.given') : t('account.consent.withdrawn')),
      },
    );
  };

  return (
    <AccountSection id="consent" title={t('account.consent.title')} intro={t('account.consent.intro')}>
      <FormControlLabel
        control={
          <Checkbox
            name="dataSharingConsent"
            checked={checked}
            disabled={update.isPending}
            onChange={(event) => change(event.target.checked)}
          />
        }
        label={t('account.consent.label')}
      />
      <UpdateFailure change="consent" failure={update.error} />
      <SavedStatus message={saved} />
    </AccountSection>
  );
}
