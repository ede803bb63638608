import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bootstrap } from '@transit-shop/tenancy';
import { afterEach, describe, expect, it } from 'vitest';
import { readTicketCookie } from '../../../lib/cookies.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { fixtureMedium } from '../../../test/fixtures/media.ts';
import { renderApp } from '../../../test/render.tsx';
import {
  calledPaths,
  createTestSession,
  fixtureUser,
  type Handler,
  identityAnswer,
  stubTenantService,
} from '../../../test/session.ts';

const SEARCH = 'Account/searchLocalMediaForSignin';

function networkWith(configuration: Partial<Bootstrap['network']['configuration']>): Bootstrap {
  const base = fixtureBootstrap({ locale: 'en' });
  return fixtureBootstrap({
    locale: 'en',
    network: { ...base.network, configuration: { ...base.network.configuration, ...configuration } },
  });
}

async function openPage(
  path: string,
  options: {
    configuration?: Partial<Bootstrap['network']['configuration']>;
    handlers?: Record<string, Handler>;
  } = {},
) {
  stubTenantService();
  const bootstrap = networkWith({ has_media_signin: true, ...options.configuration });
  const session = createTestSession({ bootstrap, handlers: options.handlers ?? {} });
  const view = await renderApp(path, { bootstrap });
  return { ...session, ...view };
}

async function search(number: string, birthDate?: string) {
  const user = userEvent.setup({ delay: null });
  await screen.findByRole('heading', { level: 1, name: 'Find my transport card' });
  await user.type(screen.getByLabelText(/^Card number/), number);
  if (birthDate) await user.type(screen.getByLabelText(/^Card holder's date of birth/), birthDate);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

async function register(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Last name/), 'Martin');
  await user.type(screen.getByLabelText(/^First name/), 'Léa');
  await user.type(screen.getByLabelText(/^Email address/), 'lea@example.org');
  await user.type(screen.getByLabelText(/^Confirm email address/), 'lea@example.org');
  await user.type(screen.getByLabelText(/^Password/), 'Correct-horse-42');
  await user.type(screen.getByLabelText(/^Confirm password/), 'Correct-horse-42');
  await user.click(screen.getByRole('checkbox', { name: /terms of use/ }));
  await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
}

/** A card as Account/registerMedia.json answers it. */
const linkedCard = fixtureMedium({
  id: 31,
  provider_id: 'demo',
  number: '123456789012',
  expires_at: '2030-06-30',
  created_at: '2026-11-28T11:00:00+01:00',
});

describe('card sign-in pages', () => {
  afterEach(() => sessionStorage.clear());

  it('the sign-in page leads to the card sign-in only where the network has has_media_signin', async () => {
    await openPage('/en/auth?redirect=%2Fen%2Fcart');
    const link = await screen.findByRole('link', { name: 'Sign in with my transport card' });
    expect(link.getAttribute('href')).toBe('/en/auth/media?redirect=%2Fen%2Fcart');
    const user = userEvent.setup({ delay: null });
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Sign in with my transport card' });
    await user.click(screen.getByRole('link', { name: 'Find my card' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Find my transport card' })).toBeTruthy();
  });

  it('without has_media_signin there is no link, and the card pages go to the sign-in page', async () => {
    const { router } = await openPage('/en/auth/media/search?redirect=%2Fen%2Fcart', {
      configuration: { has_media_signin: false },
    });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/en/auth');
    expect(router.state.location.search).toBe('?redirect=%2Fen%2Fcart');
    expect(screen.queryByRole('link', { name: 'Sign in with my transport card' })).toBeNull();
  });

  it('one account holds the card: its token signs in, as a login does, and the traveller goes on', async () => {
    const user = fixtureUser();
    const { calls, router } = await openPage('/en/auth/media/search?redirect=%2Fen%2Flegal-notices', {
      handlers: {
        [SEARCH]: () => ({ ok: { result: 'ONE', token: 'one-time-token' } }),
        'Account/signinWithToken': () => ({ ok: { user } }),
      },
    });
    await search('1234 5678 9012', '1990-04-01');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/legal-notices'));
    // The page it lands on says whose account the card opened, politely, until closed.
    const notice = (await screen.findByText('Signed in as Léa.')).closest('[role="status"]');
    expect(notice).toBeTruthy();
    await userEvent
      .setup({ delay: null })
      .click(within(notice as HTMLElement).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Signed in as Léa.')).toBeNull());
    expect(calledPaths(calls).slice(0, 2)).toEqual([SEARCH, 'Account/signinWithToken']);
    expect(calls[0]?.payload).toMatchObject({
      mediaNumber: '123456789012',
      mediaCustomerBirthDate: '1990-04-01',
      networkId: '7',
    });
    expect(calls[1]?.payload).toMatchObject({ token: 'one-time-token' });
    expect(readTicketCookie()).toEqual({ userToken: 'token-7', userId: 7, guest: false });
  });

  it('several accounts hold the card: the traveller is told to contact customer service', async () => {
    const { calls, router } = await openPage('/en/auth/media/search', {
      handlers: { [SEARCH]: () => ({ ok: { result: 'SEVERAL' } }) },
    });
    await search('123456789012', '1990-04-01');
    expect(
      await screen.findByText(
        'Several accounts use this card, so it cannot sign you in. Contact customer service.',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/auth/media/search');
    expect(calledPaths(calls)).toEqual([SEARCH]);
  });

  it('no account holds the card: registering shows the card, then links it with the search’s number and birth date', async () => {
    const created = fixtureUser({ verifiedAt: null });
    const { calls, router } = await openPage('/en/auth/media/search?redirect=%2Fen%2Fcart', {
      handlers: {
        [SEARCH]: () => ({ ok: { result: 'NONE' } }),
        'identity/signUp': () => identityAnswer('lea'),
        'Account/login.json': () => ({ ok: { user: created } }),
        'Account/getUser.json': () => ({ ok: { user: created } }),
        'Account/registerMedia.json': () => ({ ok: { media: linkedCard, medias: [linkedCard] } }),
      },
    });
    const user = await search('1234 5678 9012', '1990-04-01');
    await screen.findByRole('heading', { level: 1, name: 'Create an account with my card' });
    expect(router.state.location.pathname).toBe('/en/auth/media/register');
    expect(screen.getByText('Transport card \u20661234 5678 9012\u2069')).toBeTruthy();

    await register(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/unverified-account'));
    expect(router.state.location.search).toBe('?redirect=%2Fen%2Fcart');
    expect(calledPaths(calls).slice(0, 4)).toEqual([
      SEARCH,
      'identity/signUp',
      'Account/login.json',
      'Account/registerMedia.json',
    ]);
    expect(calls[3]?.payload).toMatchObject({
      mediaNumber: '123456789012',
      mediaCustomerBirthDate: '1990-04-01',
      userId: 7,
      userToken: 'token-7',
      networkId: 7,
    });
    // The card is linked: it is no longer kept for a registration.
    expect(sessionStorage.getItem('mediaForSignIn')).toBeNull();
  });

  it('a card the registry refuses after the account is made: the account stays, the refusal is said', async () => {
    const created = fixtureUser({ verifiedAt: null });
    const { router } = await openPage('/en/auth/media/search?redirect=%2Fen%2Fcart', {
      handlers: {
        [SEARCH]: () => ({ ok: { result: 'NONE' } }),
        'identity/signUp': () => identityAnswer('lea'),
        'Account/login.json': () => ({ ok: { user: created } }),
        'Account/getUser.json': () => ({ ok: { user: created } }),
        'Account/registerMedia.json': () => ({ ko: { code: 'MEDIA_LINKED_ELSEWHERE' }, status: 409 }),
      },
    });
    const user = await search('123456789012', '1990-04-01');
    await screen.findByRole('heading', { level: 1, name: 'Create an account with my card' });
    await register(user);
    expect(await screen.findByText('Your account has been created.')).toBeTruthy();
    expect(
      screen.getByText('This card is linked to another account. Contact customer service.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/unverified-account'));
    expect(router.state.location.search).toBe('?redirect=%2Fen%2Fcart');
  });

  it('the registration page without a card from the search goes to the search', async () => {
    const { router } = await openPage('/en/auth/media/register');
    await screen.findByRole('heading', { level: 1, name: 'Find my transport card' });
    expect(router.state.location.pathname).toBe('/en/auth/media/search');
  });

  it('NET-06 where the network hides the birth date, the search asks the card number alone', async () => {
    const { calls } = await openPage('/en/auth/media/search', {
      configuration: { hideBirthDate: true },
      handlers: { [SEARCH]: () => ({ ok: { result: 'SEVERAL' } }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Find my transport card' });
    expect(screen.queryByLabelText(/date of birth/)).toBeNull();
    await search('123456789012');
    await screen.findByText(/Several accounts use this card/);
    expect(calls[0]?.payload).not.toHaveProperty('mediaCustomerBirthDate');
  });

  it('a refusal of the card is said: beside the birth date when it does not match, above the form otherwise', async () => {
    let refusal = 'MEDIA_BIRTH_DATE_MISMATCH';
    const { calls } = await openPage('/en/auth/media/search', {
      handlers: { [SEARCH]: () => ({ ko: { code: refusal }, status: 422 }) },
    });
    const user = await search('123456789012', '1990-04-01');
    const birthDate = screen.getByLabelText(/^Card holder's date of birth/);
    await waitFor(() => expect(birthDate.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The date of birth does not match this card.')).toBeTruthy();

    refusal = 'MEDIA_EXPIRED';
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This card has expired.')).toBeTruthy();
    expect(calledPaths(calls)).toEqual([SEARCH, SEARCH]);
  });

  it('a card whose tries are used up is refused with when to try again, whatever the birth date', async () => {
    const { calls } = await openPage('/en/auth/media/search', {
      handlers: {
        [SEARCH]: () => ({
          ko: { code: 'MEDIA_TRIES_EXHAUSTED', details: { retryAfterSeconds: 24 * 60 * 60 } },
          status: 429,
        }),
      },
    });
    await search('123456789012', '1988-05-13');
    expect(
      await screen.findByText(
        /^Too many attempts with wrong details: to protect the card's holder, linking this card and signing in with it are paused\. You can try again on .+ at .+\.$/,
      ),
    ).toBeTruthy();
    expect(calledPaths(calls)).toEqual([SEARCH]);
  });

  it('the card number is checked before any call', async () => {
    const { calls } = await openPage('/en/auth/media/search');
    await search('12ab', '1990-04-01');
    const number = screen.getByLabelText(/^Card number/);
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(calls).toEqual([]);
  });
});
