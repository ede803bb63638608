// /auth/fc/delete-identity: unlinking the account's FranceConnect identity (IDP-03, IDP-04, IDP-05,
// ROUTE-11), with the fake backend answering each call.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { Bootstrap } from '@transit-shop/tenancy';
import { describe, expect, it, vi } from 'vitest';
import { readIdentityCookie } from '../../../lib/cookies.ts';
import { providerPage } from '../../../lib/provider-page.ts';
import { apiErrorText } from '../../../test/api-error-text.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { renderApp } from '../../../test/render.tsx';
import {
  type Answer,
  calledPaths,
  createTestSession,
  fixtureUser,
  type Handler,
  identityAnswer,
  stubTenantService,
} from '../../../test/session.ts';

const FRANCE_CONNECT = { id: 3, driver: 'FRANCECONNECT', isDefault: true, name: 'FranceConnect' } as const;
const TOKEN = 'provider-token-0123456789';
const PASSWORD = 'Correct-Horse-9';
const PAGE = '/en/auth/fc/delete-identity';
const BACK = `${PAGE}?code=the-code&state=the-state`;
const attempt = {
  state: 's'.repeat(32),
  authorizationUrl: 'https://franceconnect.example/authorize?state=s',
};

function network(providers: Bootstrap['network']['authenticationProviders'] = [FRANCE_CONNECT]): Bootstrap {
  const base = fixtureBootstrap({ locale: 'en' });
  return { ...base, network: { ...base.network, authenticationProviders: providers } };
}

const linked = fixtureUser({
  identities: [{ providerId: 3 }],
  signedInWith: { providerId: 3, driver: 'FRANCECONNECT' },
});
const lookup = (hasPassword: boolean): Answer => ({
  ok: {
    localId: 'lea',
    email: 'lea@example.org',
    emailVerified: true,
    anonymous: false,
    hasPassword,
    createdAt: '2026-01-02T10:00:00.000Z',
  },
});

/**
 * The page signed in as an account linked to FranceConnect: its own identity has a password or not,
 * the account's identities follow the unlink, and each call may be answered otherwise.
 */
async function open(
  path: string,
  options: {
    hasPassword?: boolean;
    handlers?: Record<string, Handler>;
    bootstrap?: Bootstrap;
    user?: AuthUser;
  } = {},
) {
  stubTenantService();
  let user = options.user ?? linked;
  const bootstrap = options.bootstrap ?? network();
  const session = createTestSession({
    bootstrap,
    signedInAs: user,
    handlers: {
      'Account/getUser.json': () => ({ ok: { user } }),
      'identity/token': () => identityAnswer('fresh'),
      'identity/lookup': () => lookup(options.hasPassword ?? false),
      'authentication/authorizationState': () => ({ ok: attempt }),
      'authentication/exchangeAuthorizationCode': () => ({
        ok: {
          authProviderToken: TOKEN,
          authProviderId: 3,
          driver: 'FRANCECONNECT',
          expiresIn: 600,
          linked: true,
        },
      }),
      'identity/update': () => identityAnswer('updated'),
      'account/deleteIdentity': () => {
        user = { ...user, identities: [] };
        return { ok: { identities: [] } };
      },
      ...options.handlers,
    },
  });
  const view = await renderApp(path, { bootstrap });
  return { ...session, ...view };
}

const heading = () =>
  screen.findByRole('heading', { level: 1, name: 'Unlink FranceConnect' }, { timeout: 10_000 });

async function fillCredentials(email: string | null, password: string, confirmation = password) {
  const user = userEvent.setup({ delay: null });
  const emailField = await screen.findByLabelText(/^Email address/);
  if (email !== null) {
    await user.clear(emailField);
    await user.type(emailField, email);
  }
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.type(screen.getByLabelText(/^Confirm password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Save and unlink FranceConnect' }));
  return user;
}

describe('the FranceConnect unlink page', () => {
  it('ROUTE-05 a visitor without a session goes to the sign-in page, coming back after', async () => {
    stubTenantService();
    createTestSession({ bootstrap: network() });
    const { router } = await renderApp(PAGE, { bootstrap: network() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(PAGE);
  });

  it('ROUTE-11 an account without a FranceConnect identity goes to the account page', async () => {
    const { router, calls } = await open(PAGE, { user: fixtureUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account'));
    expect(calledPaths(calls)).not.toContain('authentication/authorizationState');
  });

  it('IDP-05 on a network without FranceConnect: “There is no FranceConnect provider”', async () => {
    const { calls } = await open(PAGE, { bootstrap: network([{ ...FRANCE_CONNECT, driver: 'KEYCLOAK' }]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'FranceConnect' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('FranceConnect is not offered on this network.');
    expect(calls).toEqual([]);
  });

  it('IDP-03 explains the three steps, then signs in again at FranceConnect, coming back to this page', async () => {
    const open$ = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const { calls } = await open(PAGE);
    await heading();
    const steps = screen.getByRole('list', { name: /^Once FranceConnect is unlinked/ });
    expect(steps.querySelectorAll('li')).toHaveLength(3);
    expect(steps.textContent).toContain('choose the email address and password you will log in with');
    expect(screen.getByRole('link', { name: 'Back to my account' }).getAttribute('href')).toBe('/en/account');
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Continue with FranceConnect' }));
    await waitFor(() => expect(open$).toHaveBeenCalledWith(attempt.authorizationUrl));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Going to FranceConnect…');
    const started = calls.find((call) => call.path === 'authentication/authorizationState');
    expect(started?.payload).toMatchObject({ authProviderId: 3 });
    expect(new URL(String(started?.payload.redirectUri)).pathname).toBe(PAGE);
  });

  it('IDP-03 back from FranceConnect: the account creates its email and password, FranceConnect is unlinked, and the account page says so', async () => {
    const { calls, router } = await open(BACK);
    await heading();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your email address and password' }),
    ).toBeTruthy();
    expect((screen.getByLabelText(/^Email address/) as HTMLInputElement).value).toBe('lea@example.org');
    await fillCredentials('lea.martin@example.org', PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account'));
    expect(
      await screen.findByText(
        'FranceConnect is unlinked from your account: from now on, log in with your email address and password.',
      ),
    ).toBeTruthy();
    const paths = calledPaths(calls);
    expect(paths.slice(paths.indexOf('authentication/exchangeAuthorizationCode'))).toEqual([
      'authentication/exchangeAuthorizationCode',
      'identity/token',
      'identity/update',
      'account/deleteIdentity',
      'Account/getUser.json',
    ]);
    expect(
      calls.find((call) => call.path === 'authentication/exchangeAuthorizationCode')?.payload,
    ).toMatchObject({
      code: 'the-code',
      state: 'the-state',
    });
    const update = calls.find((call) => call.path === 'identity/update')?.payload;
    expect(update).toMatchObject({
      idToken: 'id-fresh',
      email: 'lea.martin@example.org',
      password: PASSWORD,
    });
    expect(update).not.toHaveProperty('currentPassword');
    // A DELETE call travels in the address: every value as text.
    expect(calls.find((call) => call.path === 'account/deleteIdentity')).toMatchObject({
      method: 'DELETE',
      payload: { authProviderId: '3', authProviderToken: TOKEN, userToken: 'token-7', userId: '7' },
    });
    // The identity's new tokens are the session's.
    expect(readIdentityCookie()).toEqual({ idToken: 'id-updated', refreshToken: 'refresh-updated' });
  });

  it('IDP-03 an account that has its password goes from FranceConnect straight to the unlink', async () => {
    const { calls, router } = await open(BACK, { hasPassword: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account'));
    expect(calledPaths(calls)).not.toContain('identity/update');
    expect(calledPaths(calls)).toContain('account/deleteIdentity');
  });

  it('IDP-03 VAL-04 the password follows the rules and is confirmed before anything is sent', async () => {
    const { calls } = await open(BACK);
    await heading();
    await fillCredentials(null, 'short', 'other');
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(String(password.getAttribute('aria-describedby')))?.textContent).toBe(
      'At least 12 characters.',
    );
    const confirmation = screen.getByLabelText(/^Confirm password/);
    expect(document.getElementById(String(confirmation.getAttribute('aria-describedby')))?.textContent).toBe(
      'The passwords are not identical.',
    );
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(calledPaths(calls)).not.toContain('identity/update');
  });

  it('IDP-04 an email already used by another account is said beside the email, and a new one goes on', async () => {
    const { calls, router } = await open(BACK, {
      handlers: {
        'identity/update': (payload) =>
          payload.email === 'taken@example.org'
            ? { ko: { code: 'EMAIL_IN_USE' }, status: 409 }
            : identityAnswer('updated'),
      },
    });
    await heading();
    const user = await fillCredentials('taken@example.org', PASSWORD);
    const email = screen.getByLabelText(/^Email address/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(String(email.getAttribute('aria-describedby')))?.textContent).toBe(
      'This email address is already in use.',
    );
    await user.clear(email);
    await user.type(email, 'lea.martin@example.org');
    await user.click(screen.getByRole('button', { name: 'Save and unlink FranceConnect' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account'));
    expect(calledPaths(calls).filter((path) => path === 'identity/update')).toHaveLength(2);
  });

  it('IDP-04 refusing at FranceConnect is said, with a way to sign in there again', async () => {
    const open$ = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const { i18n, calls } = await open(`${PAGE}?error=access_denied&state=s`);
    await heading();
    expect(screen.getByRole('alert').textContent).toBe(
      `FranceConnect could not confirm it is you. ${apiErrorText(i18n, 'IDENTITY_PROVIDER_DENIED')}`,
    );
    expect(calledPaths(calls)).not.toContain('authentication/exchangeAuthorizationCode');
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Log in with FranceConnect again' }));
    await waitFor(() => expect(open$).toHaveBeenCalledWith(attempt.authorizationUrl));
  });

  it('IDP-04 a sign-in that expired on the way back (AUTHORIZATION_STATE_INVALID) is said', async () => {
    const { i18n } = await open(BACK, {
      handlers: {
        'authentication/exchangeAuthorizationCode': () => ({
          ko: { code: 'AUTHORIZATION_STATE_INVALID' },
          status: 400,
        }),
      },
    });
    await heading();
    expect((await screen.findByRole('alert')).textContent).toBe(
      `FranceConnect could not confirm it is you. ${apiErrorText(i18n, 'AUTHORIZATION_STATE_INVALID')}`,
    );
  });

  it('IDP-04 IDENTITY_MISMATCH (signed in at FranceConnect as someone else): no retry with that sign-in, only a new one', async () => {
    const open$ = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const { i18n } = await open(BACK, {
      hasPassword: true,
      handlers: { 'account/deleteIdentity': () => ({ ko: { code: 'IDENTITY_MISMATCH' }, status: 403 }) },
    });
    await heading();
    expect((await screen.findByRole('alert')).textContent).toBe(
      `FranceConnect could not be unlinked. ${apiErrorText(i18n, 'IDENTITY_MISMATCH')}`,
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Log in with FranceConnect again' }));
    await waitFor(() => expect(open$).toHaveBeenCalledOnce());
  });

  it('IDP-04 an unlink that failed for the service is tried again with the same sign-in', async () => {
    let unavailable = true;
    const { calls, router } = await open(BACK, {
      hasPassword: true,
      handlers: {
        'account/deleteIdentity': () => {
          if (unavailable) return { ko: { code: 'SERVICE_UNAVAILABLE' }, status: 503 };
          return { ok: { identities: [] } };
        },
      },
    });
    await heading();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^FranceConnect could not be unlinked\./);
    unavailable = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account'));
    const unlinks = calls.filter((call) => call.path === 'account/deleteIdentity');
    expect(unlinks.map((call) => call.payload.authProviderToken)).toEqual([TOKEN, TOKEN]);
  });

  it('I18N-04 the page is in Arabic', async () => {
    stubTenantService();
    const base = fixtureBootstrap({ locale: 'ar', direction: 'rtl' });
    const bootstrap = { ...base, network: { ...base.network, authenticationProviders: [FRANCE_CONNECT] } };
    createTestSession({
      bootstrap,
      signedInAs: linked,
      handlers: { 'identity/token': () => identityAnswer('fresh'), 'identity/lookup': () => lookup(false) },
    });
    await renderApp('/ar/auth/fc/delete-identity', { bootstrap });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'إلغاء ربط FranceConnect' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'المتابعة عبر FranceConnect' })).toBeTruthy();
  });
});
