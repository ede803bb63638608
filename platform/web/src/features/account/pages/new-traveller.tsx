// /account/new: adds a traveller profile (ACC-05) with Account/createProfile.json, then back to the
// account page, which announces it.
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useNavigate } from 'react-router';
import { useLocalePath } from '../../../components/locale-link.tsx';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { requireAccountHolder } from '../account-guard.ts';
import { useCreateProfile } from '../api/create-profile.ts';
import { AccountPageFrame } from '../components/account-page-frame.tsx';
import { TravellerForm } from '../components/traveller-form.tsx';
import type { AccountNotice } from '../notices.ts';

/** Signed in as the holder: a traveller's own profile adds none. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireAccountHolder(args);
  if (user && !user.isParent) {
    throw redirect(localePath(splitLocale(new URL(args.request.url).pathname).locale, paths.account));
  }
  return null;
}

function NewTraveller() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const create = useCreateProfile();
  return (
    <AccountPageFrame title={t('account.traveller.newTitle')} intro={t('account.traveller.newIntro')}>
      <TravellerForm
        initial={{ firstName: '', lastName: '', birthday: null, cardNumber: null }}
        pending={create.isPending}
        submitLabel={t('account.traveller.add')}
        onSave={async (values) => {
          const { profile } = await create.mutateAsync(values);
          const notice: AccountNotice = {
            kind: 'travellerAdded',
            name: `${profile.userName} ${profile.userLastname}`,
          };
          navigate(toPath(paths.account), { state: { accountNotice: notice } });
        }}
      />
    </AccountPageFrame>
  );
}

export function Component() {
  return (
    <WithSession>
      <NewTraveller />
    </WithSession>
  );
}
