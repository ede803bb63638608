// The travellers of the account (ACC-05): the holder and the traveller profiles, each active or
// deactivated; a profile is added, edited, or deactivated after a confirmation
// (Account/disableProfile). Only the holder (a parent account) manages them.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { AuthUser, TravellerProfile } from '@transit-shop/sdk/contract/auth-user';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useFormatDate } from '../../../lib/forms/use-error-text.ts';
import { useDisableProfile } from '../api/disable-profile.ts';
import { AccountSection, SavedStatus, UpdateFailure } from './account-section.tsx';

const fullName = (person: { userName: string | null; userLastname: string | null }) =>
  [person.userName, person.userLastname].filter(Boolean).join(' ');

/** The path of a traveller's edit page. */
export const travellerPath = (profileId: number) => paths.accountProfile.replace(':id', String(profileId));

/** A calendar day (YYYY-MM-DD) as a date at noon, so no time zone moves it to another day. */
const calendarDate = (day: string) => new Date(`${day}T12:00:00`);

function TravellerDetails({ profile, showBirthday }: { profile: TravellerProfile; showBirthday: boolean }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const details = [
    showBirthday && profile.userBirthday
      ? t('account.travellers.bornOn', { date: formatDate(calendarDate(profile.userBirthday)) })
      : null,
    profile.cardNumber ? t('account.travellers.card', { number: profile.cardNumber }) : null,
    profile.signInEmail ? t('account.travellers.signsInWith', { email: profile.signInEmail }) : null,
  ].filter(Boolean);
  if (details.length === 0) return null;
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {details.join(' · ')}
    </Typography>
  );
}

export function TravellersSection({ user, notice }: { user: AuthUser; notice?: string | null }) {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const disable = useDisableProfile();
  const [confirming, setConfirming] = useState<TravellerProfile | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const titleId = useId();
  const textId = useId();
  const showBirthday = !network.configuration.hideBirthDate;
  const manages = user.isParent;

  const confirmDisable = async () => {
    if (!confirming) return;
    const profile = confirming;
    setSaved(null);
    try {
      await disable.mutateAsync(profile.userId);
      setSaved(t('account.travellers.disabled', { name: fullName(profile) }));
    } catch {
      // Said by the alert below.
    }
    setConfirming(null);
  };

  return (
    <AccountSection
      id="travellers"
      title={t('account.travellers.title')}
      intro={t('account.travellers.intro')}
    >
      <List disablePadding aria-label={t('account.travellers.listLabel')}>
        <ListItem divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Typography sx={{ fontWeight: 'fontWeightMedium' }}>{fullName(user)}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {user.isParent ? t('account.travellers.holder') : t('account.travellers.member')}
            </Typography>
          </Box>
        </ListItem>
        {user.profiles.map((profile) => (
          <ListItem key={profile.userId} divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
            <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 'fontWeightMedium' }}>{fullName(profile)}</Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  color={profile.active ? 'success' : 'default'}
                  label={profile.active ? t('account.travellers.active') : t('account.travellers.inactive')}
                />
              </Box>
              <TravellerDetails profile={profile} showBirthday={showBirthday} />
            </Box>
            {manages ? (
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button
                  component={LocaleLink}
                  to={travellerPath(profile.userId)}
                  size="small"
                  aria-label={t('account.travellers.editLabel', { name: fullName(profile) })}
                >
                  {t('account.travellers.edit')}
                </Button>
                {profile.active ? (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => {
                      disable.reset();
                      setConfirming(profile);
                    }}
                    aria-label={t('account.travellers.disableLabel', { name: fullName(profile) })}
                  >
                    {t('account.travellers.disable')}
                  </Button>
                ) : null}
              </Box>
            ) : null}
          </ListItem>
        ))}
      </List>
      {user.profiles.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          {t('account.travellers.none')}
        </Typography>
      ) : null}
      {manages ? null : (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          {t('account.travellers.holderOnly')}
        </Typography>
      )}
      <UpdateFailure change="travellerDisable" failure={disable.error} />
      <SavedStatus message={saved ?? notice ?? null} />
      {manages ? (
        <Button component={LocaleLink} to={paths.accountNewProfile} variant="outlined" sx={{ mt: 2 }}>
          {t('account.travellers.add')}
        </Button>
      ) : null}
      <Dialog
        open={confirming !== null}
        onClose={() => (disable.isPending ? undefined : setConfirming(null))}
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <DialogTitle id={titleId}>{t('account.travellers.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            {confirming ? t('account.travellers.confirmBody', { name: fullName(confirming) }) : null}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} disabled={disable.isPending} autoFocus>
            {t('account.travellers.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={confirmDisable} disabled={disable.isPending}>
            {disable.isPending ? t('account.saving') : t('account.travellers.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </AccountSection>
  );
}
