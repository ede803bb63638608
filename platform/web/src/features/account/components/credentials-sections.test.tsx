import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { descriptionOf, openAccountPage, payloadsAt } from '../../../test/account-session.ts';
import {
  bootstrapWithProviders,
  franceConnectProvider,
  keycloakProvider,
} from '../../../test/fixtures/bootstrap.ts';
import type { Handler } from '../../../test/session.ts';
import { fixtureUser } from '../../../test/session.ts';

const STRONG = 'Tram-Ligne-42!';

async function openPassword(handlers: Record<string, Handler> = {}) {
  const page = await openAccountPage('/en/account', {
    signedInAs: fixtureUser(),
    heading: 'My account',
    handlers,
  });
  const section = screen.getByRole('region', { name: 'Password' });
  const current = within(section).getByLabelText(/^Current password/);
  const next = within(section).getByLabelText(/^New password/);
  const confirmation = within(section).getByLabelText(/^Confirm the new password/);
  const submit = within(section).getByRole('button', { name: 'Change the password' });
  return { ...page, section, current, next, confirmation, submit };
}

async function openEmail(handlers: Record<string, Handler> = {}) {
  const page = await openAccountPage('/en/account', {
    signedInAs: fixtureUser(),
    heading: 'My account',
    handlers,
  });
  const section = screen.getByRole('region', { name: 'Sign-in email address' });
  const email = within(section).getByRole('textbox', { name: /^New email address/ });
  const confirmation = within(section).getByRole('textbox', { name: /^Confirm the new email address/ });
  const password = within(section).getByLabelText(/^Current password/);
  const submit = within(section).getByRole('button', { name: 'Change the email address' });
  return { ...page, section, email, confirmation, password, submit };
}

describe('the password change', () => {
  it('VAL-04 a new password follows the rules, differs from the current one and is confirmed, before anything is sent', async () => {
    const user = userEvent.setup();
    const { current, next, confirmation, submit, calls, i18n } = await openPassword();
    await user.type(current, 'old-password');
    await user.type(next, 'short');
    await user.click(submit);
    expect(descriptionOf(next)).toBe(i18n.t('validation.minLength', { minimum: 12 }));

    await user.clear(next);
    await user.type(next, 'alllowercase-1234');
    await user.click(submit);
    expect(descriptionOf(next)).toBe(i18n.t('validation.password.uppercase'));

    await user.clear(current);
    await user.type(current, STRONG);
    await user.clear(next);
    await user.type(next, STRONG);
    await user.type(confirmation, STRONG);
    await user.click(submit);
    expect(descriptionOf(next)).toBe(i18n.t('validation.password.sameAsCurrent'));

    await user.clear(next);
    await user.type(next, `${STRONG}x`);
    await user.click(submit);
    expect(descriptionOf(confirmation)).toBe(i18n.t('validation.password.confirmation'));
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([]);
  });

  it('VAL-04 a valid change sends the current and new passwords, empties the form and announces it', async () => {
    const user = userEvent.setup();
    const { current, next, confirmation, submit, section, calls } = await openPassword({
      'Account/update.json': () => ({ ok: { user: fixtureUser() } }),
    });
    await user.type(current, 'old-password');
    await user.type(next, STRONG);
    await user.type(confirmation, STRONG);
    await user.click(submit);
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe('Your password has been changed.'),
    );
    expect((current as HTMLInputElement).value).toBe('');
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([
      { userId: 7, currentPassword: 'old-password', newPassword: STRONG },
    ]);
  });

  it('VAL-04 a wrong current password is said beside it', async () => {
    const user = userEvent.setup();
    const { current, next, confirmation, submit, section, i18n } = await openPassword({
      'Account/update.json': () => ({ ko: { code: 'WRONG_PASSWORD' }, status: 403 }),
    });
    await user.type(current, 'not-it');
    await user.type(next, STRONG);
    await user.type(confirmation, STRONG);
    await user.click(submit);
    await waitFor(() => expect(descriptionOf(current)).toBe(i18n.t('apiErrors.WRONG_PASSWORD')));
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('IDP-02 in a session FranceConnect opened, the password waits for a sign-in by email and password', async () => {
    const user = userEvent.setup();
    const { router, calls } = await openAccountPage('/account', {
      signedInAs: fixtureUser({
        identities: [{ providerId: franceConnectProvider.id }],
        signedInWith: { providerId: franceConnectProvider.id, driver: 'FRANCECONNECT' },
      }),
      bootstrap: bootstrapWithProviders([keycloakProvider, franceConnectProvider]),
      handlers: { 'account/identities': () => ({ ok: { identities: [] } }) },
    });
    const password = screen.getByRole('region', { name: 'Mot de passe' });
    expect(within(password).getByText(/Vous êtes connecté avec FranceConnect/)).toBeTruthy();
    expect(within(password).queryByLabelText(/Nouveau mot de passe/)).toBeNull();

    await user.click(within(password).getByRole('button', { name: 'Se reconnecter par e-mail' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/account');
    expect(calls.map((call) => call.path)).toContain('Account/logout.json');
  });

  it('IDP-02 a session the network’s Keycloak opened waits for it too, naming that provider', async () => {
    await openAccountPage('/en/account', {
      signedInAs: fixtureUser({
        identities: [{ providerId: keycloakProvider.id }],
        signedInWith: { providerId: keycloakProvider.id, driver: 'KEYCLOAK' },
      }),
      heading: 'My account',
      bootstrap: bootstrapWithProviders([keycloakProvider, franceConnectProvider]),
      handlers: { 'account/identities': () => ({ ok: { identities: [] } }) },
    });
    for (const name of ['Password', 'Sign-in email address']) {
      const section = screen.getByRole('region', { name });
      within(section).getByText(/^You are signed in with Compte Harbour\./);
      expect(within(section).queryByRole('textbox')).toBeNull();
      expect(within(section).queryByLabelText(/password/i)).toBeNull();
    }
  });

  it('IDP-02 the same accounts signed in by email and password change their password here', async () => {
    for (const identities of [
      [{ providerId: keycloakProvider.id }],
      [{ providerId: franceConnectProvider.id }],
    ]) {
      const { unmount } = await openAccountPage('/account', {
        signedInAs: fixtureUser({ identities }),
        bootstrap: bootstrapWithProviders([keycloakProvider, franceConnectProvider]),
        handlers: { 'account/identities': () => ({ ok: { identities: [] } }) },
      });
      const password = screen.getByRole('region', { name: 'Mot de passe' });
      expect(within(password).getByLabelText(/^Nouveau mot de passe/)).toBeTruthy();
      unmount();
    }
  });
});

describe('the email change', () => {
  it('VAL-03 the new email is confirmed and differs from the current one, before anything is sent', async () => {
    const user = userEvent.setup();
    const { email, confirmation, password, submit, calls, i18n } = await openEmail();
    await user.type(email, 'LEA@example.org ');
    await user.type(confirmation, 'lea@example.org');
    await user.type(password, 'secret');
    await user.click(submit);
    expect(descriptionOf(email)).toBe(i18n.t('validation.email.sameAsCurrent'));

    await user.clear(email);
    await user.type(email, 'lea.martin@example.org');
    await user.click(submit);
    expect(descriptionOf(confirmation)).toBe(i18n.t('validation.email.confirmation'));
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([]);
  });

  it('ACC-03 a wrong password, an email of another account and any other failure each say their own message', async () => {
    const user = userEvent.setup();
    let answer = 'update_email_error_password';
    const { email, confirmation, password, submit, section, i18n } = await openEmail({
      'Account/update.json': () => ({ ko: { code: answer }, status: 400 }),
    });
    await user.type(email, 'lea.martin@example.org');
    await user.type(confirmation, 'lea.martin@example.org');
    await user.type(password, 'secret');

    await user.click(submit);
    await waitFor(() =>
      expect(descriptionOf(password)).toBe(i18n.t('apiErrors.update_email_error_password')),
    );
    const wrongPassword = descriptionOf(password);

    answer = 'update_email_error_email_exists';
    await user.click(submit);
    await waitFor(() =>
      expect(descriptionOf(email)).toBe(i18n.t('apiErrors.update_email_error_email_exists')),
    );
    expect(password.getAttribute('aria-invalid')).toBe('false');

    answer = 'update_email_error_other';
    await user.click(submit);
    const other = (await within(section).findByRole('alert')).textContent;
    expect(other).toBe(i18n.t('apiErrors.update_email_error_other'));
    expect(new Set([wrongPassword, descriptionOf(email), other]).size).toBe(3);
  });

  it('a successful email change sends the email with the password and says the new address', async () => {
    const user = userEvent.setup();
    const { email, confirmation, password, submit, section, calls } = await openEmail({
      'Account/update.json': () => ({ ok: { user: fixtureUser({ userMail: 'lea.martin@example.org' }) } }),
    });
    await user.type(email, 'lea.martin@example.org');
    await user.type(confirmation, 'lea.martin@example.org');
    await user.type(password, 'secret');
    await user.click(submit);
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe(
        'Your sign-in email address is now lea.martin@example.org.',
      ),
    );
    expect(await within(section).findByText('Current address: lea.martin@example.org')).toBeTruthy();
    expect(payloadsAt(calls, 'Account/update.json')).toEqual([
      { userId: 7, email: 'lea.martin@example.org', password: 'secret' },
    ]);
  });

  it('IDP-01 the sign-in email of an account linked to FranceConnect is FranceConnect’s: shown, not changed here', async () => {
    await openAccountPage('/account', {
      signedInAs: fixtureUser({ identities: [{ providerId: franceConnectProvider.id }] }),
      bootstrap: bootstrapWithProviders([keycloakProvider, franceConnectProvider]),
      handlers: { 'account/identities': () => ({ ok: { identities: [] } }) },
    });
    const email = screen.getByRole('region', { name: 'Adresse e-mail de connexion' });
    within(email).getByText('Adresse actuelle : lea@example.org');
    within(email).getByText('Votre adresse e-mail vient de FranceConnect et ne peut pas être modifiée ici.');
    expect(within(email).queryByRole('textbox')).toBeNull();
    expect(within(email).queryByRole('button')).toBeNull();
  });
});
