// The return pages of a sign-in at a network's OpenID provider: /auth/fc/finalize and /auth/custom.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bootstrap } from '@transit-shop/tenancy';
import { describe, expect, it } from 'vitest';
import { readProviderCookie } from '../../../lib/session/provider-cookie.ts';
import { apiErrorText } from '../../../test/api-error-text.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { renderApp } from '../../../test/render.tsx';
import {
  calledPaths,
  createTestSession,
  fixtureUser,
  type Handler,
  identityAnswer,
  stubTenantService,
} from '../../../test/session.ts';

const KEYCLOAK = { id: 1, driver: 'KEYCLOAK', isDefault: true, name: 'Harbour ID' } as const;
const FRANCE_CONNECT = { id: 3, driver: 'FRANCECONNECT', isDefault: false, name: 'FranceConnect' } as const;
const TOKEN = 'provider-token-0123456789';

function networkWith(...authenticationProviders: Bootstrap['network']['authenticationProviders']): Bootstrap {
  const base = fixtureBootstrap({ locale: 'en' });
  return { ...base, network: { ...base.network, authenticationProviders } };
}

const exchanged = (authProviderId: number, driver: 'KEYCLOAK' | 'FRANCECONNECT') => ({
  ok: { authProviderToken: TOKEN, authProviderId, driver, expiresIn: 600, linked: true },
});
const identitySession = {
  idToken: 'id-fc',
  refreshToken: 'refresh-fc',
  expiresIn: 3600,
  localId: 'fc',
  email: null,
};
const signedInWithFranceConnect = fixtureUser({ signedInWith: { providerId: 3, driver: 'FRANCECONNECT' } });

/** The page at an address, on a network, with the fake backend's answers. */
async function open(path: string, bootstrap: Bootstrap, handlers: Record<string, Handler> = {}) {
  stubTenantService();
  const session = createTestSession({ bootstrap, handlers });
  const page = await renderApp(path, { bootstrap });
  return { ...session, ...page };
}

describe('the FranceConnect return page (/auth/fc/finalize)', () => {
  it('exchanges the code, signs the identity’s account in and goes where the traveller was going before FranceConnect', async () => {
    sessionStorage.setItem('providerSignInTarget', '/en/legal-notices');
    const { calls, router } = await open(
      '/en/auth/fc/finalize?code=the-code&state=the-state',
      networkWith(FRANCE_CONNECT),
      {
        'authentication/exchangeAuthorizationCode': () => exchanged(3, 'FRANCECONNECT'),
        'account/authenticate': () => ({
          ok: { user: signedInWithFranceConnect, identity: identitySession },
        }),
      },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/legal-notices'));
    expect(calledPaths(calls)).toEqual(['authentication/exchangeAuthorizationCode', 'account/authenticate']);
    expect(calls[0]?.payload).toMatchObject({ code: 'the-code', state: 'the-state' });
    expect(calls[1]?.payload).toMatchObject({ authProviderToken: TOKEN, authProviderId: 3, networkId: 7 });
    expect(readProviderCookie()).toEqual({ providerId: 3, driver: 'FRANCECONNECT' });
    expect(sessionStorage.getItem('providerSignInTarget')).toBeNull();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'My account' })).toBeTruthy();
  });

  it('AUTH-09 an account that already has the email: its password signs in to it, then FranceConnect is linked to it', async () => {
    const { calls, router } = await open('/en/auth/fc/finalize?code=c&state=s', networkWith(FRANCE_CONNECT), {
      'authentication/exchangeAuthorizationCode': () => exchanged(3, 'FRANCECONNECT'),
      'account/authenticate': () => ({ ko: { code: 'ACCOUNT_OTHER_PROVIDER' }, status: 409 }),
      'identity/signInWithPassword': (payload) =>
        payload.password === 'secret'
          ? identityAnswer('lea')
          : { ko: { code: 'INVALID_CREDENTIALS' }, status: 401 },
      'Account/login.json': () => ({ ok: { user: fixtureUser() } }),
      'account/createIdentity': () => ({
        ok: {
          identities: [
            {
              providerId: 3,
              driver: 'FRANCECONNECT',
              name: 'FranceConnect',
              linkedAt: '2026-12-05T10:00:00.000Z',
            },
          ],
        },
      }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Link FranceConnect to your account' }),
    ).toBeTruthy();
    expect(
      screen.getByText(/^An account already uses this email address\. Log in with its password/),
    ).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Email address/), 'lea@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in and link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'secret{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
    expect(calledPaths(calls)).toEqual([
      'authentication/exchangeAuthorizationCode',
      'account/authenticate',
      'identity/signInWithPassword',
      'identity/signInWithPassword',
      'Account/login.json',
      'account/createIdentity',
    ]);
    expect(calls.at(-1)?.payload).toMatchObject({
      authProviderToken: TOKEN,
      userToken: 'token-7',
      userId: 7,
    });
  });

  it('AUTH-09 VAL-06 the password form checks its fields before any call', async () => {
    const { calls } = await open('/en/auth/fc/finalize?code=c&state=s', networkWith(FRANCE_CONNECT), {
      'authentication/exchangeAuthorizationCode': () => exchanged(3, 'FRANCECONNECT'),
      'account/authenticate': () => ({ ko: { code: 'ACCOUNT_OTHER_PROVIDER' }, status: 409 }),
    });
    const submit = await screen.findByRole('button', { name: 'Log in and link' });
    await userEvent.setup({ delay: null }).click(submit);
    const email = screen.getByLabelText(/^Email address/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(calledPaths(calls)).toEqual(['authentication/exchangeAuthorizationCode', 'account/authenticate']);
  });

  it('IDP-04 a link refused after the password sign-in says so; the traveller is signed in and may go on', async () => {
    sessionStorage.setItem('providerSignInTarget', '/en/cart');
    const { i18n, router } = await open('/en/auth/fc/finalize?code=c&state=s', networkWith(FRANCE_CONNECT), {
      'authentication/exchangeAuthorizationCode': () => exchanged(3, 'FRANCECONNECT'),
      'account/authenticate': () => ({ ko: { code: 'ACCOUNT_OTHER_PROVIDER' }, status: 409 }),
      'identity/signInWithPassword': () => identityAnswer('lea'),
      'Account/login.json': () => ({ ok: { user: fixtureUser() } }),
      'account/createIdentity': () => ({ ko: { code: 'IDENTITY_ALREADY_LINKED' }, status: 409 }),
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Email address/), 'lea@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'secret{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      `You are logged in, but FranceConnect could not be linked to your account. ${apiErrorText(i18n, 'IDENTITY_ALREADY_LINKED')}`,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/cart'));
  });

  it.each([
    { query: 'error=access_denied&state=s', code: 'IDENTITY_PROVIDER_DENIED', calls: [] },
    { query: '', code: 'AUTHORIZATION_STATE_INVALID', calls: [] },
  ])(
    'IDP-04 a return without a code ($code) says so and leads back to the sign-in page, without a call',
    async ({ query, code, calls: expected }) => {
      sessionStorage.setItem('providerSignInTarget', '/en/cart');
      const { calls, i18n } = await open(`/en/auth/fc/finalize?${query}`, networkWith(FRANCE_CONNECT));
      expect(await screen.findByRole('heading', { level: 1, name: 'Login not completed' })).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe(apiErrorText(i18n, code));
      expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe(
        '/en/auth?redirect=%2Fen%2Fcart',
      );
      expect(calledPaths(calls)).toEqual(expected);
    },
  );

  it.each(['AUTHORIZATION_STATE_INVALID', 'IDENTITY_TOKEN_INVALID', 'IDENTITY_PROVIDER_UNAVAILABLE'])(
    'IDP-04 an exchange refused with %s is said, nobody signed in',
    async (code) => {
      const { i18n, runtime } = await open(
        '/en/auth/fc/finalize?code=c&state=s',
        networkWith(FRANCE_CONNECT),
        {
          'authentication/exchangeAuthorizationCode': () => ({ ko: { code }, status: 400 }),
        },
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'Login not completed' })).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe(apiErrorText(i18n, code));
      expect(runtime.actor.getSnapshot().context.ticket).toBeNull();
    },
  );

  it('IDP-05 on a network without FranceConnect: “There is no FranceConnect provider”, nothing called', async () => {
    const { calls } = await open('/en/auth/fc/finalize?code=c&state=s', networkWith(KEYCLOAK));
    expect(await screen.findByRole('heading', { level: 1, name: 'FranceConnect' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('FranceConnect is not offered on this network.');
    expect(calls).toEqual([]);
  });

  it('I18N-04 the page says it in Arabic', async () => {
    const base = fixtureBootstrap({ locale: 'ar', direction: 'rtl' });
    const bootstrap = { ...base, network: { ...base.network, authenticationProviders: [FRANCE_CONNECT] } };
    await open('/ar/auth/fc/finalize?error=access_denied', bootstrap);
    expect(await screen.findByRole('heading', { level: 1, name: 'لم يكتمل تسجيل الدخول' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة إلى تسجيل الدخول' })).toBeTruthy();
  });
});

describe('the Keycloak return page (/auth/custom)', () => {
  it('NET-07 signs in with the network’s Keycloak where it is the default provider', async () => {
    const { calls, router } = await open('/en/auth/custom?code=c&state=s', networkWith(KEYCLOAK), {
      'authentication/exchangeAuthorizationCode': () => exchanged(1, 'KEYCLOAK'),
      'account/authenticate': () => ({
        ok: {
          user: fixtureUser({ signedInWith: { providerId: 1, driver: 'KEYCLOAK' } }),
          identity: identitySession,
        },
      }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
    expect(calls[1]?.payload).toMatchObject({ authProviderId: 1 });
  });

  it('NET-07 is not found where the default provider is not a KEYCLOAK one', async () => {
    const { calls } = await open(
      '/en/auth/custom?code=c&state=s',
      networkWith({ ...KEYCLOAK, isDefault: false }, { ...FRANCE_CONNECT, isDefault: true }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '404 · Page not found' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('a traveller already signed in goes on without spending the code', async () => {
    stubTenantService();
    const bootstrap = networkWith(KEYCLOAK);
    const { calls } = createTestSession({ bootstrap, signedInAs: fixtureUser() });
    sessionStorage.setItem('providerSignInTarget', '/en/cart');
    const { router } = await renderApp('/en/auth/custom?code=c&state=s', { bootstrap });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/cart'));
    expect(calledPaths(calls)).not.toContain('authentication/exchangeAuthorizationCode');
  });
});
