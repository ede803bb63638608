import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { Locale } from '@transit-shop/sdk/locales';
import { describe, expect, it } from 'vitest';
import { payloadsAt } from '../../../test/account-session.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { linkedSubscription } from '../../../test/fixtures/subscriptions.ts';
import { renderApp } from '../../../test/render.tsx';
import { createTestSession, fixtureUser, type Handler, stubTenantService } from '../../../test/session.ts';

/** A renewal notice's token: 43 characters of base64url. */
const TOKEN = 'q7Vx3-LmN0pQrStUvWxYz_0123456789abcdEFGHijk';

/** The link's page, signed out, on a network selling subscriptions. */
async function openLink(
  path: string,
  handlers: Record<string, Handler> = {},
  locale: Locale = 'fr',
  signedInAs?: AuthUser,
) {
  stubTenantService();
  const bootstrap = fixtureBootstrap({ locale, direction: locale === 'ar' ? 'rtl' : 'ltr' });
  bootstrap.network.configuration.has_subscriptions = true;
  const session = createTestSession({ bootstrap, handlers, ...(signedInAs ? { signedInAs } : {}) });
  const view = await renderApp(path, { bootstrap });
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return { ...view, calls: session.calls };
}

/** Text as read aloud: every run of spaces, no-break ones included, as one space. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

const termValue = (term: string) =>
  plain(
    screen.getAllByRole('term').find((element) => element.textContent === term)?.nextElementSibling
      ?.textContent,
  );

describe('the termination link of a renewal notice', () => {
  it('shows what it terminates without a session, asks once, then terminates it and says until when it stays valid', async () => {
    const user = userEvent.setup();
    const { calls, router } = await openLink(`/subscription/terminate?token=${TOKEN}`, {
      'Subscriptions/terminationLink': () => ({ ok: linkedSubscription() }),
      'Subscriptions/terminateByLink': () => ({
        ok: linkedSubscription({ status: 'TERMINATED', renewalDate: null, endsOn: '2026-12-31' }),
      }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Résilier un abonnement');
    await screen.findByText('Abonnement mensuel');
    expect(termValue('Voyageur')).toBe('Léa');
    expect(termValue('Renouvelé le')).toBe('1 janvier 2027');
    expect(termValue('Montant du renouvellement')).toBe('62,00 €');
    expect(payloadsAt(calls, 'Subscriptions/terminationLink')).toEqual([{ token: TOKEN, network_id: '7' }]);
    expect(calls.find((call) => call.path === 'Subscriptions/terminationLink')?.payload).not.toHaveProperty(
      'userToken',
    );
    // Nothing is terminated by opening the link.
    expect(payloadsAt(calls, 'Subscriptions/terminateByLink')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Résilier l’abonnement' }));
    const outcome = await screen.findByRole('status');
    expect(plain(outcome.textContent)).toBe(
      'Votre abonnement est résilié. Abonnement mensuel reste valable jusqu’au 31 décembre 2026.',
    );
    expect(outcome.contains(document.activeElement) || outcome === document.activeElement).toBe(true);
    expect(screen.queryByRole('button', { name: 'Résilier l’abonnement' })).toBeNull();
    expect(payloadsAt(calls, 'Subscriptions/terminateByLink')).toEqual([{ token: TOKEN, network_id: 7 }]);
    expect(calls.find((call) => call.path === 'Subscriptions/terminateByLink')).toMatchObject({
      method: 'POST',
      signed: true,
    });
    expect(router.state.location.pathname).toBe('/subscription/terminate');
  });

  it('a link used, expired or unknown says so, with the way to sign in and manage the subscriptions', async () => {
    await openLink(
      `/en/subscription/terminate?token=${TOKEN}`,
      {
        'Subscriptions/terminationLink': () => ({ ko: { code: 'SUBSCRIPTION_LINK_INVALID' }, status: 404 }),
      },
      'en',
    );
    const main = within(screen.getByRole('main'));
    expect((await main.findByRole('alert')).textContent).toBe(
      'This link has expired or was already used. Sign in to manage your subscription.',
    );
    expect(main.getByRole('link', { name: 'Log in to manage my subscriptions' }).getAttribute('href')).toBe(
      `/en/auth?${new URLSearchParams({ redirect: '/en/account/tacit' })}`,
    );
    expect(main.queryByRole('button', { name: 'Terminate the subscription' })).toBeNull();
  });

  it('a traveller signed in on this device is led from a used link to the subscriptions', async () => {
    await openLink(
      `/subscription/terminate?token=${TOKEN}`,
      { 'Subscriptions/terminationLink': () => ({ ko: { code: 'SUBSCRIPTION_LINK_INVALID' }, status: 404 }) },
      'fr',
      fixtureUser(),
    );
    const main = within(screen.getByRole('main'));
    await main.findByRole('alert');
    expect(main.getByRole('link', { name: 'Voir mes abonnements' }).getAttribute('href')).toBe(
      '/account/tacit',
    );
  });

  it('a link used up between reading it and confirming says it is no longer valid', async () => {
    const user = userEvent.setup();
    await openLink(`/subscription/terminate?token=${TOKEN}`, {
      'Subscriptions/terminationLink': () => ({ ok: linkedSubscription() }),
      'Subscriptions/terminateByLink': () => ({ ko: { code: 'SUBSCRIPTION_LINK_INVALID' }, status: 404 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Résilier l’abonnement' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Résilier l’abonnement' })).toBeNull());
    expect(plain(within(screen.getByRole('main')).getByRole('alert').textContent)).toBe(
      plain('Ce lien a expiré ou a déjà servi. Connectez-vous pour gérer votre abonnement.'),
    );
  });

  it('a link cut short names nothing: no call is made, and it says the link is not valid', async () => {
    const { calls } = await openLink('/subscription/terminate?token=q7Vx3-LmN0');
    expect(plain((await within(screen.getByRole('main')).findByRole('alert')).textContent)).toBe(
      plain('Ce lien a expiré ou a déjà servi. Connectez-vous pour gérer votre abonnement.'),
    );
    expect(calls.filter((call) => call.path.startsWith('Subscriptions/'))).toEqual([]);
  });

  it('in Arabic the confirmation reads right to left, its date and amount written for Arabic', async () => {
    await openLink(
      `/ar/subscription/terminate?token=${TOKEN}`,
      { 'Subscriptions/terminationLink': () => ({ ok: linkedSubscription() }) },
      'ar',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('إلغاء اشتراك');
    await screen.findByText('Abonnement mensuel');
    const amount = new Intl.NumberFormat('ar', { style: 'currency', currency: 'EUR' }).format(62);
    expect(termValue('مبلغ التجديد')).toBe(plain(amount));
    expect(screen.getByRole('button', { name: 'إلغاء الاشتراك' }).className).toMatch(/\bmui-rtl-/);
  });
});
