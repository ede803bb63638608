import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readTicketCookie } from '../../../lib/cookies.ts';
import { renderApp } from '../../../test/render.tsx';
import {
  calledPaths,
  createTestSession,
  fixtureUser,
  identityAnswer,
  stubTenantService,
} from '../../../test/session.ts';

describe('session-expired modal', () => {
  it('AUTH-10 SHELL-05 an expired session shows the modal; reconnecting signs in again and closes it', async () => {
    stubTenantService();
    let expired = true;
    const { calls } = createTestSession({
      signedInAs: fixtureUser(),
      handlers: {
        'Account/getUser.json': () =>
          expired ? { ko: { code: 'SESSION_EXPIRED' }, status: 401 } : { ok: { user: fixtureUser() } },
        'identity/token': () => identityAnswer('again'),
        'Account/login.json': () => {
          expired = false;
          return { ok: { user: fixtureUser({ userToken: 'token-new' }) } };
        },
      },
    });
    const { router } = await renderApp('/en/legal-notices');
    const dialog = await screen.findByRole('dialog', { name: 'Session expired' });
    expect(within(dialog).getByText(/your session has ended/)).toBeTruthy();
    await userEvent.setup({ delay: null }).click(within(dialog).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calledPaths(calls)).toEqual(
      expect.arrayContaining(['Account/getUser.json', 'identity/token', 'Account/login.json']),
    );
    expect(readTicketCookie()).toMatchObject({ userToken: 'token-new' });
    expect(router.state.location.pathname).toBe('/en/legal-notices');
  });

  it('AUTH-10 when reconnecting fails, the sign-in page takes over and brings the traveller back', async () => {
    stubTenantService();
    createTestSession({
      signedInAs: fixtureUser(),
      handlers: {
        'Account/getUser.json': () => ({ ko: { code: 'SESSION_EXPIRED' }, status: 401 }),
        'identity/token': () => ({ ko: { code: 'TOKEN_INVALID' }, status: 401 }),
      },
    });
    const { router } = await renderApp('/en/privacy-policy');
    const dialog = await screen.findByRole('dialog', { name: 'Session expired' });
    await userEvent.setup({ delay: null }).click(within(dialog).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth'));
    expect(router.state.location.search).toBe('?redirect=%2Fen%2Fprivacy-policy');
    expect(await screen.findByText('Your session has expired. Log in again to continue.')).toBeTruthy();
    // The sign-in page says it itself: the modal leaves.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('AUTH-07 AUTH-10 continuing without an account clears the session without calling the server', async () => {
    stubTenantService();
    const { calls } = createTestSession({
      signedInAs: fixtureUser(),
      handlers: { 'Account/getUser.json': () => ({ ko: { code: 'SESSION_EXPIRED' }, status: 401 }) },
    });
    await renderApp('/en/legal-notices');
    const dialog = await screen.findByRole('dialog', { name: 'Session expired' });
    await userEvent
      .setup({ delay: null })
      .click(within(dialog).getByRole('button', { name: 'Continue without an account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(readTicketCookie()).toBeUndefined();
    expect(calledPaths(calls)).not.toContain('Account/logout.json');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});

describe('reactivation modal', () => {
  const pending = fixtureUser({
    userStatus: 'PENDING_DELETION',
    deletionRequestedAt: '2026-12-01T10:00:00.000Z',
  });

  it('ACC-07 a signed-in account pending deletion is offered reactivation, which cancels the deletion', async () => {
    stubTenantService();
    const { calls } = createTestSession({
      signedInAs: pending,
      handlers: {
        'Account/reactivate': () => ({ ok: { user: fixtureUser() } }),
      },
    });
    await renderApp('/en/legal-notices');
    const dialog = await screen.findByRole('dialog', { name: 'Your account is about to be deleted' });
    expect(within(dialog).getByText(/it will be deleted for good on December 31, 2026/)).toBeTruthy();
    await userEvent
      .setup({ delay: null })
      .click(within(dialog).getByRole('button', { name: 'Reactivate my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.path === 'Account/reactivate')?.payload).toMatchObject({
      userToken: 'token-7',
      userId: 7,
    });
  });

  it('ACC-07 a failed reactivation says why and the modal stays', async () => {
    stubTenantService();
    createTestSession({
      signedInAs: pending,
      handlers: { 'Account/reactivate': () => ({ ko: { code: 'ACCOUNT_DELETED' }, status: 410 }) },
    });
    await renderApp('/en/legal-notices');
    const dialog = await screen.findByRole('dialog', { name: 'Your account is about to be deleted' });
    await userEvent
      .setup({ delay: null })
      .click(within(dialog).getByRole('button', { name: 'Reactivate my account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This account has been deleted.');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('an active account sees no modal, and the header offers the account rather than the login', async () => {
    stubTenantService();
    createTestSession({ signedInAs: fixtureUser() });
    await renderApp('/en/legal-notices');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'My account' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('AUTH-04 a guest is not logged in: the header still offers the login', async () => {
    stubTenantService();
    createTestSession({
      signedInAs: fixtureUser({ userId: 90, userToken: 'token-90', authAsGuest: true, userStatus: 'GUEST' }),
    });
    await renderApp('/en/legal-notices');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});
