import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_STORAGE_KEY } from '@transit-shop/flows/cart/cart-storage';
import { describe, expect, it } from 'vitest';
import { addToCart } from '../../../lib/cart/add-to-cart.ts';
import { fakeVerify, singleTicket, type VoucherRules } from '../../../test/cart-session.ts';
import { fixtureMedium } from '../../../test/fixtures/media.ts';
import { renderApp } from '../../../test/render.tsx';
import {
  calledPaths,
  createTestSession,
  fixtureUser,
  type Handler,
  stubTenantService,
} from '../../../test/session.ts';

/** The cart page with a ticket in the cart, answered by a fake Order/verify.json. */
async function openCart(
  options: {
    vouchers?: VoucherRules;
    quantity?: number;
    path?: string;
    handlers?: Record<string, Handler>;
  } = {},
) {
  stubTenantService();
  const verify = fakeVerify([singleTicket], options.vouchers);
  const session = createTestSession({
    handlers: { 'Order/verify.json': verify.handler, ...options.handlers },
  });
  await addToCart({ item: singleTicket, quantity: options.quantity ?? 1, delivery: 'DEMATERIALIZED' });
  const view = await renderApp(options.path ?? '/cart');
  await screen.findByRole('heading', { level: 1, name: 'Panier' });
  return { ...view, verify, calls: session.calls };
}

const main = () => within(screen.getByRole('main'));
/** The page's main area once the app has rendered it. */
const mainArea = async () => within(await screen.findByRole('main'));

/** The amount beside a term of the totals, its narrow and non-breaking spaces as plain ones. */
const amount = (term: string) => main().getByText(term).nextElementSibling?.textContent?.replace(/\s/g, ' ');

describe('the cart page', () => {
  it('shows each line with its traveller, support, start and price, and the verified totals', async () => {
    await openCart({ quantity: 2 });
    const line = (await main().findByRole('heading', { level: 3, name: 'Ticket unitaire' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(line).getByText('À préciser à la commande')).toBeTruthy();
    expect(within(line).getByText('Billet sur mobile')).toBeTruthy();
    expect(within(line).getByText("Dès l'achat")).toBeTruthy();
    expect(within(line).getByText('4,00 €')).toBeTruthy();
    await main().findByText('Total');
    expect(amount('Total')).toBe('4,00 €');
  });

  it('CART-04 CART-05 VOUCH-04 the quantity steps stay within the item bounds and each step verifies again', async () => {
    const user = userEvent.setup();
    const { verify } = await openCart();
    const decrease = await main().findByRole('button', { name: 'Diminuer la quantité de Ticket unitaire' });
    const increase = main().getByRole('button', { name: 'Augmenter la quantité de Ticket unitaire' });
    expect(decrease).toHaveProperty('disabled', true);
    await user.click(increase);
    await user.click(increase);
    await waitFor(() => expect(increase).toHaveProperty('disabled', true));
    expect(main().getByRole('group', { name: /Quantité/ }).textContent).toContain('3');
    expect(decrease).toHaveProperty('disabled', false);
    await waitFor(() => expect(amount('Total')).toBe('6,00 €'));
    expect(verify.requests.at(-1)?.articles).toMatchObject([{ quantity: 3 }]);
  });

  it('VOUCH-01 a code under 4 characters is refused in the spec’s words and never sent', async () => {
    const user = userEvent.setup();
    const { verify } = await openCart();
    await user.type(await main().findByLabelText('Code promo'), 'AB1');
    await user.click(main().getByRole('button', { name: 'Appliquer' }));
    expect(await main().findByText('Le code doit comporter au moins 4 caractères')).toBeTruthy();
    expect(verify.requests.every((request) => request.vouchers.length === 0)).toBe(true);
  });

  it('the voucher code error goes as soon as the code is corrected', async () => {
    const user = userEvent.setup();
    await openCart();
    const code = await main().findByLabelText('Code promo');
    await user.type(code, 'AB1');
    await user.click(main().getByRole('button', { name: 'Appliquer' }));
    expect(await main().findByText('Le code doit comporter au moins 4 caractères')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    await user.type(code, '2');
    expect(main().queryByText('Le code doit comporter au moins 4 caractères')).toBeNull();
    expect(code.getAttribute('aria-invalid')).toBe('false');
  });

  it('VOUCH-02 VOUCH-04 CART-10 an accepted code shows its discount and lowers the total; a refused one says why', async () => {
    const user = userEvent.setup();
    await openCart({
      quantity: 3,
      vouchers: { PROMO100: { amount: 100 }, OLDCODE: { error: 'VOUCHER_EXPIRED' } },
    });
    const field = await main().findByLabelText('Code promo');
    await user.type(field, 'PROMO100');
    await user.click(main().getByRole('button', { name: 'Appliquer' }));
    expect(await main().findByText('PROMO100 · Réduction de 1,00 €')).toBeTruthy();
    await waitFor(() => expect(amount('Total')).toBe('5,00 €'));
    expect(amount('Réduction')).toBe('-1,00 €');
    expect(amount('Sous-total')).toBe('6,00 €');

    await user.type(field, 'OLDCODE');
    await user.click(main().getByRole('button', { name: 'Appliquer' }));
    expect(await main().findByText('Ce code promo a expiré.')).toBeTruthy();
    // CART-10: a voucher that does not apply keeps checkout closed until it is removed.
    expect(main().getByText(/retirez les codes promo qui ne s'appliquent pas/)).toBeTruthy();
    await user.click(main().getByRole('button', { name: 'Retirer le code OLDCODE' }));
    await waitFor(() => expect(main().queryByText('Ce code promo a expiré.')).toBeNull());
  });

  it('CART-06 removing the last line empties the cart, its codes with it', async () => {
    const user = userEvent.setup();
    await openCart({ vouchers: { PROMO100: { amount: 100 } } });
    await user.type(await main().findByLabelText('Code promo'), 'PROMO100');
    await user.click(main().getByRole('button', { name: 'Appliquer' }));
    await main().findByText('PROMO100 · Réduction de 1,00 €');
    await user.click(main().getByRole('button', { name: 'Retirer Ticket unitaire du panier' }));
    expect(await main().findByRole('heading', { name: 'Votre panier est vide' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      items: [],
      vouchers: [],
    });
  });

  it('says so, with a way to try again, when the order cannot be verified', async () => {
    const user = userEvent.setup();
    stubTenantService();
    let up = false;
    const verify = fakeVerify([singleTicket]);
    createTestSession({
      handlers: {
        'Order/verify.json': (payload) =>
          up ? verify.handler(payload) : { ko: { code: 'NOT_FOUND', message: 'no route' }, status: 404 },
      },
    });
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED' });
    await renderApp('/cart');
    expect(await (await mainArea()).findByText(/Le panier n'a pas pu être vérifié/)).toBeTruthy();
    expect(main().getByText("Le total s'affichera une fois le panier vérifié.")).toBeTruthy();
    up = true;
    await user.click(main().getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(amount('Total')).toBe('2,00 €'));
    expect(main().queryByText(/Le panier n'a pas pu être vérifié/)).toBeNull();
  });

  it('CART-11 ACC-09 checkout opens once terms, privacy and, without a birthday, the over-18 declaration are ticked', async () => {
    const user = userEvent.setup();
    await openCart();
    const checkout = await main().findByRole('link', { name: 'Commander' });
    expect(checkout.getAttribute('aria-disabled')).toBe('true');
    await user.click(main().getByRole('checkbox', { name: "J'accepte les conditions générales de vente" }));
    await user.click(main().getByRole('checkbox', { name: "J'accepte la politique de confidentialité" }));
    expect(checkout.getAttribute('aria-disabled')).toBe('true');
    expect(main().getByText('certifiez être majeur ;')).toBeTruthy();
    await user.click(main().getByRole('checkbox', { name: 'Je certifie être majeur (18 ans ou plus)' }));
    await waitFor(() => expect(checkout.getAttribute('aria-disabled')).toBeNull());
    expect(checkout.getAttribute('href')).toBe('/cart/checkout');
  });

  it('ACC-09 a signed-in adult is not asked the over-18 declaration', async () => {
    stubTenantService();
    createTestSession({
      signedInAs: fixtureUser({ userBirthday: '1990-04-01' }),
      handlers: { 'Order/verify.json': fakeVerify([singleTicket]).handler },
    });
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED', profile: 7 });
    await renderApp('/en/cart');
    const line = (
      await (await mainArea()).findByRole('heading', { level: 3, name: 'Ticket unitaire' })
    ).closest('li') as HTMLElement;
    expect(within(line).getByText('Léa Martin')).toBeTruthy();
    expect(main().getByRole('checkbox', { name: 'I accept the terms of sale' })).toBeTruthy();
    expect(main().queryByRole('checkbox', { name: /I certify that I am of age/ })).toBeNull();
  });

  it("a line on one of the customer's cards says which, by its number; a new card says the support", async () => {
    stubTenantService();
    const card = fixtureMedium();
    const pass = { ...singleTicket, shopItemId: singleTicket.shopItemId + 1, name: 'Pass journée' };
    createTestSession({
      signedInAs: fixtureUser({ userBirthday: '1990-04-01' }),
      handlers: {
        'Order/verify.json': fakeVerify([singleTicket, pass]).handler,
        'Account/getMedias.json': () => ({ ok: { medias: [card] } }),
      },
    });
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'PHYSICAL', profile: 7, mediaId: 41 });
    await addToCart({ item: pass, quantity: 1, delivery: 'PHYSICAL', profile: 7, mediaId: null });
    await renderApp('/cart');
    const lineOf = async (name: string) =>
      (await (await mainArea()).findByRole('heading', { level: 3, name })).closest('li') as HTMLElement;
    const onCard = await lineOf('Ticket unitaire');
    expect(await within(onCard).findByText('Sur la carte \u20662501 0000 1111 2222\u2069')).toBeTruthy();
    expect(within(await lineOf('Pass journée')).getByText('Carte de transport')).toBeTruthy();
  });

  it('shows the empty cart with a way back to the shop', async () => {
    stubTenantService();
    createTestSession();
    await renderApp('/en/cart');
    expect(await (await mainArea()).findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(main().getByRole('link', { name: 'Go to the shop' }).getAttribute('href')).toBe('/en/');
  });
});

describe('checkout, collect and invite-login guards', () => {
  for (const step of ['checkout', 'collect', 'invite-login']) {
    it(`ROUTE-04 /cart/${step} sends back to the cart while the terms are not accepted`, async () => {
      stubTenantService();
      createTestSession({ handlers: { 'Order/verify.json': fakeVerify([singleTicket]).handler } });
      await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED' });
      const { router } = await renderApp(`/en/cart/${step}`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/en/cart'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeTruthy();
    });
  }

  it('ROUTE-02 another address under /cart is not found, with a way home', async () => {
    stubTenantService();
    createTestSession();
    await renderApp('/en/cart/elsewhere');
    expect((await screen.findByRole('heading', { level: 1, name: '404' })).textContent).toBe('404');
    expect(screen.getByRole('link', { name: /home/i }).getAttribute('href')).toBe('/en/');
  });

  it('ROUTE-04 an empty cart sends back to the cart too', async () => {
    stubTenantService();
    createTestSession();
    const { router } = await renderApp('/cart/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  it('ROUTE-04 ACC-09 without a birthday the over-18 declaration is needed as well', async () => {
    stubTenantService();
    createTestSession({ handlers: { 'Order/verify.json': fakeVerify([singleTicket]).handler } });
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED' });
    const { actor } = await (await import('../../../lib/cart/cart-runtime.ts')).getCartRuntime();
    actor.send({ type: 'TERMS_CHANGED', accepted: true });
    actor.send({ type: 'PRIVACY_CHANGED', accepted: true });
    const { router } = await renderApp('/cart/collect');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  it('ROUTE-04 CHK-01 with the confirmations given, a visitor opens the checkout at its customer info step', async () => {
    stubTenantService();
    const { calls } = createTestSession({
      handlers: { 'Order/verify.json': fakeVerify([singleTicket]).handler },
    });
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED' });
    const { actor } = await (await import('../../../lib/cart/cart-runtime.ts')).getCartRuntime();
    for (const type of ['TERMS_CHANGED', 'PRIVACY_CHANGED', 'OVER_18_CHANGED'] as const)
      actor.send({ type, accepted: true });
    const { router } = await renderApp('/en/cart/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your details' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/cart/invite-login'));
    expect(
      calledPaths(calls).every((path) => path === 'Order/verify.json' || path.startsWith('Account/')),
    ).toBe(true);
  });

  it('ROUTE-04 a signed-in adult needs only the terms and privacy', async () => {
    stubTenantService();
    createTestSession({
      signedInAs: fixtureUser({ userBirthday: '1990-04-01' }),
      handlers: { 'Order/verify.json': fakeVerify([singleTicket]).handler },
    });
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED', profile: 7 });
    const { actor } = await (await import('../../../lib/cart/cart-runtime.ts')).getCartRuntime();
    actor.send({ type: 'TERMS_CHANGED', accepted: true });
    actor.send({ type: 'PRIVACY_CHANGED', accepted: true });
    await renderApp('/cart/invite-login');
    // Signed in, the customer info step is passed: the payment step follows.
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement' })).toBeTruthy();
  });
});
