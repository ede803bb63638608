import { cartLinesOf } from '@transit-shop/flows/cart/cart-selectors';
import { CART_STORAGE_KEY, CART_STORAGE_VERSION } from '@transit-shop/flows/cart/cart-storage';
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { createAccountSession } from '../../test/account-session.ts';
import { fakeVerify, monthlySubscription, singleTicket } from '../../test/cart-session.ts';
import { fixtureBootstrap } from '../../test/fixtures/bootstrap.ts';
import { calledPaths, createTestSession, fixtureUser } from '../../test/session.ts';
import { readCookie, SAVED_CART_COOKIE, writeSavedCartCookie } from '../cookies.ts';
import { settle } from '../session/session-runtime.ts';
import { addToCart } from './add-to-cart.ts';
import { getCartRuntime, uninstallCartRuntime } from './cart-runtime.ts';
import { readCartStatus } from './cart-status.ts';

const idle = async () => waitFor((await getCartRuntime()).actor, (snapshot) => snapshot.matches('idle'));

describe('the page cart', () => {
  it('CART-02 CART-03 adding the same ticket twice through addToCart raises its line; past the maximum a new line starts', async () => {
    const verify = fakeVerify([singleTicket]);
    createTestSession({ handlers: { 'Order/verify.json': verify.handler } });
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED' });
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED' });
    let lines = cartLinesOf(await idle());
    expect(lines.map((line) => line.quantity)).toEqual([2]);
    await addToCart({ item: singleTicket, quantity: 2, delivery: 'DEMATERIALIZED' });
    lines = cartLinesOf(await idle());
    expect(lines.map((line) => line.quantity)).toEqual([2, 2]);
    expect(readCartStatus()).toEqual({ count: 4, visible: true });
  });

  it('CART-05 VOUCH-04 every add verifies the order through Order/verify.json, with the articles and no price', async () => {
    const verify = fakeVerify([singleTicket]);
    const { calls } = createTestSession({ handlers: { 'Order/verify.json': verify.handler } });
    await addToCart({ item: singleTicket, quantity: 2, delivery: 'DEMATERIALIZED' });
    const snapshot = await idle();
    expect(calledPaths(calls)).toEqual(['Order/verify.json']);
    expect(calls[0]?.signed).toBe(true);
    expect(calls[0]?.payload).toMatchObject({
      networkId: 7,
      articles: [{ shopItemId: singleTicket.shopItemId, quantity: 2, support: 'DEMATERIALIZED' }],
    });
    expect(JSON.stringify(calls[0]?.payload)).not.toContain('Price');
    expect(snapshot.context.verifiedTotalAmount).toBe(400);
  });

  it('CART-07 a refused add throws the refusal code for the product page to say, and the cart keeps it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
    const bootstrap = fixtureBootstrap();
    bootstrap.network.configuration.has_subscriptions = true;
    createTestSession({ bootstrap, handlers: { 'Order/verify.json': fakeVerify([singleTicket]).handler } });
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED' });
    await expect(
      addToCart({
        item: monthlySubscription,
        quantity: 1,
        delivery: 'DEMATERIALIZED',
        startMonth: '2026-12',
        isSubscription: true,
      }),
    ).rejects.toMatchObject({ code: 'SUBSCRIPTION_CART_NOT_ALONE' });
    const { context } = (await getCartRuntime()).actor.getSnapshot();
    expect(context.refusal?.code).toBe('SUBSCRIPTION_CART_NOT_ALONE');
    expect(context.items).toHaveLength(1);
    vi.useRealTimers();
  });

  it('CART-07 one period of an item also sold as a subscription is an ordinary line: it shares the cart and is verified as no subscription', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
    const bootstrap = fixtureBootstrap();
    bootstrap.network.configuration.has_subscriptions = true;
    const verify = fakeVerify([singleTicket, monthlySubscription]);
    createTestSession({ bootstrap, handlers: { 'Order/verify.json': verify.handler } });
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED' });
    await addToCart({
      item: monthlySubscription,
      quantity: 1,
      delivery: 'DEMATERIALIZED',
      startMonth: '2026-12',
      isSubscription: false,
    });
    const snapshot = await idle();
    expect(snapshot.context.refusal).toBeNull();
    expect(cartLinesOf(snapshot).map((line) => line.item.shopItemId)).toEqual([
      singleTicket.shopItemId,
      monthlySubscription.shopItemId,
    ]);
    expect(verify.requests.at(-1)?.articles).toMatchObject([
      { shopItemId: singleTicket.shopItemId, isSubscription: false },
      { shopItemId: monthlySubscription.shopItemId, isSubscription: false },
    ]);
    vi.useRealTimers();
  });

  it('a subscription alone in its cart is verified as one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
    const bootstrap = fixtureBootstrap();
    bootstrap.network.configuration.has_subscriptions = true;
    const verify = fakeVerify([monthlySubscription]);
    createTestSession({ bootstrap, handlers: { 'Order/verify.json': verify.handler } });
    await addToCart({
      item: monthlySubscription,
      quantity: 1,
      delivery: 'DEMATERIALIZED',
      startMonth: '2026-12',
      isSubscription: true,
    });
    await idle();
    expect(verify.requests.at(-1)?.articles).toMatchObject([
      { shopItemId: monthlySubscription.shopItemId, isSubscription: true },
    ]);
    vi.useRealTimers();
  });

  it('CART-01 the cart is saved under `cart` and a reloaded page finds it again, verified anew', async () => {
    const verify = fakeVerify([singleTicket]);
    createTestSession({ handlers: { 'Order/verify.json': verify.handler } });
    await addToCart({ item: singleTicket, quantity: 3, delivery: 'PHYSICAL' });
    await idle();
    const saved = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
    expect(saved).toMatchObject({
      version: CART_STORAGE_VERSION,
      items: [{ quantity: 3, delivery: 'PHYSICAL' }],
      verifiedTotalAmount: 600,
    });

    // A new page: the runtime starts again from storage.
    uninstallCartRuntime();
    const snapshot = await idle();
    expect(cartLinesOf(snapshot).map((line) => [line.item.shopItemId, line.quantity])).toEqual([
      [singleTicket.shopItemId, 3],
    ]);
    expect(verify.requests).toHaveLength(2);
  });

  it('tells the server through the cart cookie whether this browser keeps a cart with lines', async () => {
    const verify = fakeVerify([singleTicket]);
    createTestSession({ handlers: { 'Order/verify.json': verify.handler } });
    writeSavedCartCookie(false);
    expect(readCookie(SAVED_CART_COOKIE)).toBeUndefined();
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED' });
    const runtime = await getCartRuntime();
    expect(readCookie(SAVED_CART_COOKIE)).toBe('1');
    const [line] = cartLinesOf(await idle());
    runtime.actor.send({ type: 'REMOVE_ITEM', id: line?.id ?? '' });
    await waitFor(runtime.actor, (snapshot) => cartLinesOf(snapshot).length === 0);
    expect(readCookie(SAVED_CART_COOKIE)).toBeUndefined();
    // A cart kept before the cookie existed sets it when the page starts its cart again.
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED' });
    await idle();
    const kept = localStorage.getItem(CART_STORAGE_KEY);
    writeSavedCartCookie(false);
    uninstallCartRuntime();
    expect(kept).toContain(String(singleTicket.shopItemId));
    await getCartRuntime();
    expect(readCookie(SAVED_CART_COOKIE)).toBe('1');
  });

  it('AUTH-07 logout empties the running cart and its saved copy', async () => {
    const verify = fakeVerify([singleTicket]);
    const { runtime } = createAccountSession({
      signedInAs: fixtureUser(),
      handlers: { 'Order/verify.json': verify.handler },
    });
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED', profile: 7 });
    await idle();
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
    await settle(runtime, { type: 'LOGOUT' });
    const { context } = (await getCartRuntime()).actor.getSnapshot();
    expect(context.items).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(readCartStatus().count).toBe(0);
  });

  it('sends the session with the verification once signed in, for per-customer voucher limits', async () => {
    const verify = fakeVerify([singleTicket]);
    const { calls } = createAccountSession({
      signedInAs: fixtureUser(),
      handlers: { 'Order/verify.json': verify.handler },
    });
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED', profile: 7 });
    await idle();
    expect(calls.find((call) => call.path === 'Order/verify.json')?.payload).toMatchObject({
      userToken: 'token-7',
      userId: 7,
    });
  });

  it('after a FranceConnect sign-in, the add refuses a ticket on the phone and takes it on a card', async () => {
    const verify = fakeVerify([singleTicket]);
    createTestSession({
      signedInAs: fixtureUser({ signedInWith: { providerId: 2, driver: 'FRANCECONNECT' } }),
      handlers: { 'Order/verify.json': verify.handler },
    });
    await expect(
      addToCart({ item: singleTicket, quantity: 1, delivery: 'DEMATERIALIZED', profile: 7 }),
    ).rejects.toMatchObject({ code: 'SUPPORT_NOT_OFFERED' });
    await addToCart({ item: singleTicket, quantity: 1, delivery: 'PHYSICAL', profile: 7 });
    expect(cartLinesOf(await idle()).map((line) => line.delivery)).toEqual(['PHYSICAL']);
  });
});
