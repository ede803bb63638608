import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bootstrap } from '@transit-shop/tenancy';
import { describe, expect, it, vi } from 'vitest';
import { providerPage } from '../../../lib/provider-page.ts';
import { apiErrorText } from '../../../test/api-error-text.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { renderApp } from '../../../test/render.tsx';
import {
  calledPaths,
  createTestSession,
  fixtureUser,
  identityAnswer,
  stubTenantService,
} from '../../../test/session.ts';

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  if (email) await user.type(screen.getByLabelText(/^Email address/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('sign-in page', () => {
  it('AUTH-01 signs in by email and password and goes back where the traveller was going', async () => {
    stubTenantService();
    const { calls } = createTestSession({
      handlers: {
        'identity/signInWithPassword': () => identityAnswer('lea'),
        'Account/login.json': () => ({ ok: { user: fixtureUser() } }),
      },
    });
    const { router } = await renderApp('/en/auth?redirect=%2Fen%2Flegal-notices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    await fillAndSubmit('lea@example.org', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/legal-notices'));
    expect(calledPaths(calls)).toEqual(['identity/signInWithPassword', 'Account/login.json']);
    // Logged in: the header offers the account, no longer the login.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'My account' })).toBeTruthy();
  });

  it('THEME-01 the appearance saved on the account follows the traveller to this device', async () => {
    stubTenantService();
    document.cookie = 'theme=LIGHT; path=/';
    createTestSession({
      handlers: {
        'identity/signInWithPassword': () => identityAnswer('lea'),
        'Account/login.json': () => ({ ok: { user: fixtureUser({ appearance: 'DARK' }) } }),
      },
    });
    const { router } = await renderApp('/en/auth');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await fillAndSubmit('lea@example.org', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
    await waitFor(() => expect(document.cookie).toContain('theme=DARK'));
    expect(document.documentElement.getAttribute('data-color-scheme')).toBe('dark');
  });

  it('AUTH-01 works with the keyboard alone: type, Tab to the next field, Enter to submit', async () => {
    stubTenantService();
    const { calls } = createTestSession({
      handlers: {
        'identity/signInWithPassword': () => identityAnswer('lea'),
        'Account/login.json': () => ({ ok: { user: fixtureUser() } }),
      },
    });
    const { router } = await renderApp('/en/auth');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    const user = userEvent.setup({ delay: null });
    screen.getByLabelText(/^Email address/).focus();
    await user.keyboard('lea@example.org');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Password/));
    await user.keyboard('secret{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
    expect(calls[0]?.payload).toMatchObject({ email: 'lea@example.org', password: 'secret' });
  });

  it('AUTH-01 /auth/login is the same page; a redirect to another site goes home instead', async () => {
    stubTenantService();
    createTestSession({
      handlers: {
        'identity/signInWithPassword': () => identityAnswer('lea'),
        'Account/login.json': () => ({ ok: { user: fixtureUser() } }),
      },
    });
    const { router } = await renderApp('/en/auth/login?redirect=%2F%2Fevil.example%2F');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    await fillAndSubmit('lea@example.org', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
  });

  it('VAL-06 an empty form says what is missing beside each field and focuses the first, without a call', async () => {
    stubTenantService();
    const { calls } = createTestSession();
    await renderApp('/en/auth');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await fillAndSubmit('', '');
    const email = screen.getByLabelText(/^Email address/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(String(email.getAttribute('aria-describedby')))?.textContent).toBe(
      'This field is required.',
    );
    expect(screen.getByRole('alert').textContent).toBe('Not all required fields are filled.');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(calls).toEqual([]);
  });

  it('AUTH-01 a wrong password says so, and the page stays', async () => {
    stubTenantService();
    createTestSession({
      handlers: {
        'identity/signInWithPassword': () => ({ ko: { code: 'INVALID_CREDENTIALS' }, status: 401 }),
      },
    });
    const { router } = await renderApp('/en/auth');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await fillAndSubmit('lea@example.org', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(router.state.location.pathname).toBe('/en/auth');
  });

  it('AUTH-08 a locked account says how to get out and when to try again', async () => {
    stubTenantService();
    createTestSession({
      handlers: {
        'identity/signInWithPassword': () => ({
          ko: { code: 'ACCOUNT_LOCKED', details: { retryAfterSeconds: 900 } },
          status: 423,
        }),
      },
    });
    await renderApp('/en/auth');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await fillAndSubmit('lea@example.org', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Too many failed attempts: the account is temporarily blocked\. Reset your password or try again later\. You can try again at .+\.$/,
    );
  });

  it('an address throttled after many failed sign-ins says to wait or use a known device, in Arabic', async () => {
    stubTenantService();
    createTestSession({
      handlers: {
        'identity/signInWithPassword': () => ({
          ko: { code: 'SIGN_IN_THROTTLED', details: { retryAfterSeconds: 900 } },
          status: 429,
        }),
      },
    });
    await renderApp('/ar/auth');
    await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^البريد الإلكتروني/), 'lea@example.org');
    await user.type(screen.getByLabelText(/^كلمة المرور/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^محاولات تسجيل دخول فاشلة كثيرة من شبكتك\. .+ يمكنك المحاولة مجددًا عند الساعة .+\.$/,
    );
  });

  it('API-05 a backend out of reach says so in the language of the page', async () => {
    stubTenantService();
    createTestSession({ handlers: { 'identity/signInWithPassword': () => 'unreachable' } });
    await renderApp('/auth');
    await screen.findByRole('heading', { level: 1, name: 'Se connecter' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Adresse e-mail/), 'lea@example.org');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Connexion impossible. Vérifiez votre connexion Internet et réessayez.',
    );
  });

  it('AUTH-03 a login answering profiles asks which one and logs in with it', async () => {
    stubTenantService();
    const profiles = [
      {
        userId: 7,
        userName: 'Léa',
        userLastname: 'Martin',
        userBirthday: null,
        cardNumber: null,
        active: true,
        signInEmail: null,
      },
      {
        userId: 8,
        userName: 'Tom',
        userLastname: 'Martin',
        userBirthday: null,
        cardNumber: null,
        active: true,
        signInEmail: null,
      },
    ];
    const { calls } = createTestSession({
      handlers: {
        'identity/signInWithPassword': () => identityAnswer('lea'),
        'Account/login.json': (payload) =>
          payload.user_id
            ? { ok: { user: fixtureUser({ userId: 8, userToken: 'token-8' }) } }
            : { ok: { profiles } },
      },
    });
    const { router } = await renderApp('/en/auth');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    const user = await fillAndSubmit('lea@example.org', 'secret');
    const group = await screen.findByRole('radiogroup');
    expect(screen.getByRole('group', { name: 'Which profile do you want to log in with?' })).toBeTruthy();
    await user.click(within(group).getByRole('radio', { name: 'Tom Martin' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
    expect(calls.at(-1)?.payload).toMatchObject({ user_id: 8 });
  });

  it('AUTH-02 a login without a user is reported', async () => {
    stubTenantService();
    createTestSession({
      handlers: {
        'identity/signInWithPassword': () => identityAnswer('lea'),
        'Account/login.json': () => ({ ok: {} }),
      },
    });
    await renderApp('/en/auth');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await fillAndSubmit('lea@example.org', 'secret');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The login did not complete. Please try again.',
    );
  });

  it('offers the forgotten-password and register links, and the terms', async () => {
    stubTenantService();
    createTestSession();
    await renderApp('/en/auth?redirect=%2Fen%2Fcart');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/en/auth/reset',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/en/auth/register?redirect=%2Fen%2Fcart',
    );
    expect(screen.getByRole('link', { name: 'terms of use' }).getAttribute('href')).toBe('/en/terms-of-use');
    // A network without OpenID providers offers none.
    expect(screen.queryByRole('region', { name: 'Or log in with' })).toBeNull();
  });

  it('a logged-in traveller does not see the sign-in page', async () => {
    stubTenantService();
    createTestSession({ signedInAs: fixtureUser() });
    const { router } = await renderApp('/en/auth?redirect=%2Fen%2Fprivacy-policy');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/privacy-policy'));
  });

  it('I18N-04 the page is in Arabic, right to left', async () => {
    stubTenantService();
    createTestSession();
    await renderApp('/ar/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeTruthy();
    expect(screen.getByLabelText(/^البريد الإلكتروني/)).toBeTruthy();
    // Styles go through the right-to-left emotion cache, which mirrors them.
    expect(screen.getByRole('heading', { level: 1 }).className).toMatch(/\bmui-rtl-/);
  });
});

describe('the sign-in page’s OpenID providers (decision 0044)', () => {
  const KEYCLOAK = { id: 1, driver: 'KEYCLOAK', isDefault: true, name: 'Harbour ID' } as const;
  const FRANCE_CONNECT = { id: 3, driver: 'FRANCECONNECT', isDefault: false, name: 'FranceConnect' } as const;
  const networkWith = (...authenticationProviders: Bootstrap['network']['authenticationProviders']) => {
    const base = fixtureBootstrap({ locale: 'en' });
    return { ...base, network: { ...base.network, authenticationProviders } };
  };
  const attempt = { state: 's'.repeat(32), authorizationUrl: 'https://provider.example/authorize?state=s' };

  it('NET-07 FranceConnect and the network’s Keycloak (its default provider): each button opens an attempt and goes to the provider, keeping where the traveller was going', async () => {
    stubTenantService();
    const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const bootstrap = networkWith(KEYCLOAK, FRANCE_CONNECT);
    const { calls } = createTestSession({
      bootstrap,
      handlers: { 'authentication/authorizationState': () => ({ ok: attempt }) },
    });
    await renderApp('/en/auth?redirect=%2Fen%2Fcart', { bootstrap });
    const providers = await screen.findByRole('region', { name: 'Or log in with' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(providers).getByRole('button', { name: 'Sign in with FranceConnect' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(attempt.authorizationUrl));
    expect(calledPaths(calls)).toEqual(['authentication/authorizationState']);
    expect(calls[0]?.payload).toMatchObject({ authProviderId: 3, networkId: 7 });
    expect(new URL(String(calls[0]?.payload.redirectUri)).pathname).toBe('/en/auth/fc/finalize');
    expect(sessionStorage.getItem('providerSignInTarget')).toBe('/en/cart');
    // The page is leaving: the buttons wait, the one used says where it goes.
    expect(within(providers).getByRole('button', { name: 'Going to FranceConnect…' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(providers).getByRole('button', { name: 'Continue with Harbour ID' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('NET-07 the Keycloak button signs in on /auth/custom', async () => {
    stubTenantService();
    const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const bootstrap = networkWith(KEYCLOAK);
    const { calls } = createTestSession({
      bootstrap,
      handlers: { 'authentication/authorizationState': () => ({ ok: attempt }) },
    });
    await renderApp('/en/auth', { bootstrap });
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Continue with Harbour ID' }));
    await waitFor(() => expect(open).toHaveBeenCalledOnce());
    expect(calls[0]?.payload).toMatchObject({ authProviderId: 1 });
    expect(new URL(String(calls[0]?.payload.redirectUri)).pathname).toBe('/en/auth/custom');
  });

  it('NET-07 a Keycloak that is not the default provider is not offered; FranceConnect is, with what it is', async () => {
    stubTenantService();
    const bootstrap = networkWith({ ...KEYCLOAK, isDefault: false }, { ...FRANCE_CONNECT, isDefault: true });
    createTestSession({ bootstrap });
    await renderApp('/en/auth', { bootstrap });
    const providers = await screen.findByRole('region', { name: 'Or log in with' });
    expect(
      within(providers)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Sign in with FranceConnect']);
    const about = within(providers).getByRole('link', { name: 'What is FranceConnect?' });
    expect(about.getAttribute('href')).toBe('https://franceconnect.gouv.fr/');
    expect(about.getAttribute('target')).toBe('_blank');
    expect(about.getAttribute('title')).toBe('What is FranceConnect? - new window');
  });

  it('IDP-04 a provider that cannot be reached is said, and the buttons work again', async () => {
    stubTenantService();
    const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const bootstrap = networkWith(FRANCE_CONNECT);
    createTestSession({
      bootstrap,
      handlers: {
        'authentication/authorizationState': () => ({
          ko: { code: 'IDENTITY_PROVIDER_UNAVAILABLE' },
          status: 502,
        }),
      },
    });
    const { i18n } = await renderApp('/en/auth', { bootstrap });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Sign in with FranceConnect' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      apiErrorText(i18n, 'IDENTITY_PROVIDER_UNAVAILABLE'),
    );
    expect(screen.getByRole('button', { name: 'Sign in with FranceConnect' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('I18N-01 the FranceConnect button says it in French, as FranceConnect asks', async () => {
    stubTenantService();
    const base = fixtureBootstrap();
    const bootstrap = { ...base, network: { ...base.network, authenticationProviders: [FRANCE_CONNECT] } };
    createTestSession({ bootstrap });
    await renderApp('/auth', { bootstrap });
    expect(await screen.findByRole('button', { name: "S'identifier avec FranceConnect" })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Qu'est-ce que FranceConnect\u202f\?/ })).toBeTruthy();
  });
});
