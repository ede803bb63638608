import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_STORAGE_KEY } from '@transit-shop/flows/cart/cart-storage';
import { shopItem } from '@transit-shop/flows/cart/cart-test-items';
import { CHECKOUT_STORAGE_KEY } from '@transit-shop/flows/checkout/checkout.machine';
import { describe, expect, it, vi } from 'vitest';
import { addToCart } from '../../../lib/cart/add-to-cart.ts';
import { getCartRuntime, uninstallCartRuntime } from '../../../lib/cart/cart-runtime.ts';
import { resetCartStatus } from '../../../lib/cart/cart-status.ts';
import { providerPage } from '../../../lib/provider-page.ts';
import { fakeVerify } from '../../../test/cart-session.ts';
import { renderApp } from '../../../test/render.tsx';
import { calledPaths, createTestSession, fixtureUser, stubTenantService } from '../../../test/session.ts';
import { type CheckoutLine, ORDER_REFERENCE, openCheckout, outcomeAnswer } from '../test/checkout-session.ts';

const ticket = shopItem({ name: 'Ticket unitaire', shopItemPrice: 200 });
const appLine = (): CheckoutLine => ({ item: ticket, delivery: 'DEMATERIALIZED' });
const customer = fixtureUser({ userId: 7, userBirthday: '1990-04-01' });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/** The attempt this tab kept before leaving for the provider, for the order of this reference. */
const attempt = (orderReference = ORDER_REFERENCE, invoiceEmail: string | null = null) => ({
  version: 1,
  orderKey: '6f1c2f0e-2a41-4d7e-9d5b-0c8a3f7e1b22',
  orderId: 501,
  orderReference,
  invoiceEmail,
  shippingAddress: null,
  collect: null,
  installments: 1,
  paymentMethod: 'CARD',
  savedMethodId: null,
  saveMethod: false,
});

/** The provider's return address: the shop's page, the order's reference, and the provider's hints. */
const returnPath = (hint: string, path = '/cart/checkout') =>
  `${path}?order=${ORDER_REFERENCE}&checkout=chk_1&status=${hint}`;

const placed =
  (orderId = 501) =>
  () => ({
    ok: {
      user: customer,
      orderId,
      networkId: 7,
      status: 'PENDING',
      totalAmount: 200,
      currency: 'EUR',
      redirectUrl: `http://127.0.0.1:8310/pay/chk_${orderId}`,
      orderReference: ORDER_REFERENCE,
    },
  });

describe('the outcome from the order reference in the address', () => {
  it('PAY-03 confirmed: the outcome is read by the reference, the attempt restored, the cart emptied, the invoices linked', async () => {
    sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(attempt()));
    const { calls, cart, router } = await openCheckout({
      path: returnPath('succeeded'),
      lines: [appLine()],
      signedInAs: customer,
      orderInFlight: ORDER_REFERENCE,
      handlers: { 'Order/outcome.json': () => ({ ok: outcomeAnswer('COMPLETED') }) },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Paiement confirmé' })).toBeTruthy();
    expect(within(dialog).getByText(/commande n° 501 est confirmée/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Voir mes factures' }).getAttribute('href')).toBe(
      '/account/invoices',
    );
    expect(calls.find((call) => call.path === 'Order/outcome.json')).toMatchObject({
      signed: true,
      payload: { orderReference: ORDER_REFERENCE, networkId: 7 },
    });
    expect(calledPaths(calls)).not.toContain('Payment/acknowledge.json');
    expect(calledPaths(calls)).not.toContain('Order/placeOrder.json');
    await waitFor(() => expect(cart.getSnapshot().context.items).toHaveLength(0));
    expect(cart.getSnapshot().context.orderInFlight).toBeNull();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      items: [],
      orderInFlight: null,
    });
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
    // The address keeps the reference: a reload shows the outcome again.
    expect(new URLSearchParams(router.state.location.search).get('order')).toBe(ORDER_REFERENCE);
  });

  it('PAY-03 in a fresh tab, as a guest on another device, without the cart or the attempt: the order and its outcome show, the invoice email hidden', async () => {
    const { calls } = await openCheckout({
      path: returnPath('succeeded', '/en/cart/checkout'),
      lines: [],
      confirmed: false,
      handlers: {
        'Order/outcome.json': () => ({
          ok: outcomeAnswer('COMPLETED', { guest: true, invoiceEmailHint: 'a•••@example.org' }),
        }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Payment confirmed' });
    // The address keeps its own direction inside the sentence (<bdi>): the sentence reads whole.
    expect(dialog.textContent).toContain('Your invoice will be sent to a•••@example.org.');
    expect(within(dialog).queryByRole('link', { name: 'See my invoices' })).toBeNull();
    const summary = screen.getByRole('region', { name: 'Order no. 501', hidden: true });
    expect(within(summary).getByText('Ticket unitaire × 1')).toBeTruthy();
    expect(calledPaths(calls)).not.toContain('Order/computeAmount.json');
    expect(calledPaths(calls)).not.toContain('Account/login.json');
  });

  it('PAY-03 a reload of the payment step of this tab after paying shows the outcome, not the address form', async () => {
    sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(attempt()));
    const { calls } = await openCheckout({
      path: '/cart/checkout',
      lines: [{ item: ticket, delivery: 'PHYSICAL' }],
      orderInFlight: ORDER_REFERENCE,
      handlers: {
        'Account/login.json': () => ({ ok: { user: customer } }),
        'Order/outcome.json': () => ({ ok: outcomeAnswer('COMPLETED') }),
      },
    });
    expect(await screen.findByRole('dialog', { name: 'Paiement confirmé' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Adresse de livraison' })).toBeNull();
    expect(calledPaths(calls)).toContain('Order/outcome.json');
  });

  it('PAY-03 pending: a SEPA direct debit awaiting the bank is said so', async () => {
    await openCheckout({
      path: returnPath('pending'),
      lines: [appLine()],
      signedInAs: customer,
      handlers: { 'Order/outcome.json': () => ({ ok: outcomeAnswer('PROCESSING') }) },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Paiement en attente de confirmation' })).toBeTruthy();
    expect(within(dialog).getByText(/prélèvement SEPA attend la confirmation/)).toBeTruthy();
  });

  it('PAY-03 refused: the failed popup says why; a retry starts a new attempt at the payment step, the cart kept, the reference gone from the address', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(attempt()));
    const { cart, router } = await openCheckout({
      path: returnPath('refused'),
      lines: [appLine()],
      signedInAs: customer,
      orderInFlight: ORDER_REFERENCE,
      handlers: { 'Order/outcome.json': () => ({ ok: outcomeAnswer('ERROR') }) },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Paiement refusé' })).toBeTruthy();
    expect(within(dialog).getByText(/Le paiement a été refusé : réessayez/)).toBeTruthy();
    await waitFor(() => expect(cart.getSnapshot().context.orderInFlight).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Coût total')).toBeTruthy();
    expect(cart.getSnapshot().context.items).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/cart/checkout');
  });

  it('PAY-03 cancelled: the cancelled popup with a retry and the way back to the cart', async () => {
    await openCheckout({
      path: returnPath('cancelled'),
      lines: [appLine()],
      signedInAs: customer,
      handlers: { 'Order/outcome.json': () => ({ ok: outcomeAnswer('CANCELED') }) },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Paiement annulé' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Retour au panier' }).getAttribute('href')).toBe('/cart');
  });

  it('a refused order read on a device without the cart offers no retry, only the way back to the cart', async () => {
    await openCheckout({
      path: returnPath('refused'),
      lines: [],
      confirmed: false,
      handlers: { 'Order/outcome.json': () => ({ ok: outcomeAnswer('ERROR') }) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Paiement refusé' });
    expect(within(dialog).queryByRole('button', { name: 'Réessayer' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Retour au panier' })).toBeTruthy();
  });

  it('a reference the server does not know is said, with the way back to the cart', async () => {
    await openCheckout({
      path: returnPath('succeeded'),
      lines: [],
      confirmed: false,
      handlers: { 'Order/outcome.json': () => ({ ko: { code: 'ORDER_NOT_FOUND' }, status: 404 }) },
    });
    expect(await screen.findByText('Cette commande est introuvable.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour au panier' })).toBeTruthy();
  });
});

describe('a cart whose order was paid elsewhere', () => {
  /** A saved cart with one line and an order in flight, as a tab that left for the provider kept it. */
  async function savedCartWithOrder() {
    createTestSession({ handlers: { 'Order/verify.json': fakeVerify([ticket]).handler } });
    await addToCart({ item: ticket, quantity: 1, delivery: 'DEMATERIALIZED' });
    const { actor } = await getCartRuntime();
    await waitFor(() => expect(actor.getSnapshot().matches('idle')).toBe(true));
    // The sidebar the add opened is closed: the page behind it is what the test reads.
    actor.send({ type: 'VISIBILITY_CHANGED', visible: false });
    actor.send({ type: 'ORDER_IN_FLIGHT', reference: ORDER_REFERENCE });
    const saved = localStorage.getItem(CART_STORAGE_KEY);
    uninstallCartRuntime();
    resetCartStatus();
    return saved;
  }

  it('is emptied on every tab of the browser: the storage event from the tab that saw it paid empties this one', async () => {
    stubTenantService();
    createTestSession({ handlers: { 'Order/verify.json': fakeVerify([ticket]).handler } });
    await addToCart({ item: ticket, quantity: 2, delivery: 'DEMATERIALIZED' });
    const { actor } = await getCartRuntime();
    actor.send({ type: 'VISIBILITY_CHANGED', visible: false });
    await renderApp('/en/cart');
    expect(await screen.findByRole('heading', { level: 3, name: 'Ticket unitaire' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Cart, items: 2' })).toBeTruthy();

    // The other tab emptied the saved cart once its order was paid: the browser tells this one.
    const emptied = JSON.stringify({
      ...JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}'),
      items: [],
    });
    localStorage.setItem(CART_STORAGE_KEY, emptied);
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: emptied }));

    expect(await screen.findByRole('button', { name: 'Cart, items: 0' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 3, name: 'Ticket unitaire' })).toBeNull(),
    );
    expect(actor.getSnapshot().context.items).toEqual([]);
    // What the other tab wrote stays as it wrote it.
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(emptied);
  });

  it('is emptied on the next load: the cart asks about its order in flight and, paid, empties itself', async () => {
    const saved = await savedCartWithOrder();
    stubTenantService();
    const { calls } = createTestSession({
      handlers: {
        'Order/verify.json': fakeVerify([ticket]).handler,
        'Order/outcome.json': () => ({ ok: outcomeAnswer('COMPLETED') }),
      },
    });
    localStorage.setItem(CART_STORAGE_KEY, saved ?? '');
    await renderApp('/en/nowhere');
    expect(await screen.findByRole('button', { name: 'Cart, items: 0' })).toBeTruthy();
    expect(calls.find((call) => call.path === 'Order/outcome.json')?.payload).toMatchObject({
      orderReference: ORDER_REFERENCE,
    });
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      items: [],
      orderInFlight: null,
    });
  });

  it('keeps its lines on the next load while its order is still on the payment page', async () => {
    const saved = await savedCartWithOrder();
    stubTenantService();
    createTestSession({
      handlers: {
        'Order/verify.json': fakeVerify([ticket]).handler,
        'Order/outcome.json': () => ({ ok: outcomeAnswer('PENDING') }),
      },
    });
    localStorage.setItem(CART_STORAGE_KEY, saved ?? '');
    await renderApp('/en/nowhere');
    const { actor } = await getCartRuntime();
    await waitFor(() => expect(actor.getSnapshot().matches('idle')).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ orderInFlight: ORDER_REFERENCE });
    expect(await screen.findByRole('button', { name: 'Cart, items: 1' })).toBeTruthy();
  });

  it('sends the checkout to that order’s confirmation rather than to an empty cart', async () => {
    const saved = await savedCartWithOrder();
    stubTenantService();
    createTestSession({
      handlers: {
        'Order/verify.json': fakeVerify([ticket]).handler,
        'Order/outcome.json': () => ({ ok: outcomeAnswer('COMPLETED') }),
      },
    });
    localStorage.setItem(CART_STORAGE_KEY, saved ?? '');
    const { router } = await renderApp('/cart/checkout');
    expect(await screen.findByRole('dialog', { name: 'Paiement confirmé' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cart/checkout');
    expect(new URLSearchParams(router.state.location.search).get('order')).toBe(ORDER_REFERENCE);
  });
});

describe('the repeat-order question', () => {
  it('"You bought this 5 minutes ago — buy again?": buying again places the order with the confirmation and goes to the provider', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    let asked = 0;
    const { calls } = await openCheckout({
      path: '/en/cart/checkout',
      lines: [appLine()],
      signedInAs: customer,
      handlers: {
        'Order/placeOrder.json': (payload) => {
          asked += 1;
          return payload.confirmRepeat === true
            ? placed()()
            : { ko: { code: 'ORDER_ALREADY_BOUGHT', details: { boughtMinutesAgo: 5 } }, status: 409 };
        },
      },
    });
    await screen.findByText('Total cost');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const question = await screen.findByRole('dialog', { name: 'Already bought' });
    expect(within(question).getByText('You bought this 5 minutes ago — buy again?')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    // Cancel has the focus: a second purchase only when asked for.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' }));
    await user.click(within(question).getByRole('button', { name: 'Buy again' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://127.0.0.1:8310/pay/chk_501'));
    const sent = calls.filter((call) => call.path === 'Order/placeOrder.json').map((call) => call.payload);
    expect(sent.map((payload) => payload.confirmRepeat)).toEqual([false, true]);
    expect(sent[0]?.orderKey).toBe(sent[1]?.orderKey);
    expect(asked).toBe(2);
  });

  it('the same pass bought again by the session that bought it: the question names that order, in words true whether another tab paid or the buyer chose it again', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    await openCheckout({
      path: '/en/cart/checkout',
      lines: [appLine()],
      signedInAs: customer,
      handlers: {
        'Order/placeOrder.json': () => ({
          ko: {
            code: 'ORDER_ALREADY_BOUGHT',
            details: {
              boughtMinutesAgo: 3,
              boughtAt: '2026-11-20T09:12:00+01:00',
              boughtOrderId: 777,
              boughtOrderReference: ORDER_REFERENCE,
            },
          },
          status: 409,
        }),
      },
    });
    await screen.findByText('Total cost');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const question = await screen.findByRole('dialog', { name: 'Already bought' });
    expect(
      within(question).getByText(
        /^You bought this on .+: order no\. 777\. Your tickets are with that order\. Buy the same again\?$/,
      ),
    ).toBeTruthy();
    expect(within(question).getByRole('button', { name: 'See the order and its tickets' })).toBeTruthy();
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' }));
    expect(open).not.toHaveBeenCalled();
  });

  it('the question in Arabic, and cancelling it leaves the payment step as it was, nothing placed', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const { calls } = await openCheckout({
      path: '/ar/cart/checkout',
      lines: [appLine()],
      signedInAs: customer,
      handlers: {
        'Order/placeOrder.json': () => ({
          ko: { code: 'ORDER_ALREADY_BOUGHT', details: { boughtMinutesAgo: 12 } },
          status: 409,
        }),
      },
    });
    await screen.findByText('التكلفة الإجمالية');
    await user.click(screen.getByRole('button', { name: 'ادفع' }));
    const question = await screen.findByRole('dialog', { name: 'تم شراؤه من قبل' });
    const minutes = new Intl.RelativeTimeFormat('ar', { numeric: 'always' }).format(-12, 'minute');
    expect(within(question).getByText(`لقد اشتريت هذا ${minutes} — هل تريد شراءه مرة أخرى؟`)).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'ادفع' })).toHaveProperty('disabled', false);
    expect(calledPaths(calls).filter((path) => path === 'Order/placeOrder.json')).toHaveLength(1);
    expect(open).not.toHaveBeenCalled();
  });
});

describe('the focus after a step', () => {
  it('after "Order" on the cart page the focus is on the customer info step’s heading', async () => {
    const user = userEvent.setup();
    await openCheckout({ path: '/cart', lines: [appLine()] });
    await user.click(await screen.findByRole('link', { name: 'Commander' }));
    const identification = await heading('Identification');
    await waitFor(() => expect(document.activeElement).toBe(identification));
  });

  it('after "Continue without an account" the focus is on the invoice email step’s heading', async () => {
    const user = userEvent.setup();
    await openCheckout({ path: '/en/cart/invite-login', lines: [appLine()] });
    await user.click(await screen.findByRole('button', { name: 'Continue without an account' }));
    const invoiceEmail = await heading('Invoice email');
    await waitFor(() => expect(document.activeElement).toBe(invoiceEmail));
  });
});
