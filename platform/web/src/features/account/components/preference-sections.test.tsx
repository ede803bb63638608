import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { descriptionOf, openAccountPage, payloadsAt } from '../../../test/account-session.ts';
import { fixtureUser, type Handler } from '../../../test/session.ts';

/** Account/update.json answering the user with the changes applied, as the ticket API does. */
const applyingChanges =
  (holder: AuthUser): Handler =>
  (payload) => {
    const { signature: _s, userToken: _t, userId: _u, ...changes } = payload;
    return { ok: { user: { ...holder, ...changes } } };
  };

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the appearance cookie is the visitor's; tests reset it
  document.cookie = 'theme=; Max-Age=0; Path=/';
});

describe('the contact email', () => {
  it('saves a contact email, and an empty one goes back to the sign-in email', async () => {
    const user = userEvent.setup();
    const holder = fixtureUser();
    const { calls } = await openAccountPage('/account', {
      signedInAs: holder,
      handlers: { 'Account/update.json': applyingChanges(holder) },
    });
    const section = screen.getByRole('region', { name: 'E-mail de contact' });
    const field = within(section).getByRole('textbox', { name: 'E-mail de contact' });
    expect(descriptionOf(field)).toBe('Laissé vide, nous écrivons à lea@example.org.');

    await user.type(field, 'famille.martin@example.org');
    await user.click(within(section).getByRole('button', { name: "Enregistrer l'e-mail de contact" }));
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe(
        'Nous vous écrirons désormais à famille.martin@example.org.',
      ),
    );

    await user.clear(field);
    await user.click(within(section).getByRole('button', { name: "Enregistrer l'e-mail de contact" }));
    await within(section).findByText('Nous vous écrirons à votre adresse de connexion.');
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([
      { userId: 7, contactEmail: 'famille.martin@example.org' },
      { userId: 7, contactEmail: null },
    ]);
  });

  it('VAL-03 a contact email without an at sign is refused; a failed save says so', async () => {
    const user = userEvent.setup();
    const { calls, i18n } = await openAccountPage('/account', {
      signedInAs: fixtureUser(),
      handlers: { 'Account/update.json': () => ({ ko: { code: 'GENERIC_ERROR' }, status: 500 }) },
    });
    const section = screen.getByRole('region', { name: 'E-mail de contact' });
    const field = within(section).getByRole('textbox', { name: 'E-mail de contact' });
    await user.type(field, 'famille.example.org');
    await user.click(within(section).getByRole('button', { name: "Enregistrer l'e-mail de contact" }));
    expect(descriptionOf(field)).toBe(i18n.t('validation.email.format'));
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([]);

    await user.clear(field);
    await user.type(field, 'famille@example.org');
    await user.click(within(section).getByRole('button', { name: "Enregistrer l'e-mail de contact" }));
    expect((await within(section).findByRole('alert')).textContent).toMatch(
      /^L'e-mail de contact n'a pas pu être enregistré/,
    );
  });
});

describe('the appearance', () => {
  it('THEME-01 choosing dark writes the same theme cookie as the footer switch and saves it on the account', async () => {
    const user = userEvent.setup();
    const holder = fixtureUser();
    const { calls } = await openAccountPage('/en/account', {
      signedInAs: holder,
      heading: 'My account',
      handlers: { 'Account/update.json': applyingChanges(holder) },
    });
    const section = screen.getByRole('region', { name: 'Appearance' });
    const choice = within(section).getByRole('group', { name: 'Appearance' });
    expect(within(choice).getByRole('button', { name: 'System', pressed: true })).toBeTruthy();
    // Opening the page saves nothing.
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([]);

    const cookieWrites = vi.spyOn(document, 'cookie', 'set');
    await user.click(within(choice).getByRole('button', { name: 'Dark' }));
    expect(cookieWrites).toHaveBeenCalledWith('theme=DARK; Max-Age=315360000; Path=/; SameSite=Strict');
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe(
        'Appearance “Dark” saved on your account.',
      ),
    );
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([{ userId: 7, appearance: 'DARK' }]);
    expect(within(choice).getByRole('button', { name: 'Dark', pressed: true })).toBeTruthy();
  });

  it('THEME-01 an appearance the account could not save stays on the device and says so', async () => {
    const user = userEvent.setup();
    await openAccountPage('/en/account', {
      signedInAs: fixtureUser(),
      heading: 'My account',
      handlers: { 'Account/update.json': () => ({ ko: { code: 'ERR_RESPONSE_ERROR' }, status: 500 }) },
    });
    const section = screen.getByRole('region', { name: 'Appearance' });
    await user.click(within(section).getByRole('button', { name: 'Light' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'The appearance could not be saved on your account. It still applies on this device.',
    );
    expect(document.cookie).toContain('theme=LIGHT');
  });
});

describe('the data-sharing consent', () => {
  it('is saved as soon as it is ticked, and announced', async () => {
    const user = userEvent.setup();
    const holder = fixtureUser();
    const { calls } = await openAccountPage('/account', {
      signedInAs: holder,
      handlers: { 'Account/update.json': applyingChanges(holder) },
    });
    const section = screen.getByRole('region', { name: 'Partage des données' });
    const box = within(section).getByRole('checkbox', { name: /J'accepte que mes données soient partagées/ });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe(
        'Votre accord au partage des données a été enregistré.',
      ),
    );
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([{ userId: 7, dataSharingConsent: true }]);
  });

  it('a consent that could not be saved shows the saved choice again and says why', async () => {
    const user = userEvent.setup();
    await openAccountPage('/account', {
      signedInAs: fixtureUser({ dataSharingConsent: true }),
      handlers: { 'Account/update.json': () => ({ ko: { code: 'ERR_RESPONSE_ERROR' }, status: 500 }) },
    });
    const section = screen.getByRole('region', { name: 'Partage des données' });
    const box = within(section).getByRole('checkbox') as HTMLInputElement;
    await user.click(box);
    expect((await within(section).findByRole('alert')).textContent).toMatch(
      /^Votre choix de partage des données n'a pas pu être enregistré/,
    );
    await waitFor(() => expect(box.checked).toBe(true));
  });
});

describe('signing out from the account page', () => {
  it('AUTH-07 the account page offers the logout, which tells the server and goes home signed out', async () => {
    const user = userEvent.setup();
    const { calls, router } = await openAccountPage('/account', {
      signedInAs: fixtureUser(),
      handlers: { 'Account/logout.json': () => ({ ok: {} }) },
    });
    await user.click(screen.getByRole('link', { name: 'Se déconnecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.some((call) => call.path === 'Account/logout.json')).toBe(true);
    // Signed out: the header offers the login again.
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeTruthy();
  });
});
