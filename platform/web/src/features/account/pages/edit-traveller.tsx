// /account/:id: edits a traveller profile of the account (ACC-05), then back to the account page,
// which announces it. An id that is not one of the account's profiles is a 404; a deactivated
// profile is shown, not edited (the backend refuses changes to it). Below, the traveller's own
// sign-in (decision 0044).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, redirect, useNavigate, useParams } from 'react-router';
import { LocaleLink, useLocalePath } from '../../../components/locale-link.tsx';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { requireAccountHolder } from '../account-guard.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { AccountPageFrame } from '../components/account-page-frame.tsx';
import { TravellerForm } from '../components/traveller-form.tsx';
import { TravellerSignInSection } from '../components/traveller-sign-in-section.tsx';
import type { AccountNotice } from '../notices.ts';

const profileIdOf = (param: string | undefined) => (param && /^\d+$/.test(param) ? Number(param) : null);

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireAccountHolder(args);
  if (!user) return null;
  if (!user.isParent) {
    throw redirect(localePath(splitLocale(new URL(args.request.url).pathname).locale, paths.account));
  }
  const id = profileIdOf(args.params.id);
  if (id === null || !user.profiles.some((profile) => profile.userId === id)) {
    throw data(null, { status: 404 });
  }
  return null;
}

function EditTraveller() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const params = useParams();
  const user = useUser();
  const holderId = user.data?.userId ?? 0;
  const update = useUpdateProfile(holderId);
  const id = profileIdOf(params.id);
  const profile = user.data?.profiles.find((candidate) => candidate.userId === id);

  return (
    <AccountPageFrame title={t('account.traveller.editTitle')}>
      {profile && !profile.active ? (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('account.traveller.inactiveNote')}
          </Alert>
          <Button component={LocaleLink} to={paths.account}>
            {t('account.traveller.back')}
          </Button>
        </>
      ) : null}
      {profile?.active ? (
        <TravellerForm
          initial={{
            firstName: profile.userName,
            lastName: profile.userLastname,
            birthday: profile.userBirthday,
            cardNumber: profile.cardNumber,
          }}
          pending={update.isPending}
          submitLabel={t('account.traveller.save')}
          onSave={async (values) => {
            await update.mutateAsync({
              profileId: profile.userId,
              firstName: values.firstName,
              lastName: values.lastName,
              ...(values.birthday === undefined ? {} : { birthday: values.birthday }),
              cardNumber: values.cardNumber,
            });
            const notice: AccountNotice = {
              kind: 'travellerSaved',
              name: `${values.firstName} ${values.lastName}`,
            };
            navigate(toPath(paths.account), { state: { accountNotice: notice } });
          }}
        />
      ) : null}
      {profile?.active && user.data ? <TravellerSignInSection user={user.data} profile={profile} /> : null}
    </AccountPageFrame>
  );
}

export function Component() {
  return (
    <WithSession>
      <EditTraveller />
    </WithSession>
  );
}
