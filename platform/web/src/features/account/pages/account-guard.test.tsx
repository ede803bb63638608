import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAccountSession } from '../../../test/account-session.ts';
import { renderApp } from '../../../test/render.tsx';
import { createTestSession, fixtureUser, stubTenantService } from '../../../test/session.ts';

describe('the account pages guard', () => {
  it('a visitor without a session goes to the sign-in page, coming back to the account after', async () => {
    stubTenantService();
    createTestSession();
    const { router } = await renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/account');
  });

  it('a guest is not signed in: the deletion page sends to the sign-in page in the language of the address', async () => {
    stubTenantService();
    createTestSession({ signedInAs: fixtureUser({ authAsGuest: true, userStatus: 'GUEST' }) });
    const { router } = await renderApp('/en/account/delete');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/en/account/delete');
  });

  it('ROUTE-10 an account without a last name completes it first', async () => {
    stubTenantService();
    createAccountSession({ signedInAs: fixtureUser({ userLastname: null }) });
    const { router } = await renderApp('/account/new');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/finalize'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/account/new');
  });

  it('a logged-in traveller sees the account page with its sections', async () => {
    stubTenantService();
    createAccountSession({ signedInAs: fixtureUser() });
    await renderApp('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeTruthy();
    for (const name of ['Mes informations', 'Photo de profil', 'Voyageurs', 'Mot de passe', 'Apparence']) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
  });

  it('I18N-04 the Arabic account page is in Arabic, right to left', async () => {
    stubTenantService();
    createAccountSession({ signedInAs: fixtureUser() });
    await renderApp('/ar/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'حسابي' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'معلوماتي' }).className).toMatch(/\bmui-rtl-/);
  });
});
