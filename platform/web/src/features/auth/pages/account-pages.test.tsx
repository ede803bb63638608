// The pages of a signed-in account: finalize, unverified account, verify account, logout.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readTicketCookie } from '../../../lib/cookies.ts';
import { providerPage } from '../../../lib/provider-page.ts';
import { renderApp } from '../../../test/render.tsx';
import { calledPaths, createTestSession, fixtureUser, stubTenantService } from '../../../test/session.ts';

const helperOf = (element: HTMLElement) =>
  document.getElementById(String(element.getAttribute('aria-describedby')))?.textContent;

describe('finalize page', () => {
  it('ACC-01 ROUTE-10 completes the missing names with Account/update.json, then goes back where the traveller was going', async () => {
    stubTenantService();
    const incomplete = fixtureUser({ userName: null, userLastname: null });
    const { calls } = createTestSession({
      signedInAs: incomplete,
      handlers: {
        'Account/update.json': (payload) => ({
          ok: { user: { ...incomplete, userName: payload.userName, userLastname: payload.userLastname } },
        }),
      },
    });
    const { router } = await renderApp('/en/documents');
    await screen.findByRole('heading', { level: 1, name: 'Complete your account' });
    const email = screen.getByLabelText(/^Email address/) as HTMLInputElement;
    expect(email.value).toBe('lea@example.org');
    expect(email.disabled).toBe(true);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^First name/), 'Léa');
    await user.type(screen.getByLabelText(/^Last name/), 'Martin');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/documents'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My documents' })).toBeTruthy();
    const update = calls.find((call) => call.path === 'Account/update.json');
    expect(update?.payload).toMatchObject({
      userName: 'Léa',
      userLastname: 'Martin',
      userToken: 'token-7',
      userId: 7,
    });
    expect(update?.payload).not.toHaveProperty('email');
  });

  it('ACC-01 a missing email is set with the account password; a wrong password is said beside it', async () => {
    stubTenantService();
    const { calls } = createTestSession({
      signedInAs: fixtureUser({ userMail: null }),
      handlers: {
        'Account/update.json': () => ({ ko: { code: 'update_email_error_password' }, status: 403 }),
      },
    });
    await renderApp('/en/auth/finalize');
    await screen.findByRole('heading', { level: 1, name: 'Complete your account' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Email address/), 'lea@example.org');
    const password = screen.getByLabelText(/^Password/);
    await user.type(password, 'not-it');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(helperOf(password)).toBe('The password is wrong.'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(calls.at(-1)?.payload).toMatchObject({ email: 'lea@example.org', password: 'not-it' });
  });

  it('VAL-01 names are checked with the account rules before any call', async () => {
    stubTenantService();
    const { calls } = createTestSession({ signedInAs: fixtureUser({ userLastname: null }) });
    await renderApp('/en/auth/finalize');
    await screen.findByRole('heading', { level: 1, name: 'Complete your account' });
    const user = userEvent.setup({ delay: null });
    const lastName = screen.getByLabelText(/^Last name/);
    await user.type(lastName, 'Martin2');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(helperOf(lastName)).toBe('The name must not contain digits.');
    expect(calledPaths(calls)).toEqual(['Account/getUser.json']);
  });

  it('a complete account has nothing to finalize and goes on', async () => {
    stubTenantService();
    createTestSession({ signedInAs: fixtureUser() });
    const { router } = await renderApp('/en/auth/finalize?redirect=%2Fen%2Fdocuments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/documents'));
  });
});

describe('unverified-account page', () => {
  it('AUTH-11 says purchase is blocked and sends the link again, then waits until the backend allows another', async () => {
    stubTenantService();
    const nextRequestAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const { calls } = createTestSession({
      signedInAs: fixtureUser({ verifiedAt: null }),
      handlers: { 'Account/sendVerificationEmail': () => ({ ok: { nextRequestAt } }) },
    });
    await renderApp('/en/unverified-account');
    await screen.findByRole('heading', { level: 1, name: 'Confirm your email address' });
    expect(screen.getByText('Purchases are blocked until your email address is confirmed.')).toBeTruthy();
    const resend = screen.getByRole('button', { name: 'Send the link again' });
    await userEvent.setup({ delay: null }).click(resend);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^A new link has been sent to lea@example\.org\. You can ask for another one at .+\.$/,
    );
    expect(screen.getByRole('button', { name: 'Send the link again' }).hasAttribute('disabled')).toBe(true);
    expect(calls.at(-1)?.payload).toMatchObject({ userToken: 'token-7', userId: 7, networkId: 7 });
  });

  it('AUTH-11 a request too soon says when the next may be asked, and the button waits', async () => {
    stubTenantService();
    createTestSession({
      signedInAs: fixtureUser({ verifiedAt: null }),
      handlers: {
        'Account/sendVerificationEmail': () => ({
          ko: { code: 'VERIFICATION_WAIT', details: { retryAfterSeconds: 120 } },
          status: 429,
        }),
      },
    });
    await renderApp('/en/unverified-account');
    await screen.findByRole('heading', { level: 1, name: 'Confirm your email address' });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^A confirmation email was sent recently: wait before asking for another one\. You can try again at .+\.$/,
    );
    expect(screen.getByRole('button', { name: 'Send the link again' }).hasAttribute('disabled')).toBe(true);
  });

  it('AUTH-11 an account verified meanwhile says so and offers to continue', async () => {
    stubTenantService();
    createTestSession({
      signedInAs: fixtureUser({ verifiedAt: null }),
      handlers: {
        'Account/sendVerificationEmail': () => ({ ko: { code: 'ALREADY_VERIFIED' }, status: 409 }),
      },
    });
    await renderApp('/en/unverified-account?redirect=%2Fen%2Fcart');
    await screen.findByRole('heading', { level: 1, name: 'Confirm your email address' });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your account is already confirmed.');
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/en/cart');
  });

  it('AUTH-12 a verified account has nothing to do here', async () => {
    stubTenantService();
    createTestSession({ signedInAs: fixtureUser() });
    const { router } = await renderApp('/en/unverified-account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
  });
});

describe('verify-account page', () => {
  it('AUTH-11 the code of the emailed link confirms the account', async () => {
    stubTenantService();
    const { calls } = createTestSession({
      handlers: { 'Account/verify': () => ({ ok: { verifiedAt: '2026-12-01T10:00:00.000Z' } }) },
    });
    await renderApp('/en/verify-account?code=the-code');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account is confirmed. You can now buy your tickets.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Account confirmation' })).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: 'Account/verify', method: 'PUT', payload: { code: 'the-code' } });
  });

  it('AUTH-11 an invalid code says so and offers a new link', async () => {
    stubTenantService();
    createTestSession({
      handlers: { 'Account/verify': () => ({ ko: { code: 'VERIFICATION_CODE_INVALID' }, status: 400 }) },
    });
    await renderApp('/en/verify-account?code=bad');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This confirmation link is not valid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/en/unverified-account',
    );
  });

  it('a link without its code says it is incomplete', async () => {
    stubTenantService();
    const { calls } = createTestSession();
    await renderApp('/en/verify-account');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^This confirmation link is incomplete/);
    expect(calls).toEqual([]);
  });
});

describe('logout page', () => {
  it('AUTH-07 /auth/logout ends the session and goes home, signed out', async () => {
    stubTenantService();
    const { calls } = createTestSession({
      signedInAs: fixtureUser(),
      handlers: { 'Account/logout.json': () => ({ ok: {} }) },
    });
    localStorage.setItem('cart', '{"items":[]}');
    const { router } = await renderApp('/en/auth/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
    expect(calledPaths(calls)).toContain('Account/logout.json');
    expect(readTicketCookie()).toBeUndefined();
    expect(localStorage.getItem('cart')).toBeNull();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('AUTH-07 a FranceConnect session: ended at the provider and here, then the browser goes to FranceConnect’s end-session page', async () => {
    stubTenantService();
    const endSessionUrl = 'https://franceconnect.example/session/end?id_token_hint=abc&state=xyz';
    const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const { calls } = createTestSession({
      signedInAs: fixtureUser({ signedInWith: { providerId: 3, driver: 'FRANCECONNECT' } }),
      handlers: {
        'authentication/logout': () => ({ ok: { endSessionUrl } }),
        'Account/logout.json': () => ({ ok: {} }),
      },
    });
    await renderApp('/en/auth/logout');
    await waitFor(() => expect(open.mock.calls).toEqual([[endSessionUrl]]));
    expect(calledPaths(calls)).toEqual(['authentication/logout', 'Account/logout.json']);
    expect(calls[0]?.payload.postLogoutRedirectUri).toMatch(/\/auth\/logout\?ended=provider$/);
    expect(readTicketCookie()).toBeUndefined();
  });

  it('AUTH-07 back from FranceConnect’s end-session page, signed out already: home without another call', async () => {
    stubTenantService();
    const { calls } = createTestSession();
    localStorage.setItem('cart', '{"items":[]}');
    const { router } = await renderApp('/en/auth/logout?ended=provider&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
    expect(calls).toEqual([]);
    // Nothing cleared twice: what the visitor did since is theirs.
    expect(localStorage.getItem('cart')).toBe('{"items":[]}');
  });
});
