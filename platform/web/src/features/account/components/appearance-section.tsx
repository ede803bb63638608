// The appearance (THEME-01): the shell's own switch, which writes the theme cookie, and the choice
// saved on the account so it follows the traveller to other devices (Account/update.json).
import { useColorScheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppearanceSwitch } from '../../../components/appearance-switch.tsx';
import { MODE_TO_APPEARANCE } from '../../../lib/theme/cookie-storage-manager.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { AccountSection, SavedStatus, UpdateFailure } from './account-section.tsx';

export function AppearanceSection() {
  const { t } = useTranslation();
  const { mode } = useColorScheme();
  const update = useUpdateAccount();
  const [saved, setSaved] = useState<string | null>(null);
  // The mode shown when the page opened: only a choice made here (or in the footer while the page
  // is open) is saved, never the cookie of this device over the account's choice.
  const previous = useRef(mode);
  const { mutate } = update;

  useEffect(() => {
    const before = previous.current;
    previous.current = mode;
    if (!mode || !before || mode === before) return;
    const appearance = MODE_TO_APPEARANCE[mode];
    setSaved(null);
    mutate(
      { appearance },
      { onSuccess: () => setSaved(t('account.appearance.saved', { mode: t(`shell.appearance.${mode}`) })) },
    );
  }, [mode, mutate, t]);

  return (
    <AccountSection
      id="appearance"
      title={t('account.appearance.title')}
      intro={t('account.appearance.intro')}
    >
      <AppearanceSwitch />
      <UpdateFailure change="appearance" failure={update.error} />
      <SavedStatus message={saved} />
    </AccountSection>
  );
}
