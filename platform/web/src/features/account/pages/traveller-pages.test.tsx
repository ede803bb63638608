import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TravellerProfile } from '@transit-shop/sdk/contract/auth-user';
import { describe, expect, it } from 'vitest';
import { descriptionOf, openAccountPage, payloadsAt } from '../../../test/account-session.ts';
import {
  bootstrapWithProviders,
  fixtureBootstrap,
  franceConnectProvider,
  keycloakProvider,
} from '../../../test/fixtures/bootstrap.ts';
import { fixtureUser } from '../../../test/session.ts';

const tom: TravellerProfile = {
  userId: 21,
  userName: 'Tom',
  userLastname: 'Martin',
  userBirthday: '2015-06-02',
  cardNumber: null,
  active: true,
  signInEmail: null,
};

describe('the traveller pages', () => {
  it('ACC-05 VAL-01 VAL-02 adds a traveller: names checked first, then the profile is created and announced', async () => {
    const user = userEvent.setup();
    const zoe: TravellerProfile = {
      ...tom,
      userId: 23,
      userName: 'Zoé',
      userBirthday: '2018-03-09',
      cardNumber: '77',
    };
    const { calls } = await openAccountPage('/account', {
      signedInAs: fixtureUser(),
      handlers: {
        'Account/createProfile.json': () => ({
          ok: { user: fixtureUser({ profiles: [zoe] }), profile: zoe },
        }),
      },
    });
    await user.click(screen.getByRole('link', { name: 'Ajouter un voyageur' }));
    await screen.findByRole('heading', { level: 1, name: 'Ajouter un voyageur' });

    await user.click(screen.getByRole('button', { name: 'Ajouter le voyageur' }));
    const firstName = screen.getByRole('textbox', { name: /Prénom/ });
    const lastName = screen.getByRole('textbox', { name: /^Nom/ });
    expect(descriptionOf(firstName)).toBe('Ce champ est obligatoire.');
    expect(screen.getByText('Tous les champs obligatoires ne sont pas remplis.')).toBeTruthy();

    await user.type(firstName, 'Zz');
    await user.type(lastName, 'Martin');
    await user.click(screen.getByRole('button', { name: 'Ajouter le voyageur' }));
    expect(descriptionOf(firstName)).toBe('Le nom doit contenir au moins une voyelle.');

    await user.clear(firstName);
    await user.type(firstName, 'Martin');
    await user.click(screen.getByRole('button', { name: 'Ajouter le voyageur' }));
    expect(descriptionOf(lastName)).toBe('Le nom doit être différent du prénom.');
    expect(payloadsAt(calls, 'Account/createProfile.json')).toEqual([]);

    await user.clear(firstName);
    await user.type(firstName, 'Zoé');
    await user.type(screen.getByLabelText('Date de naissance'), '2018-03-09');
    await user.type(screen.getByRole('textbox', { name: /Numéro de carte/ }), '77');
    await user.click(screen.getByRole('button', { name: 'Ajouter le voyageur' }));

    await screen.findByRole('heading', { level: 1, name: 'Mon compte' });
    const travellers = screen.getByRole('region', { name: 'Voyageurs' });
    expect(within(travellers).getByRole('status').textContent).toBe(
      'Zoé Martin a été ajouté(e) à vos voyageurs.',
    );
    expect(within(travellers).getByText('Zoé Martin')).toBeTruthy();
    expect(payloadsAt(calls, 'Account/createProfile.json')).toEqual([
      { userId: 7, userName: 'Zoé', userLastname: 'Martin', userBirthday: '2018-03-09', cardNumber: '77' },
    ]);
  });

  it('ACC-05 a profile the server refuses is said on the page, translated', async () => {
    const user = userEvent.setup();
    await openAccountPage('/en/account/new', {
      signedInAs: fixtureUser(),
      heading: 'Add a traveller',
      handlers: { 'Account/createProfile.json': () => ({ ko: { code: 'ERR_RESPONSE_ERROR' }, status: 500 }) },
    });
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Zoé');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Martin');
    await user.click(screen.getByRole('button', { name: 'Add the traveller' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The traveller could not be saved. Please try again, or contact customer service if the problem persists.',
    );
  });

  it('ACC-05 edits a traveller under its own id; the birth date hidden by the network is not sent', async () => {
    const user = userEvent.setup();
    const base = fixtureBootstrap();
    const bootstrap = fixtureBootstrap({
      network: { ...base.network, configuration: { ...base.network.configuration, hideBirthDate: true } },
    });
    const { calls } = await openAccountPage('/account/21', {
      signedInAs: fixtureUser({ profiles: [tom] }),
      bootstrap,
      heading: 'Modifier un voyageur',
      handlers: {
        'Account/update.json': () => ({
          ok: { user: fixtureUser({ profiles: [{ ...tom, userName: 'Thomas' }] }) },
        }),
      },
    });
    expect(screen.queryByLabelText('Date de naissance')).toBeNull();
    const firstName = screen.getByRole('textbox', { name: /Prénom/ }) as HTMLInputElement;
    expect(firstName.value).toBe('Tom');
    await user.clear(firstName);
    await user.type(firstName, 'Thomas');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await screen.findByRole('heading', { level: 1, name: 'Mon compte' });
    const travellers = screen.getByRole('region', { name: 'Voyageurs' });
    expect(within(travellers).getByRole('status').textContent).toBe(
      'Les informations de Thomas Martin ont été enregistrées.',
    );
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([
      { userId: 21, userName: 'Thomas', userLastname: 'Martin', cardNumber: null },
    ]);
  });

  it('ACC-05 changes the transport card number of a traveller', async () => {
    const user = userEvent.setup();
    const { calls } = await openAccountPage('/account/21', {
      signedInAs: fixtureUser({ profiles: [{ ...tom, cardNumber: '0042' }] }),
      heading: 'Modifier un voyageur',
      handlers: {
        'Account/update.json': () => ({
          ok: { user: fixtureUser({ profiles: [{ ...tom, cardNumber: '7781 0001' }] }) },
        }),
      },
    });
    const card = screen.getByRole('textbox', { name: /carte/ }) as HTMLInputElement;
    expect(card.value).toBe('0042');
    await user.clear(card);
    await user.type(card, '7781 0001');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByRole('heading', { level: 1, name: 'Mon compte' });
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([
      expect.objectContaining({ userId: 21, cardNumber: '7781 0001' }),
    ]);
  });

  it('ACC-05 a deactivated traveller is shown, not edited', async () => {
    await openAccountPage('/account/21', {
      signedInAs: fixtureUser({ profiles: [{ ...tom, active: false }] }),
      heading: 'Modifier un voyageur',
    });
    expect(screen.getByText('Ce voyageur est désactivé.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour à mon compte' })).toBeTruthy();
  });

  it('ACC-05 an id that is not one of the account profiles is not found', async () => {
    await openAccountPage('/account/99', { signedInAs: fixtureUser({ profiles: [tom] }), heading: '404' });
  });
});

describe("a traveller's own sign-in", () => {
  const STRONG = 'Tram-Ligne-42!';
  const providers = bootstrapWithProviders([keycloakProvider, franceConnectProvider]);
  const signedInWithKeycloak = (profiles: TravellerProfile[]) =>
    fixtureUser({ profiles, signedInWith: { providerId: keycloakProvider.id, driver: 'KEYCLOAK' } });

  it('after a provider sign-in, gives the traveller an email and a password, checked first, and says so', async () => {
    const user = userEvent.setup();
    const { calls } = await openAccountPage('/en/account/21', {
      signedInAs: signedInWithKeycloak([tom]),
      bootstrap: providers,
      heading: 'Edit a traveller',
      handlers: {
        'Account/setProfilePassword.json': () => ({
          ok: { user: signedInWithKeycloak([{ ...tom, signInEmail: 'tom@example.org' }]) },
        }),
      },
    });
    const section = screen.getByRole('region', { name: 'Signing in by themselves' });
    expect(within(section).getByText('Tom cannot sign in to the shop by themselves yet.')).toBeTruthy();
    const email = within(section).getByRole('textbox', { name: /^Tom's email address/ });
    const password = within(section).getByLabelText(/^Tom's password/);
    const confirmation = within(section).getByLabelText(/^Confirm the password/);
    const submit = within(section).getByRole('button', { name: "Save Tom's sign-in" });
    expect(email.getAttribute('autocomplete')).toBe('off');

    await user.type(email, 'tom@example.org');
    await user.type(password, 'short');
    await user.click(submit);
    expect(descriptionOf(password)).toBe('At least 12 characters.');
    await user.clear(password);
    await user.type(password, STRONG);
    await user.type(confirmation, `${STRONG}x`);
    await user.click(submit);
    expect(descriptionOf(confirmation)).toBe('The passwords are not identical.');
    expect(payloadsAt(calls, 'Account/setProfilePassword.json')).toEqual([]);

    await user.clear(confirmation);
    await user.type(confirmation, STRONG);
    await user.click(submit);
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe(
        'Tom can now sign in with tom@example.org.',
      ),
    );
    expect(payloadsAt(calls, 'Account/setProfilePassword.json')).toEqual([
      { userId: 21, email: 'tom@example.org', password: STRONG },
    ]);
    expect(
      within(section).getByText('Tom signs in to the shop with tom@example.org and sees their own tickets.'),
    ).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('');
  });

  it('an email that already signs someone in is said beside the email field', async () => {
    const user = userEvent.setup();
    await openAccountPage('/en/account/21', {
      signedInAs: signedInWithKeycloak([tom]),
      bootstrap: providers,
      heading: 'Edit a traveller',
      handlers: {
        'Account/setProfilePassword.json': () => ({ ko: { code: 'EMAIL_IN_USE' }, status: 409 }),
      },
    });
    const section = screen.getByRole('region', { name: 'Signing in by themselves' });
    const email = within(section).getByRole('textbox', { name: /^Tom's email address/ });
    await user.type(email, 'taken@example.org');
    await user.type(within(section).getByLabelText(/^Tom's password/), STRONG);
    await user.type(within(section).getByLabelText(/^Confirm the password/), STRONG);
    await user.click(within(section).getByRole('button', { name: "Save Tom's sign-in" }));
    await waitFor(() => expect(descriptionOf(email)).toBeTruthy());
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('after an email-and-password sign-in, says where it is done instead of offering the form', async () => {
    await openAccountPage('/en/account/21', {
      signedInAs: fixtureUser({ profiles: [{ ...tom, signInEmail: 'tom@example.org' }] }),
      bootstrap: providers,
      heading: 'Edit a traveller',
    });
    const section = screen.getByRole('region', { name: 'Signing in by themselves' });
    expect(within(section).getByText(/after signing in with Compte Harbour · FranceConnect/)).toBeTruthy();
    expect(within(section).getByText(/Tom signs in to the shop with tom@example.org/)).toBeTruthy();
    expect(within(section).queryByRole('textbox')).toBeNull();
  });

  it('is not offered where the network has no sign-in provider', async () => {
    await openAccountPage('/en/account/21', {
      signedInAs: fixtureUser({ profiles: [tom] }),
      heading: 'Edit a traveller',
    });
    expect(screen.queryByRole('region', { name: 'Signing in by themselves' })).toBeNull();
  });

  it('the travellers list says which email a traveller signs in with', async () => {
    await openAccountPage('/en/account', {
      signedInAs: fixtureUser({ profiles: [{ ...tom, signInEmail: 'tom@example.org' }] }),
      heading: 'My account',
    });
    const travellers = screen.getByRole('region', { name: 'Travellers' });
    expect(within(travellers).getByText(/Signs in with tom@example.org/)).toBeTruthy();
  });
});
