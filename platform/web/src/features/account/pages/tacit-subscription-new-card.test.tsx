import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CardSetupStatus, SubscriptionDetail } from '@transit-shop/sdk/contract/subscriptions';
import type { Locale } from '@transit-shop/sdk/locales';
import { describe, expect, it, vi } from 'vitest';
import { providerPage } from '../../../lib/provider-page.ts';
import { isolatedLtr } from '../../../lib/saved-methods.ts';
import { descriptionOf, openAccountPage, payloadsAt } from '../../../test/account-session.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { savedBankAccount, savedMethod } from '../../../test/fixtures/saved-methods.ts';
import { subscriptionDetail } from '../../../test/fixtures/subscriptions.ts';
import { type Answer, fixtureUser, type Handler } from '../../../test/session.ts';
import { CARD_SETUP_WAIT_MS, readsAgain } from '../api/card-setup.ts';

const SETUP_ID = '3f6c1c2e-8d4b-4a57-9a3e-2b1f0c7d5e91';
const PROVIDER_PAGE = 'http://127.0.0.1:8310/setup/seti_41';

/** A subscription's page of a network selling subscriptions, in the address's language. */
function openSubscription(path: string, handlers: Record<string, Handler>) {
  const locale = (path.match(/^\/(en|ar|it|es)\//)?.[1] ?? 'fr') as Locale;
  const bootstrap = fixtureBootstrap({ locale, direction: locale === 'ar' ? 'rtl' : 'ltr' });
  bootstrap.network.configuration.has_subscriptions = true;
  return openAccountPage(path, {
    signedInAs: fixtureUser(),
    bootstrap,
    heading: 'Abonnement mensuel',
    handlers: {
      'Subscriptions/get': () => ({ ok: subscriptionDetail() }),
      'Account/getCards.json': () => ({ ok: { cards: [savedMethod({}), savedBankAccount] } }),
      ...handlers,
    },
  });
}

/** Text as read aloud: every run of spaces, no-break ones included, as one space. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The value beside a term of the details. */
const methodShown = () =>
  plain(
    within(screen.getByRole('region', { name: /^(Details|Détails)$/ }))
      .getAllByRole('term')
      .find((term) => /^(Payment method|Moyen de paiement)$/.test(term.textContent ?? ''))?.nextElementSibling
      ?.textContent,
  );

/** The card setup's message: the live region that holds it. */
const setupNotice = async (text: string) => {
  const notice = (await screen.findByText(text)).closest('[role="status"]');
  expect(notice?.getAttribute('aria-live')).toBe('polite');
  return notice;
};

const withNewCard = (detail: Partial<SubscriptionDetail> = {}) =>
  subscriptionDetail({
    paymentMethod: {
      id: 35,
      kind: 'CARD',
      label: '•••• •••• •••• 4444 · 08/31',
      expired: false,
      expiringSoon: false,
    },
    ...detail,
  });

/** Subscriptions/cardSetup answering the statuses in turn, the last one from then on. */
function setupAnswers(...statuses: CardSetupStatus[]): Handler {
  let read = 0;
  return () => {
    const status = statuses[Math.min(read, statuses.length - 1)] ?? 'OPEN';
    read += 1;
    return { ok: { status, subscription: status === 'SAVED' ? withNewCard() : subscriptionDetail() } };
  };
}

async function openChangeDialog(user: ReturnType<typeof userEvent.setup>, open: string, title = open) {
  await user.click(screen.getByRole('button', { name: open }));
  return screen.findByRole('dialog', { name: title });
}

describe('a new card for a subscription', () => {
  it('says first how the subscription renews and that nothing is charged on the provider’s page, then asks for that page with this page’s address and leaves for it', async () => {
    const user = userEvent.setup();
    const leave = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    let answer: (value: Answer) => void = () => {};
    const { calls } = await openSubscription('/en/account/tacit/41', {
      'Subscriptions/newCard': () =>
        new Promise<Answer>((resolve) => {
          answer = resolve;
        }),
    });
    const dialog = await openChangeDialog(user, 'Change the payment method');
    const add = within(dialog).getByRole('button', { name: 'Add a new card' });
    expect(plain(descriptionOf(add))).toBe(
      plain(
        'The subscription renews every month. You will type the new card on the payment provider’s page; nothing is charged there. Once it is saved, the next renewals are charged to it, the first one (€62.00) on December 29, 2026 at 6:00 AM.',
      ),
    );

    await user.click(add);
    // Asked once: the button waits for the answer.
    await waitFor(() => expect(add).toHaveProperty('disabled', true));
    expect(leave).not.toHaveBeenCalled();
    answer({ ok: { setupId: SETUP_ID, redirectUrl: PROVIDER_PAGE } });
    await waitFor(() => expect(leave).toHaveBeenCalledWith(PROVIDER_PAGE));
    expect(payloadsAt(calls, 'Subscriptions/newCard')).toEqual([
      { subscriptionId: 41, returnUrl: '/en/account/tacit/41', network_id: 7 },
    ]);
    expect(calls.find((call) => call.path === 'Subscriptions/newCard')).toMatchObject({
      method: 'POST',
      signed: true,
    });
    // On its way to the provider's page, the dialog offers nothing else.
    expect(add).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
  });

  it('a refusal is said in the dialog in words, the browser staying on the page; the return address is the page’s own in French too', async () => {
    const user = userEvent.setup();
    const leave = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const refusals = ['SUBSCRIPTION_METHOD_NOT_USABLE', 'PAYMENT_UNEXPECTED_ERROR'];
    const { calls } = await openSubscription('/account/tacit/41', {
      'Subscriptions/newCard': () => ({
        ko: { code: refusals.shift() ?? 'SUBSCRIPTION_TERMINATED' },
        status: 409,
      }),
    });
    const dialog = await openChangeDialog(user, 'Changer de moyen de paiement');
    const add = within(dialog).getByRole('button', { name: 'Ajouter une nouvelle carte' });

    await user.click(add);
    expect(plain((await within(dialog).findByRole('alert')).textContent)).toBe(
      plain(
        'Cet abonnement ne peut pas être payé par carte : choisissez l’un de vos moyens de paiement enregistrés.',
      ),
    );
    await user.click(add);
    await waitFor(() =>
      expect(plain(within(dialog).getByRole('alert').textContent)).toBe(
        plain('Une erreur inattendue est survenue pendant le paiement : veuillez réessayer.'),
      ),
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(leave).not.toHaveBeenCalled();
    expect(payloadsAt(calls, 'Subscriptions/newCard')).toEqual([
      { subscriptionId: 41, returnUrl: '/account/tacit/41', network_id: 7 },
      { subscriptionId: 41, returnUrl: '/account/tacit/41', network_id: 7 },
    ]);
  });

  it('for a blocked subscription it says that what is due is charged to the new card at once', async () => {
    const user = userEvent.setup();
    await openSubscription('/en/account/tacit/41', {
      'Subscriptions/get': () => ({
        ok: subscriptionDetail({
          status: 'BLOCKED',
          blockedReason: 'METHOD_EXPIRED',
          nextBilling: { at: '2026-12-01T06:00:00+01:00', amount: 6200, currency: 'EUR' },
        }),
      }),
    });
    const dialog = await openChangeDialog(user, 'Choose a payment method', 'Change the payment method');
    expect(plain(descriptionOf(within(dialog).getByRole('button', { name: 'Add a new card' })))).toBe(
      plain(
        'The subscription renews every month. You will type the new card on the payment provider’s page; nothing is charged there. Once it is saved, what is due (€62.00) is charged to it at once and the subscription starts again; the next renewals are charged to it too.',
      ),
    );
  });
});

describe('back from the provider’s card page', () => {
  it('says the card is being saved, then that it is saved, shows the subscription on it, and takes the setup out of the address in place', async () => {
    // As the provider sends the browser back: its own checkout and status added.
    const back = `?cardSetup=${SETUP_ID}&checkout=chk_0123456789abcdef01234567&status=succeeded`;
    const { calls, router } = await openSubscription(`/en/account/tacit/41${back}`, {
      'Subscriptions/cardSetup': setupAnswers('OPEN', 'SAVED'),
    });
    await setupNotice('Saving your new card…');
    expect(router.state.location.search).toBe(back);

    await setupNotice('Your new card is saved: the subscription renews on it.');
    await waitFor(() =>
      expect(methodShown()).toBe(plain(`Card ${isolatedLtr('•••• •••• •••• 4444 · 08/31')}`)),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/en/account/tacit/41');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(payloadsAt(calls, 'Subscriptions/cardSetup')).toEqual([
      { subscriptionId: '41', setupId: SETUP_ID, network_id: '7' },
      { subscriptionId: '41', setupId: SETUP_ID, network_id: '7' },
    ]);
    // Settled: the message stays, and a settled setup is not read again.
    expect(screen.getByText('Your new card is saved: the subscription renews on it.')).toBeTruthy();
    const saved = { status: 'SAVED' as const, subscription: subscriptionDetail() };
    expect(readsAgain({ data: saved, dataUpdatedAt: 1_000 }, 0)).toBe(false);
    expect(readsAgain({ data: { ...saved, status: 'OPEN' }, dataUpdatedAt: 1_000 }, 0)).toBe(true);
  });

  it('still open after half a minute, it says the card is still being saved and to come back later, and stops reading', async () => {
    // Only the clock is faked: the page reads again on real timers, the half-minute passes at once.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-10T10:00:00Z') });
    const { calls } = await openSubscription(`/en/account/tacit/41?cardSetup=${SETUP_ID}`, {
      'Subscriptions/cardSetup': setupAnswers('OPEN'),
    });
    await setupNotice('Saving your new card…');
    await waitFor(() => expect(payloadsAt(calls, 'Subscriptions/cardSetup')).toHaveLength(1));
    vi.setSystemTime(new Date('2026-12-10T10:00:31Z'));
    await setupNotice(
      'Your new card is still being saved. Come back to this page in a few minutes to see it.',
    );
    // Read last after the wait: not read again.
    const open = { status: 'OPEN' as const, subscription: subscriptionDetail() };
    expect(readsAgain({ data: open, dataUpdatedAt: CARD_SETUP_WAIT_MS }, 0)).toBe(false);
  });

  it('a refused card, or the page left, says that nothing changed; a cardSetup that is no setup id is left alone', async () => {
    const refused = await openSubscription(`/en/account/tacit/41?cardSetup=${SETUP_ID}`, {
      'Subscriptions/cardSetup': setupAnswers('REFUSED'),
    });
    await setupNotice('The card was refused; nothing changed. Try another card.');
    await waitFor(() => expect(refused.router.state.location.search).toBe(''));
    expect(methodShown()).toBe(plain(`Card ${isolatedLtr('•••• •••• •••• 4242 · 12/30')}`));
    refused.unmount();

    const left = await openSubscription(`/en/account/tacit/41?cardSetup=${SETUP_ID}`, {
      'Subscriptions/cardSetup': setupAnswers('CANCELLED'),
    });
    await setupNotice('You left the card page; nothing changed.');
    await waitFor(() => expect(left.router.state.location.search).toBe(''));
    expect(left.router.state.historyAction).toBe('REPLACE');
    left.unmount();

    const other = await openSubscription('/en/account/tacit/41?cardSetup=not-a-setup', {
      'Subscriptions/cardSetup': setupAnswers('SAVED'),
    });
    expect(payloadsAt(other.calls, 'Subscriptions/cardSetup')).toEqual([]);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['']);
    expect(other.router.state.location.search).toBe('?cardSetup=not-a-setup');
  });
});
