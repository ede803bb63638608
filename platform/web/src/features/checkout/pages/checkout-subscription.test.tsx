import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { providerPage } from '../../../lib/provider-page.ts';
import { subscriptionItem } from '../../../test/cart-session.ts';
import { fixtureUser, type Handler } from '../../../test/session.ts';
import { type CheckoutLine, ORDER_REFERENCE, openCheckout, outcomeAnswer } from '../test/checkout-session.ts';

const monthly = subscriptionItem({
  name: 'Abonnement mensuel',
  shopItemPrice: 6200,
  paymentOptions: { installments: [1], paymentMethods: ['CARD'] },
});
const customer = fixtureUser({ userId: 7, userBirthday: '1990-04-01' });
const subscribed: CheckoutLine = {
  item: monthly,
  delivery: 'DEMATERIALIZED',
  startMonth: '2026-12',
  isSubscription: true,
};

const placed: Handler = () => ({
  ok: {
    user: customer,
    orderId: 501,
    networkId: 7,
    status: 'PENDING',
    totalAmount: 6200,
    currency: 'EUR',
    redirectUrl: 'https://pay.example/checkout/1',
    orderReference: ORDER_REFERENCE,
  },
});

const TERMS =
  'Abonnement mensuel : renouvelé automatiquement chaque mois jusqu’à la résiliation de l’abonnement. Le moyen de paiement utilisé maintenant est enregistré et prélevé à chaque renouvellement au prix du catalogue du jour (62,00 € aujourd’hui). Chaque renouvellement vous est annoncé par e-mail à l’avance, et vous pouvez résilier l’abonnement à tout moment depuis votre compte : plus rien n’est prélevé ensuite.';

/** A text with its no-break spaces as plain ones. */
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

describe('a tacit subscription at checkout', () => {
  // The month the line starts in is proposed from the network's today.
  const november = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
  };

  it('before paying, the payment step says the method is saved and charged every month at the catalogue price until terminated, and the order is placed as a subscription', async () => {
    november();
    const user = userEvent.setup();
    vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const { calls } = await openCheckout({
      lines: [subscribed],
      signedInAs: customer,
      configuration: { has_subscriptions: true },
      handlers: {
        'Account/getCards.json': () => ({ ok: { cards: [] } }),
        'Order/placeOrder.json': placed,
        'Order/outcome.json': () => ({ ok: outcomeAnswer('PENDING', { totalAmount: 6200 }) }),
      },
    });
    const terms = await screen.findByRole('region', { name: 'Un abonnement renouvelé chaque mois' });
    expect(plain(terms.textContent)).toBe(plain(`Un abonnement renouvelé chaque mois${TERMS}`));
    // Saved whatever is ticked: no choice is offered that the order would not keep.
    expect(screen.queryByRole('checkbox', { name: /Enregistrer ce moyen de paiement/ })).toBeNull();
    // Said before the button that pays.
    const pay = screen.getByRole('button', { name: 'Payer' });
    expect(terms.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await waitFor(() => expect(pay).toHaveProperty('disabled', false));
    await user.click(pay);
    await waitFor(() => expect(calls.some((call) => call.path === 'Order/placeOrder.json')).toBe(true));
    expect(calls.find((call) => call.path === 'Order/placeOrder.json')?.payload).toMatchObject({
      articles: [{ shopItemId: monthly.shopItemId, isSubscription: true, startMonth: '2026-12' }],
    });
  });

  it('one period of an item also sold as a subscription says nothing of renewals and keeps the save choice', async () => {
    november();
    await openCheckout({
      lines: [{ ...subscribed, isSubscription: false }],
      signedInAs: customer,
      configuration: { has_subscriptions: true },
      handlers: { 'Account/getCards.json': () => ({ ok: { cards: [] } }) },
    });
    await screen.findByText('Coût total');
    expect(screen.queryByRole('region', { name: /abonnement renouvelé/ })).toBeNull();
    expect(screen.queryByText(/renouvel/)).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Enregistrer ce moyen de paiement/ })).toBeTruthy();
  });

  it('a visitor whose cart holds a subscription is asked to sign in or up: no order without an account', async () => {
    november();
    await openCheckout({ lines: [subscribed], configuration: { has_subscriptions: true } });
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('button', { name: 'Continuer sans compte' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(plain(screen.getByText(/Un abonnement demande un compte/).textContent)).toBe(
      plain('Un abonnement demande un compte : connectez-vous ou inscrivez-vous pour vous abonner.'),
    );
  });

  it('the cart shows a subscription line as renewed every month', async () => {
    november();
    await openCheckout({
      path: '/cart',
      lines: [subscribed],
      signedInAs: customer,
      configuration: { has_subscriptions: true },
    });
    const main = within(screen.getByRole('main'));
    const line = (await main.findByRole('heading', { level: 3, name: 'Abonnement mensuel' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(line).getByText('Paiement').nextElementSibling?.textContent).toBe(
      'Abonnement renouvelé chaque mois',
    );
  });
});
