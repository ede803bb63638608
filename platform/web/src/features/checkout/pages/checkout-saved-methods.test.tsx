import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shopItem } from '@transit-shop/flows/cart/cart-test-items';
import type { SavedPaymentMethodAnswer } from '@transit-shop/sdk/contract/payment-methods';
import { describe, expect, it, vi } from 'vitest';
import { providerPage } from '../../../lib/provider-page.ts';
import { isolatedLtr } from '../../../lib/saved-methods.ts';
import { savedBankAccount, savedMethod } from '../../../test/fixtures/saved-methods.ts';
import { calledPaths, fixtureUser, type Handler } from '../../../test/session.ts';
import { type CheckoutLine, ORDER_REFERENCE, openCheckout, outcomeAnswer } from '../test/checkout-session.ts';

const pass = shopItem({
  name: 'Pass mensuel',
  shopItemPrice: 4500,
  paymentOptions: { installments: [1], paymentMethods: ['CARD', 'TRANSFER'] },
});
const line: CheckoutLine = { item: pass, delivery: 'DEMATERIALIZED' };
const customer = fixtureUser({ userId: 7, userBirthday: '1990-04-01' });

const visa = savedMethod({});
const expired = savedMethod({ id: 32, label: '•••• •••• •••• 1111 · 10/26', last4: '1111', expired: true });
const account = savedBankAccount;

/** Pay, once the amount of the method chosen is computed again. */
async function pay(user: ReturnType<typeof userEvent.setup>) {
  const button = screen.getByRole('button', { name: 'Payer' });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  await user.click(button);
}

const getCards =
  (cards: SavedPaymentMethodAnswer[]): Handler =>
  () => ({ ok: { cards } });

const placed: Handler = () => ({
  ok: {
    user: customer,
    orderId: 501,
    networkId: 7,
    status: 'PENDING',
    totalAmount: 4500,
    currency: 'EUR',
    redirectUrl: null,
    orderReference: ORDER_REFERENCE,
  },
});

describe('saved payment methods at the payment step', () => {
  it('PAY-01 a signed-in customer sees their saved card and account, and placeOrder charges the card chosen', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const { calls } = await openCheckout({
      lines: [line],
      signedInAs: customer,
      configuration: { payment: { transfer_enabled: true } },
      handlers: {
        'Account/getCards.json': getCards([visa, expired, account]),
        'Order/placeOrder.json': placed,
        'Order/outcome.json': () => ({ ok: outcomeAnswer('COMPLETED', { totalAmount: 4500 }) }),
      },
    });
    await screen.findByText('Coût total');
    const card = screen.getByRole('radio', { name: `Carte enregistrée ${isolatedLtr(visa.label)}` });
    expect(
      screen.getByRole('radio', { name: `Compte enregistré ${isolatedLtr(account.label)}` }),
    ).toBeTruthy();
    // An expired card cannot be charged: it is not offered.
    expect(screen.queryByRole('radio', { name: /1111/ })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Carte bancaire' })).toHaveProperty('checked', true);

    const asked = calls.find((call) => call.path === 'Account/getCards.json');
    expect(asked).toMatchObject({ method: 'GET', signed: true, payload: { userToken: 'token-7' } });

    await user.click(card);
    expect(card).toHaveProperty('checked', true);
    // The method is kept already: nothing to save.
    expect(screen.queryByRole('checkbox', { name: /Enregistrer ce moyen de paiement/ })).toBeNull();
    await pay(user);

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Paiement confirmé' })).toBeTruthy();
    expect(calls.find((call) => call.path === 'Order/placeOrder.json')?.payload).toMatchObject({
      paymentMethod: 'CARD',
      savedPaymentMethodId: 31,
      saveMethod: false,
      userToken: 'token-7',
    });
    // Charged without the provider's page.
    expect(open).not.toHaveBeenCalled();
  });

  it('PAY-01 choosing the saved bank account sends a SEPA order with its id', async () => {
    const user = userEvent.setup();
    const { calls } = await openCheckout({
      lines: [line],
      signedInAs: customer,
      configuration: { payment: { transfer_enabled: true } },
      handlers: {
        'Account/getCards.json': getCards([visa, account]),
        'Order/placeOrder.json': placed,
        'Order/outcome.json': () => ({
          ok: outcomeAnswer('COMPLETED', { totalAmount: 4500, paymentMethod: 'TRANSFER' }),
        }),
      },
    });
    await screen.findByText('Coût total');
    await user.click(screen.getByRole('radio', { name: `Compte enregistré ${isolatedLtr(account.label)}` }));
    await pay(user);
    await screen.findByRole('dialog');
    expect(calls.find((call) => call.path === 'Order/placeOrder.json')?.payload).toMatchObject({
      paymentMethod: 'TRANSFER',
      savedPaymentMethodId: 33,
    });
  });

  it('PAY-01 when the saved methods cannot be read, the customer still pays with a new card', async () => {
    await openCheckout({
      lines: [line],
      signedInAs: customer,
      handlers: { 'Account/getCards.json': () => ({ ko: { code: 'SERVICE_UNAVAILABLE' }, status: 503 }) },
    });
    await screen.findByText('Coût total');
    expect(screen.getByRole('radio', { name: 'Carte bancaire' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('radio', { name: /enregistrée/ })).toBeNull();
  });

  it('PAY-01 in Arabic the saved card reads in its own left-to-right run inside the sentence', async () => {
    await openCheckout({
      path: '/ar/cart/checkout',
      lines: [line],
      signedInAs: customer,
      handlers: { 'Account/getCards.json': getCards([visa]) },
    });
    const card = await screen.findByRole('radio', { name: `بطاقة محفوظة ${isolatedLtr(visa.label)}` });
    expect(card.closest('label')?.textContent).toBe(`بطاقة محفوظة \u2066•••• •••• •••• 4242 · 12/30\u2069`);
  });

  it('AUTH-04 a guest session is offered no saved method and none is asked for', async () => {
    const guest = fixtureUser({ userId: 90, userToken: 'token-90', authAsGuest: true, userStatus: 'GUEST' });
    const { calls } = await openCheckout({
      path: '/cart/invoice-email',
      lines: [line],
      signedInAs: guest,
      handlers: { 'Account/getCards.json': getCards([visa]) },
    });
    await screen.findByRole('heading', { level: 1, name: 'E-mail de facturation' });
    await waitFor(() => expect(calledPaths(calls)).toContain('Order/verify.json'));
    expect(calledPaths(calls)).not.toContain('Account/getCards.json');
  });
});
