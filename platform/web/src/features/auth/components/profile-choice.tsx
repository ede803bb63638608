// The choice of the profile to sign in with, when the login answers several (AUTH-03).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { ProfileChoice as Profile } from '@transit-shop/flows/session/session.machine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onSubmit } from '../../../lib/forms/use-auth-form.ts';

export function ProfileChoice({
  profiles,
  pending,
  onChoose,
  onCancel,
}: {
  profiles: readonly Profile[];
  pending: boolean;
  onChoose: (userId: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(String(profiles[0]?.userId ?? ''));
  return (
    <Box component="form" noValidate onSubmit={onSubmit(() => onChoose(Number(chosen)))}>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('auth.profiles.legend')}</FormLabel>
        <RadioGroup name="profile" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          {profiles.map((profile) => (
            <FormControlLabel
              key={profile.userId}
              value={String(profile.userId)}
              control={<Radio />}
              label={`${profile.userName} ${profile.userLastname}`}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={pending}>
          {t('auth.profiles.submit')}
        </Button>
        <Button type="button" onClick={onCancel} disabled={pending}>
          {t('auth.profiles.cancel')}
        </Button>
      </Box>
    </Box>
  );
}
