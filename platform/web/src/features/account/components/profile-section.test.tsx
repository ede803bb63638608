import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { descriptionOf, openAccountPage, payloadsAt } from '../../../test/account-session.ts';
import {
  bootstrapWithProviders,
  fixtureBootstrap,
  franceConnectProvider,
  keycloakProvider,
} from '../../../test/fixtures/bootstrap.ts';
import { fixtureUser } from '../../../test/session.ts';

const fullAddress = {
  addressRoute: '3 rue des Lilas',
  addressPostalCode: '69003',
  addressCity: 'Lyon',
  addressState: 'Auvergne-Rhône-Alpes',
};

const profile = () => screen.getByRole('region', { name: 'Mes informations' });

describe('the profile section', () => {
  it('ACC-02 says the address is incomplete until route, postal code, city and state are saved', async () => {
    const user = userEvent.setup();
    const holder = fixtureUser({ address: { ...fullAddress, addressState: '' } });
    const { calls } = await openAccountPage('/account', {
      signedInAs: holder,
      handlers: {
        'Account/update.json': (payload) => ({
          ok: { user: { ...holder, address: payload.address, userPhoneNumber: payload.userPhoneNumber } },
        }),
      },
    });
    const section = profile();
    const address = within(section).getByRole('group', { name: 'Adresse postale' });
    expect(address.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(section).getByText(/Votre adresse est incomplète/)).toBeTruthy();

    await user.type(within(section).getByRole('textbox', { name: 'Région' }), fullAddress.addressState);
    await user.type(within(section).getByRole('textbox', { name: 'Téléphone' }), '04 72 00 00 00');
    await user.click(within(section).getByRole('button', { name: 'Enregistrer mes informations' }));

    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe('Vos informations ont été enregistrées.'),
    );
    expect(await within(section).findByText('Votre adresse est complète.')).toBeTruthy();
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([
      {
        userId: 7,
        userName: 'Léa',
        userLastname: 'Martin',
        userBirthday: '1990-04-01',
        userPhoneNumber: '04 72 00 00 00',
        address: fullAddress,
      },
    ]);
  });

  it('VAL-01 VAL-02 a name with a digit or a last name equal to the first name is refused before sending', async () => {
    const user = userEvent.setup();
    const { calls } = await openAccountPage('/account', { signedInAs: fixtureUser() });
    const section = profile();
    const firstName = within(section).getByRole('textbox', { name: /Prénom/ });
    const lastName = within(section).getByRole('textbox', { name: /Nom/ });
    await user.clear(firstName);
    await user.type(firstName, 'L3a');
    await user.clear(lastName);
    await user.type(lastName, 'l3a');
    await user.click(within(section).getByRole('button', { name: 'Enregistrer mes informations' }));

    expect(descriptionOf(firstName)).toBe('Le nom ne doit pas contenir de chiffre.');
    expect(descriptionOf(lastName)).toBe('Le nom ne doit pas contenir de chiffre.');
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(firstName);

    await user.clear(firstName);
    await user.type(firstName, 'Zoé');
    await user.clear(lastName);
    await user.type(lastName, 'ZOE');
    await user.click(within(section).getByRole('button', { name: 'Enregistrer mes informations' }));
    expect(descriptionOf(lastName)).toBe('Le nom doit être différent du prénom.');
    expect(lastName.getAttribute('aria-invalid')).toBe('true');
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([]);
  });

  it('VAL-05 a wrong phone number is said beside the field', async () => {
    const user = userEvent.setup();
    const { calls } = await openAccountPage('/en/account', {
      signedInAs: fixtureUser(),
      heading: 'My account',
    });
    const section = screen.getByRole('region', { name: 'My details' });
    await user.type(within(section).getByRole('textbox', { name: 'Phone' }), '12ab');
    await user.click(within(section).getByRole('button', { name: 'Save my details' }));
    expect(descriptionOf(within(section).getByRole('textbox', { name: 'Phone' }))).toBe(
      'The phone number provided is incorrect',
    );
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([]);
  });

  it('a network that hides the birth date shows no birthday field on the profile and sends none', async () => {
    const user = userEvent.setup();
    const base = fixtureBootstrap();
    const bootstrap = fixtureBootstrap({
      network: { ...base.network, configuration: { ...base.network.configuration, hideBirthDate: true } },
    });
    const holder = fixtureUser();
    const { calls } = await openAccountPage('/account', {
      signedInAs: holder,
      bootstrap,
      handlers: { 'Account/update.json': () => ({ ok: { user: holder } }) },
    });
    const section = profile();
    expect(within(section).queryByLabelText('Date de naissance')).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Enregistrer mes informations' }));
    await within(section).findByText('Vos informations ont été enregistrées.');
    expect(payloadsAt(calls, 'Account/update.json')[0]).not.toHaveProperty('userBirthday');
  });

  it('a failed update says the information could not be saved, and nothing is announced as saved', async () => {
    const user = userEvent.setup();
    await openAccountPage('/account', {
      signedInAs: fixtureUser(),
      handlers: { 'Account/update.json': () => ({ ko: { code: 'ERR_RESPONSE_ERROR' }, status: 500 }) },
    });
    const section = profile();
    await user.click(within(section).getByRole('button', { name: 'Enregistrer mes informations' }));
    expect((await within(section).findByRole('alert')).textContent).toMatch(
      /Vos informations n'ont pas pu être enregistrées/,
    );
    expect(within(section).getByRole('status').textContent).toBe('');
  });

  it('an account in its withdrawal period is told to reactivate it first', async () => {
    const user = userEvent.setup();
    await openAccountPage('/account', {
      signedInAs: fixtureUser(),
      handlers: { 'Account/update.json': () => ({ ko: { code: 'ACCOUNT_PENDING_DELETION' }, status: 409 }) },
    });
    const section = profile();
    await user.click(within(section).getByRole('button', { name: 'Enregistrer mes informations' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Votre compte est en cours de suppression : réactivez-le pour continuer.',
    );
  });

  it('IDP-01 after a FranceConnect link, names and birthday are read-only and not sent', async () => {
    const user = userEvent.setup();
    const holder = fixtureUser({ identities: [{ providerId: franceConnectProvider.id }] });
    const { calls } = await openAccountPage('/account', {
      signedInAs: holder,
      bootstrap: bootstrapWithProviders([keycloakProvider, franceConnectProvider]),
      handlers: {
        'Account/update.json': () => ({ ok: { user: holder } }),
        'account/identities': () => ({ ok: { identities: [] } }),
      },
    });
    const section = profile();
    expect(
      within(section)
        .getByRole('textbox', { name: /Prénom/ })
        .hasAttribute('readonly'),
    ).toBe(true);
    await user.click(within(section).getByRole('button', { name: 'Enregistrer mes informations' }));
    await waitFor(() => expect(payloadsAt(calls, 'Account/update.json')).toHaveLength(1));
    expect(payloadsAt(calls, 'Account/update.json')[0]).toEqual({
      userId: 7,
      userPhoneNumber: null,
      address: null,
    });
  });

  it('IDP-01 an account linked to the network’s Keycloak only keeps its names and birthday editable', async () => {
    await openAccountPage('/account', {
      signedInAs: fixtureUser({
        identities: [{ providerId: keycloakProvider.id }],
        signedInWith: { providerId: keycloakProvider.id, driver: 'KEYCLOAK' },
      }),
      bootstrap: bootstrapWithProviders([keycloakProvider, franceConnectProvider]),
      handlers: { 'account/identities': () => ({ ok: { identities: [] } }) },
    });
    const section = profile();
    for (const name of [/Prénom/, /Nom/]) {
      expect(within(section).getByRole('textbox', { name }).hasAttribute('readonly')).toBe(false);
    }
    expect(within(section).getByLabelText('Date de naissance').hasAttribute('readonly')).toBe(false);
  });
});
