import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client.tsx';
import {
  requireDefaultIdentity,
  requireFranceConnectIdentity,
  safeRedirectPath,
} from '../../lib/session/guards.ts';
import { fixtureBootstrap } from '../../test/fixtures/bootstrap.ts';
import { renderApp } from '../../test/render.tsx';
import { calledPaths, createTestSession, fixtureUser, stubTenantService } from '../../test/session.ts';
import { completeAccountLoader } from './complete-account-loader.ts';

describe('route guards of the session', () => {
  it('ROUTE-05 /documents sends a signed-out visitor to the sign-in page, coming back after', async () => {
    stubTenantService();
    createTestSession();
    const { router } = await renderApp('/en/documents');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth'));
    expect(router.state.location.search).toBe('?redirect=%2Fen%2Fdocuments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
  });

  it('ROUTE-05 AUTH-04 a guest is not signed in: /documents sends to the sign-in page too', async () => {
    stubTenantService();
    createTestSession({
      signedInAs: fixtureUser({ userId: 90, userToken: 'token-90', authAsGuest: true, userStatus: 'GUEST' }),
    });
    const { router } = await renderApp('/documents');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('ROUTE-05 a logged-in traveller sees /documents', async () => {
    stubTenantService();
    createTestSession({ signedInAs: fixtureUser() });
    await renderApp('/en/documents');
    expect(await screen.findByRole('heading', { level: 1, name: 'My documents' })).toBeTruthy();
  });

  it('ROUTE-10 a logged-in account without a last name completes it first, then comes back', async () => {
    stubTenantService();
    createTestSession({ signedInAs: fixtureUser({ userLastname: null }) });
    const { router } = await renderApp('/en/documents?tab=past');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth/finalize'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/en/documents?tab=past');
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete your account' })).toBeTruthy();
  });

  it('ROUTE-10 a missing email or first name also sends to auth/finalize', async () => {
    for (const missing of [{ userMail: null }, { userName: '  ' }]) {
      stubTenantService();
      createTestSession({ signedInAs: fixtureUser(missing) });
      const { router, unmount } = await renderApp('/unverified-account');
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth/finalize'));
      unmount();
    }
  });

  it('ROUTE-10 the sign-in pages and the legal pages do not send to auth/finalize', async () => {
    stubTenantService();
    createTestSession({ signedInAs: fixtureUser({ userLastname: null }) });
    const { router } = await renderApp('/en/auth/reset');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgotten password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/auth/reset');
  });

  it('ROUTE-09 verify-account goes home when the signed-in account is already verified, without using the code', async () => {
    stubTenantService();
    const { calls } = createTestSession({ signedInAs: fixtureUser() });
    const { router } = await renderApp('/en/verify-account?code=abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
    expect(calledPaths(calls)).toEqual(['Account/getUser.json']);
  });

  it('ROUTE-09 AUTH-11 verify-account goes home when the backend says the account is already verified', async () => {
    stubTenantService();
    const { calls } = createTestSession({
      handlers: { 'Account/verify': () => ({ ko: { code: 'ALREADY_VERIFIED' }, status: 409 }) },
    });
    const { router } = await renderApp('/verify-account?code=abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]?.payload).toMatchObject({ code: 'abc' });
  });

  it('keeps redirect targets within the shop', () => {
    const home = '/en/';
    expect(safeRedirectPath('/en/cart?step=2#top', home)).toBe('/en/cart?step=2#top');
    expect(safeRedirectPath('//evil.example/x', home)).toBe(home);
    expect(safeRedirectPath('https://evil.example/', home)).toBe(home);
    expect(safeRedirectPath('/\\evil.example', home)).toBe(home);
    expect(safeRedirectPath('javascript:alert(1)', home)).toBe(home);
    expect(safeRedirectPath('/en/auth/logout', home)).toBe(home);
    expect(safeRedirectPath('/auth', home)).toBe(home);
    expect(safeRedirectPath(null, home)).toBe(home);
  });
});

describe('the account-completeness loader for pages of other features', () => {
  const args = (url: string) => ({ request: new Request(url), params: {}, context: undefined }) as never;

  it('ROUTE-10 sends an incomplete logged-in account to auth/finalize, coming back after', async () => {
    createTestSession({ signedInAs: fixtureUser({ userMail: null }) });
    const thrown = await completeAccountLoader(args('http://shop.test/en/cart?step=2')).catch(
      (error) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe(
      '/en/auth/finalize?redirect=%2Fen%2Fcart%3Fstep%3D2',
    );
  });

  it('ROUTE-10 lets a complete account, a guest and a signed-out visitor through', async () => {
    const { calls } = createTestSession();
    expect(await completeAccountLoader(args('http://shop.test/'))).toBeNull();
    expect(calls).toEqual([]);
    createTestSession({ signedInAs: fixtureUser() });
    expect(await completeAccountLoader(args('http://shop.test/'))).toBeNull();
    createTestSession({
      signedInAs: fixtureUser({ authAsGuest: true, userStatus: 'GUEST', userMail: null, userName: null }),
    });
    expect(await completeAccountLoader(args('http://shop.test/'))).toBeNull();
  });
});

describe('the identity guards (ROUTE-11)', () => {
  const KEYCLOAK = { id: 1, driver: 'KEYCLOAK', isDefault: true, name: 'Harbour ID' } as const;
  const FRANCE_CONNECT = { id: 3, driver: 'FRANCECONNECT', isDefault: false, name: 'FranceConnect' } as const;
  const base = fixtureBootstrap();
  const bootstrap = {
    ...base,
    network: { ...base.network, authenticationProviders: [KEYCLOAK, FRANCE_CONNECT] },
  };
  const args = (url: string) => ({ request: new Request(url) });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
  /** Another account signed in: the user cached for the last one goes. */
  const signIn = (identities: { providerId: number }[]) => {
    queryClient.clear();
    createTestSession({ bootstrap, signedInAs: fixtureUser({ identities }) });
  };

  it('ROUTE-11 a default identity lets its holder through with that provider; others go to the account page', async () => {
    signIn([{ providerId: 1 }]);
    expect(
      (await requireDefaultIdentity(args('http://shop.test/en/account/identity/replace'))).provider,
    ).toEqual(KEYCLOAK);
    signIn([{ providerId: 3 }]);
    const thrown = await refusal(
      requireDefaultIdentity(args('http://shop.test/en/account/identity/replace')),
    );
    expect(thrown?.headers.get('Location')).toBe('/en/account');
  });

  it('ROUTE-11 the FranceConnect pages need the network’s FranceConnect identity', async () => {
    signIn([{ providerId: 3 }]);
    const holder = await requireFranceConnectIdentity(args('http://shop.test/auth/fc/delete-identity'));
    expect(holder.provider).toEqual(FRANCE_CONNECT);
    expect(holder.user.identities).toEqual([{ providerId: 3 }]);
    for (const identities of [[], [{ providerId: 1 }], [{ providerId: 99 }]]) {
      signIn(identities);
      const thrown = await refusal(
        requireFranceConnectIdentity(args('http://shop.test/auth/fc/delete-identity')),
      );
      expect(thrown?.headers.get('Location')).toBe('/account');
    }
  });

  it('ROUTE-05 ROUTE-11 a visitor without a session signs in first, coming back after', async () => {
    createTestSession({ bootstrap });
    const thrown = await refusal(
      requireFranceConnectIdentity(args('http://shop.test/en/auth/fc/delete-identity')),
    );
    expect(thrown?.headers.get('Location')).toBe('/en/auth?redirect=%2Fen%2Fauth%2Ffc%2Fdelete-identity');
  });
});
