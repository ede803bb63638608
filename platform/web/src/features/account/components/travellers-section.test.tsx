import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TravellerProfile } from '@transit-shop/sdk/contract/auth-user';
import { describe, expect, it } from 'vitest';
import { openAccountPage, payloadsAt } from '../../../test/account-session.ts';
import { fixtureUser } from '../../../test/session.ts';

const tom: TravellerProfile = {
  userId: 21,
  userName: 'Tom',
  userLastname: 'Martin',
  userBirthday: '2015-06-02',
  cardNumber: '0042 1234',
  active: true,
  signInEmail: null,
};
const ines: TravellerProfile = {
  userId: 22,
  userName: 'Inès',
  userLastname: 'Martin',
  userBirthday: null,
  cardNumber: null,
  active: false,
  signInEmail: null,
};

const travellers = () => screen.getByRole('region', { name: 'Voyageurs' });
const rowOf = (name: string) =>
  within(within(travellers()).getByRole('list', { name: 'Voyageurs du compte' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name)) as HTMLElement;

describe('the travellers section', () => {
  it('ACC-05 lists the holder and the traveller profiles, active or deactivated', async () => {
    await openAccountPage('/account', { signedInAs: fixtureUser({ profiles: [tom, ines] }) });
    expect(within(rowOf('Léa Martin')).getByText('Titulaire du compte')).toBeTruthy();
    expect(within(rowOf('Tom Martin')).getByText('Actif')).toBeTruthy();
    expect(within(rowOf('Tom Martin')).getByText(/Carte n° 0042 1234/)).toBeTruthy();
    expect(within(rowOf('Inès Martin')).getByText('Désactivé')).toBeTruthy();
    // A deactivated profile cannot be deactivated again.
    expect(within(rowOf('Inès Martin')).queryByRole('button', { name: /Désactiver/ })).toBeNull();
    expect(
      within(rowOf('Tom Martin')).getByRole('link', { name: 'Modifier Tom Martin' }).getAttribute('href'),
    ).toBe('/account/21');
  });

  it('ACC-05 deactivates a traveller only after the confirmation, with its own id', async () => {
    const user = userEvent.setup();
    const { calls } = await openAccountPage('/account', {
      signedInAs: fixtureUser({ profiles: [tom] }),
      handlers: {
        'Account/disableProfile': () => ({
          ok: { user: fixtureUser({ profiles: [{ ...tom, active: false }] }) },
        }),
      },
    });
    await user.click(within(rowOf('Tom Martin')).getByRole('button', { name: 'Désactiver Tom Martin' }));
    const dialog = screen.getByRole('dialog', { name: 'Désactiver ce voyageur ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'Account/disableProfile')).toEqual([]);

    await user.click(within(rowOf('Tom Martin')).getByRole('button', { name: 'Désactiver Tom Martin' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Désactiver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(travellers()).getByRole('status').textContent).toBe('Tom Martin a été désactivé(e).'),
    );
    expect(await within(rowOf('Tom Martin')).findByText('Désactivé')).toBeTruthy();
    expect(payloadsAt(calls, 'Account/disableProfile')).toEqual([{ userId: 21 }]);
  });

  it('ACC-05 a profile the server could not deactivate says so, and stays active', async () => {
    const user = userEvent.setup();
    await openAccountPage('/account', {
      signedInAs: fixtureUser({ profiles: [tom] }),
      handlers: { 'Account/disableProfile': () => ({ ko: { code: 'PROFILE_NOT_DISABLED' }, status: 409 }) },
    });
    await user.click(within(rowOf('Tom Martin')).getByRole('button', { name: 'Désactiver Tom Martin' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Désactiver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await within(travellers()).findByRole('alert')).textContent).toBe(
      "Le profil n'a pas pu être désactivé.",
    );
    expect(within(rowOf('Tom Martin')).getByText('Actif')).toBeTruthy();
  });

  it('ACC-05 a traveller profile signed in on its own sees the travellers but cannot manage them', async () => {
    await openAccountPage('/account', { signedInAs: fixtureUser({ isParent: false, profiles: [tom] }) });
    expect(within(travellers()).queryByRole('link', { name: 'Ajouter un voyageur' })).toBeNull();
    expect(within(travellers()).queryByRole('button', { name: /Désactiver/ })).toBeNull();
    expect(within(travellers()).getByText(/Seul le titulaire du compte/)).toBeTruthy();
  });
});
