import type { CatalogueViewer } from '@transit-shop/sdk/catalogue/shop-listing';
import type { ShopItem } from '@transit-shop/sdk/contract/catalogue';
import type { OrderOutcome } from '@transit-shop/sdk/contract/checkout';
import { ORDER_VOUCHERS_MAX, type VerifyAnswer } from '@transit-shop/sdk/contract/order';
import { VALIDATION_SPEC_TEXTS } from '@transit-shop/sdk/validation/messages';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type CartInput, cartMachine, savedCartOf } from './cart.machine.ts';
import type { CartItemDraft } from './cart-rules.ts';
import {
  addRefusalFor,
  areCartVouchersValid,
  canCheckout,
  cartCountOf,
  cartPaymentOptionsOf,
  cartTotalsOf,
  cartVouchersOf,
  checkoutIssuesOf,
  isBuyerOver18,
  isCartVerifying,
} from './cart-selectors.ts';
import { CART_STORAGE_KEY, type SavedCart } from './cart-storage.ts';
import {
  discount,
  franceConnectUser,
  guest,
  shopItem,
  subscriptionItem,
  testNetwork,
  verifyAnswer,
  visitor,
} from './cart-test-items.ts';
import type { VerifyOrderInput } from './verify-order.ts';

/** One call of the verifyOrder actor, answered by the test when it chooses. */
type Verification = {
  input: VerifyOrderInput;
  signal: AbortSignal;
  settled: Promise<VerifyAnswer>;
  answer(answer: VerifyAnswer): Promise<void>;
  fail(error: unknown): Promise<void>;
};

type Options = {
  saved?: unknown;
  /** The cart's clock. */
  now?: string;
  /** Answers each verification at once; without it the test answers them. */
  answer?: ((input: VerifyOrderInput) => VerifyAnswer) | 'by the test';
  failSave?: boolean;
  /** What Order/outcome.json answers about the order in flight (an Error to fail). */
  outcome?: (orderReference: string) => OrderOutcome | Error;
};

const REFERENCE = 'q'.repeat(43);

/** What Order/outcome.json answers for an order with this outcome. */
function outcomeWith(outcome: OrderOutcome['outcome']): OrderOutcome {
  const status =
    outcome === 'CONFIRMED'
      ? 'COMPLETED'
      : outcome === 'PENDING'
        ? 'PROCESSING'
        : outcome === 'FAILED'
          ? 'ERROR'
          : outcome === 'CANCELLED'
            ? 'CANCELED'
            : 'PENDING';
  return {
    orderId: 501,
    status,
    outcome,
    paymentStatus: null,
    totalAmount: 1000,
    currency: 'EUR',
    paymentMethod: 'CARD',
    installments: 1,
    lines: [],
    guest: true,
    invoiceEmailHint: 'a•••@example.org',
    tickets: [],
    createdAt: '2026-11-23T09:00:00.000Z',
  };
}

/** 1000 for the articles, 100 off per voucher. */
const defaultAnswer = (input: VerifyOrderInput) =>
  verifyAnswer(
    1000 - 100 * input.vouchers.length,
    input.vouchers.map((code) => discount(code, 100)),
  );

/** The machine with actors that record each call, as the app provides them with real calls and storage. */
function start(options: Options = {}) {
  const verifications: Verification[] = [];
  const saves: (SavedCart | null)[] = [];
  const outcomesAsked: string[] = [];
  let ids = 0;
  const machine = cartMachine.provide({
    actors: {
      verifyOrder: fromPromise<VerifyAnswer, VerifyOrderInput>(({ input, signal }) => {
        let resolve: (answer: VerifyAnswer) => void = () => {};
        let reject: (error: unknown) => void = () => {};
        const settled = new Promise<VerifyAnswer>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        // The machine's own handler runs first; awaiting the same promise after it lets it finish.
        const after = () =>
          settled.then(
            () => undefined,
            () => undefined,
          );
        verifications.push({
          input,
          signal,
          settled,
          answer: (answer) => {
            resolve(answer);
            return after();
          },
          fail: (error) => {
            reject(error);
            return after();
          },
        });
        const answer = options.answer ?? defaultAnswer;
        if (answer !== 'by the test') resolve(answer(input));
        return settled;
      }),
      saveCart: fromPromise<void, SavedCart | null>(async ({ input }) => {
        saves.push(input);
        if (options.failSave) throw new Error('QuotaExceededError');
      }),
      readOrderOutcome: fromPromise<OrderOutcome, { orderReference: string }>(async ({ input }) => {
        outcomesAsked.push(input.orderReference);
        const answer = (options.outcome ?? (() => outcomeWith(null)))(input.orderReference);
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const input: CartInput = {
    network: testNetwork,
    saved: options.saved,
    createId: () => {
      ids += 1;
      return `line-${ids}`;
    },
    now: () => new Date(options.now ?? '2026-11-23T12:00:00'),
  };
  const actor = createActor(machine, { input }).start();
  const settled = () =>
    waitFor(actor, (snapshot) => !isCartVerifying(snapshot) && !snapshot.matches('checkingOrder'));
  const context = () => actor.getSnapshot().context;
  const add = (item: CartItemDraft, viewer: CatalogueViewer = visitor) =>
    actor.send({ type: 'ADD_ITEM', item, viewer });
  return { actor, verifications, saves, outcomesAsked, settled, context, add };
}

const quantities = (cart: ReturnType<typeof start>) => cart.context().items.map((line) => line.quantity);

describe('cart machine', () => {
  it('starts empty and idle, without verifying nor saving', () => {
    const cart = start();
    expect(cart.actor.getSnapshot().value).toBe('idle');
    const { createId: _createId, now: _now, network: _network, ...data } = cart.context();
    expect(data).toEqual({
      items: [],
      vouchers: [],
      discounts: [],
      verifiedTotalAmount: null,
      termsAccepted: false,
      privacyAccepted: false,
      over18Accepted: false,
      cartVisible: false,
      orderInFlight: null,
      paidOrder: null,
      refusal: null,
      voucherError: null,
      verifyError: null,
      savedCartDropped: false,
    });
    expect(cart.verifications).toEqual([]);
    expect(cart.saves).toEqual([]);
  });

  describe('lines', () => {
    it('CART-02 adding an identical item (same shop item, profile, start date) raises the quantity', async () => {
      const pass = shopItem({ pivotType: 'MONTH_PIVOT', pivotValue: 1, startProposals: 3 });
      const cart = start();
      cart.add({ item: pass, quantity: 2, delivery: 'DEMATERIALIZED', profile: 7, startMonth: '2026-12' });
      cart.add({ item: pass, quantity: 1, delivery: 'DEMATERIALIZED', profile: 7, startMonth: '2026-12' });
      await cart.settled();
      expect(cart.context().items).toHaveLength(1);
      expect(cart.context().items[0]).toMatchObject({ id: 'line-1', quantity: 3, profile: 7 });
      expect(cart.verifications.at(-1)?.input.articles).toMatchObject([
        { shopItemId: pass.shopItemId, quantity: 3 },
      ]);
      expect(cartCountOf(cart.actor.getSnapshot())).toBe(3);
    });

    it('CART-02 another traveller or another start date makes its own line', () => {
      const pass = shopItem({ pivotType: 'MONTH_PIVOT', pivotValue: 1, startProposals: 3 });
      const cart = start();
      const line = {
        item: pass,
        quantity: 1,
        delivery: 'DEMATERIALIZED',
        profile: 7,
        startMonth: '2026-12',
      } as const;
      cart.add(line);
      cart.add({ ...line, profile: 8 });
      cart.add({ ...line, startMonth: '2027-01' });
      cart.add(line);
      expect(cart.context().items.map((l) => [l.id, l.profile, l.startMonth, l.quantity])).toEqual([
        ['line-1', 7, '2026-12', 2],
        ['line-2', 8, '2026-12', 1],
        ['line-3', 7, '2027-01', 1],
      ]);
    });

    it('CART-03 when the identical line already holds its maximum, a new line is made', () => {
      const ticket = shopItem({ articleQuantityMax: 3 });
      const cart = start();
      cart.add({ item: ticket, quantity: 3, delivery: 'DEMATERIALIZED' });
      cart.add({ item: ticket, quantity: 1, delivery: 'DEMATERIALIZED' });
      expect(quantities(cart)).toEqual([3, 1]);
      // The new line fills up before a third one is made.
      cart.add({ item: ticket, quantity: 2, delivery: 'DEMATERIALIZED' });
      expect(quantities(cart)).toEqual([3, 3]);
    });

    it('CART-03 a quantity that would take the line beyond its maximum goes on a new line', () => {
      const ticket = shopItem({ articleQuantityMax: 3 });
      const cart = start();
      cart.add({ item: ticket, quantity: 2, delivery: 'DEMATERIALIZED' });
      cart.add({ item: ticket, quantity: 2, delivery: 'DEMATERIALIZED' });
      expect(quantities(cart)).toEqual([2, 2]);
    });

    it('CART-04 a quantity change outside the item’s min or max is ignored', async () => {
      const carnet = shopItem({ articleQuantityMin: 2, articleQuantityMax: 5 });
      const cart = start();
      cart.add({ item: carnet, quantity: 2, delivery: 'DEMATERIALIZED' });
      await cart.settled();
      const before = { verifications: cart.verifications.length, saves: cart.saves.length };
      for (const quantity of [1, 6, 2.5, 0, -1]) {
        expect(cart.actor.getSnapshot().can({ type: 'CHANGE_QUANTITY', id: 'line-1', quantity })).toBe(false);
        cart.actor.send({ type: 'CHANGE_QUANTITY', id: 'line-1', quantity });
      }
      expect(quantities(cart)).toEqual([2]);
      expect(cart.verifications).toHaveLength(before.verifications);
      expect(cart.saves).toHaveLength(before.saves);

      expect(cart.actor.getSnapshot().can({ type: 'CHANGE_QUANTITY', id: 'line-1', quantity: 5 })).toBe(true);
      cart.actor.send({ type: 'CHANGE_QUANTITY', id: 'line-1', quantity: 5 });
      expect(quantities(cart)).toEqual([5]);
      expect(cart.verifications.at(-1)?.input.articles[0]?.quantity).toBe(5);
    });

    it('CART-04 an add outside the item’s bounds is refused with WRONG_QUANTITY', () => {
      const carnet = shopItem({ articleQuantityMin: 2, articleQuantityMax: 5 });
      const cart = start();
      cart.add({ item: carnet, quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.add({ item: carnet, quantity: 6, delivery: 'DEMATERIALIZED' });
      expect(cart.context().items).toEqual([]);
      expect(cart.context().refusal).toEqual({ code: 'WRONG_QUANTITY', shopItemId: carnet.shopItemId });
      expect(cart.verifications).toEqual([]);
    });

    it('a refusal is reported in the context, never thrown, and the next add or DISMISS_ERROR clears it', () => {
      const ticket = shopItem({ articleQuantityMax: 3 });
      const cart = start();
      expect(() => cart.add({ item: ticket, quantity: 9, delivery: 'DEMATERIALIZED' })).not.toThrow();
      expect(cart.actor.getSnapshot().status).toBe('active');
      expect(cart.context().refusal?.code).toBe('WRONG_QUANTITY');
      cart.add({ item: ticket, quantity: 1, delivery: 'DEMATERIALIZED' });
      expect(cart.context().refusal).toBeNull();
      cart.add({ item: ticket, quantity: 9, delivery: 'DEMATERIALIZED' });
      cart.actor.send({ type: 'DISMISS_ERROR' });
      expect(cart.context().refusal).toBeNull();
    });
  });

  describe('verification', () => {
    it('CART-05 every add, removal and quantity change verifies the cart as it is then', async () => {
      const a = shopItem();
      const b = shopItem();
      const cart = start();
      const sent = () =>
        cart.verifications.at(-1)?.input.articles.map((article) => [article.shopItemId, article.quantity]);
      cart.add({ item: a, quantity: 1, delivery: 'DEMATERIALIZED' });
      expect(isCartVerifying(cart.actor.getSnapshot())).toBe(true);
      await cart.settled();
      expect(sent()).toEqual([[a.shopItemId, 1]]);
      cart.add({ item: b, quantity: 2, delivery: 'PHYSICAL' });
      await cart.settled();
      expect(sent()).toEqual([
        [a.shopItemId, 1],
        [b.shopItemId, 2],
      ]);
      cart.actor.send({ type: 'CHANGE_QUANTITY', id: 'line-1', quantity: 4 });
      await cart.settled();
      expect(sent()).toEqual([
        [a.shopItemId, 4],
        [b.shopItemId, 2],
      ]);
      cart.actor.send({ type: 'REMOVE_ITEM', id: 'line-1' });
      await cart.settled();
      expect(sent()).toEqual([[b.shopItemId, 2]]);
      expect(cart.verifications).toHaveLength(4);
    });

    it('CART-05 a change cancels the verification in flight: its late answer is never applied', async () => {
      const cart = start({ answer: 'by the test' });
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      const [first, second] = cart.verifications;
      expect(first?.signal.aborted).toBe(true);
      expect(second?.signal.aborted).toBe(false);
      expect(second?.input.articles).toHaveLength(2);

      // The stale answer arrives first: nothing changes, the cart still waits for the current one.
      await first?.answer(verifyAnswer(999));
      expect(isCartVerifying(cart.actor.getSnapshot())).toBe(true);
      expect(cart.context().verifiedTotalAmount).toBeNull();

      await second?.answer(verifyAnswer(400));
      expect(isCartVerifying(cart.actor.getSnapshot())).toBe(false);
      expect(cart.context().verifiedTotalAmount).toBe(400);
    });

    it('CART-05 a stale answer arriving after the current one does not overwrite it', async () => {
      const cart = start({ answer: 'by the test' });
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      const [first, second] = cart.verifications;
      await second?.answer(verifyAnswer(400));
      await first?.answer(verifyAnswer(999, [discount('OLD1', 10)]));
      expect(cart.context().verifiedTotalAmount).toBe(400);
      expect(cart.context().discounts).toEqual([]);
      expect(cart.saves.at(-1)?.verifiedTotalAmount).toBe(400);
    });

    it('CART-05 a cancelled verification that fails is not reported either', async () => {
      const cart = start({ answer: 'by the test' });
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.actor.send({ type: 'CHANGE_QUANTITY', id: 'line-1', quantity: 2 });
      const [first, second] = cart.verifications;
      await first?.fail(new Error('Connection refused'));
      expect(cart.context().verifyError).toBeNull();
      await second?.answer(verifyAnswer(400));
      expect(cart.context()).toMatchObject({ verifyError: null, verifiedTotalAmount: 400 });
    });

    it('CART-05 a change that leaves the prices alone does not cancel the verification', async () => {
      const cart = start({ answer: 'by the test' });
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.actor.send({ type: 'TERMS_CHANGED', accepted: true });
      cart.actor.send({ type: 'VISIBILITY_CHANGED', visible: true });
      expect(cart.verifications).toHaveLength(1);
      expect(cart.verifications[0]?.signal.aborted).toBe(false);
      await cart.verifications[0]?.answer(verifyAnswer(300));
      expect(cart.context().verifiedTotalAmount).toBe(300);
    });

    it('VOUCH-04 subtotal, discount and total come from the verification answer', async () => {
      const cart = start({ answer: 'by the test' });
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'SPRING' });
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'OLDCODE' });
      expect(cartTotalsOf(cart.actor.getSnapshot())).toBeNull();
      expect(cart.verifications.at(-1)?.input.vouchers).toEqual(['SPRING', 'OLDCODE']);
      await cart.verifications
        .at(-1)
        ?.answer(verifyAnswer(1500, [discount('SPRING', 300), discount('OLDCODE', 0, 'VOUCHER_EXPIRED')]));
      expect(cartTotalsOf(cart.actor.getSnapshot())).toEqual({ subtotal: 1800, discount: 300, total: 1500 });
    });

    it('VOUCH-04 a failed verification keeps its error and no total; VERIFY tries again', async () => {
      const cart = start({ answer: 'by the test' });
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      await cart.verifications[0]?.answer(verifyAnswer(500));
      cart.actor.send({ type: 'CHANGE_QUANTITY', id: 'line-1', quantity: 2 });
      const refused = Object.assign(new Error('Support not offered'), { code: 'SUPPORT_NOT_OFFERED' });
      await cart.verifications[1]?.fail(refused);
      expect(cart.actor.getSnapshot().value).toBe('idle');
      expect(cart.context().verifyError).toBe(refused);
      expect(cartTotalsOf(cart.actor.getSnapshot())).toBeNull();
      cart.actor.send({ type: 'VERIFY' });
      await cart.verifications[2]?.answer(verifyAnswer(1000));
      expect(cart.context().verifyError).toBeNull();
      expect(cartTotalsOf(cart.actor.getSnapshot())?.total).toBe(1000);
    });

    it('VERIFY is not taken by an empty cart', () => {
      const cart = start();
      expect(cart.actor.getSnapshot().can({ type: 'VERIFY' })).toBe(false);
      cart.actor.send({ type: 'VERIFY' });
      expect(cart.verifications).toEqual([]);
    });
  });

  describe('removal and vouchers', () => {
    it('CART-06 removing the last item clears the vouchers, their discounts and the total, without verifying', async () => {
      const cart = start();
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'SPRING' });
      await cart.settled();
      expect(cart.context().discounts).toHaveLength(1);
      const verified = cart.verifications.length;
      cart.actor.send({ type: 'REMOVE_ITEM', id: 'line-1' });
      expect(cart.actor.getSnapshot().value).toBe('idle');
      expect(cart.context()).toMatchObject({
        items: [],
        vouchers: [],
        discounts: [],
        verifiedTotalAmount: null,
      });
      expect(cart.verifications).toHaveLength(verified);
      expect(cart.saves.at(-1)).toMatchObject({ items: [], vouchers: [], discounts: [] });
    });

    it('CART-06 removing the last item while a verification is in flight drops that verification', async () => {
      const cart = start({ answer: 'by the test' });
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.actor.send({ type: 'REMOVE_ITEM', id: 'line-1' });
      expect(cart.verifications[0]?.signal.aborted).toBe(true);
      await cart.verifications[0]?.answer(verifyAnswer(700));
      expect(cart.context().verifiedTotalAmount).toBeNull();
    });

    it('CART-06 removing a line that is not the last keeps the vouchers and verifies again', async () => {
      const cart = start();
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'SPRING' });
      await cart.settled();
      cart.actor.send({ type: 'REMOVE_ITEM', id: 'line-2' });
      await cart.settled();
      expect(cart.context().vouchers).toEqual(['SPRING']);
      expect(cart.verifications.at(-1)?.input).toMatchObject({ vouchers: ['SPRING'], articles: [{}] });
    });

    it('removing an unknown line does nothing', () => {
      const cart = start();
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      expect(cart.actor.getSnapshot().can({ type: 'REMOVE_ITEM', id: 'nope' })).toBe(false);
    });

    it('VOUCH-01 a code under 4 characters is refused with the spec’s message key and nothing is sent', async () => {
      const cart = start();
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      await cart.settled();
      const verified = cart.verifications.length;
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'AB1' });
      expect(cart.context().voucherError).toEqual({ message: 'validation.voucher.minLength' });
      expect(VALIDATION_SPEC_TEXTS['validation.voucher.minLength']).toBe(
        'Le code doit comporter au moins 4 caractères',
      );
      cart.actor.send({ type: 'ADD_VOUCHER', code: '   ' });
      expect(cart.context().voucherError).toEqual({ message: 'validation.required' });
      expect(cart.context().vouchers).toEqual([]);
      expect(cart.verifications).toHaveLength(verified);
    });

    it('VOUCH-01 a code of 4 characters or more is kept trimmed, once whatever its case, and verified', async () => {
      const cart = start();
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'AB1' });
      cart.actor.send({ type: 'ADD_VOUCHER', code: ' AB12 ' });
      expect(cart.context().voucherError).toBeNull();
      await cart.settled();
      const verified = cart.verifications.length;
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'ab12' });
      expect(cart.verifications).toHaveLength(verified);
      expect(cart.context().vouchers).toEqual(['AB12']);
      expect(cart.verifications.at(-1)?.input.vouchers).toEqual(['AB12']);
    });

    it('VOUCH-01 a voucher needs a line to apply to', () => {
      const cart = start();
      expect(cart.actor.getSnapshot().can({ type: 'ADD_VOUCHER', code: 'SPRING' })).toBe(false);
    });

    it('a cart carries at most the vouchers an order takes', async () => {
      const cart = start();
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      for (const code of ['CODE1', 'CODE2', 'CODE3', 'CODE4', 'CODE5'])
        cart.actor.send({ type: 'ADD_VOUCHER', code });
      await cart.settled();
      expect(cart.actor.getSnapshot().can({ type: 'ADD_VOUCHER', code: 'CODE6' })).toBe(false);
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'CODE6' });
      expect(cart.context().vouchers).toHaveLength(ORDER_VOUCHERS_MAX);
    });

    it('removing a voucher drops its discount and verifies again', async () => {
      const cart = start();
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'SPRING' });
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'SUMMER' });
      await cart.settled();
      cart.actor.send({ type: 'REMOVE_VOUCHER', code: 'SPRING' });
      expect(cart.context().discounts.map((d) => d.sourceCode)).toEqual(['SUMMER']);
      await cart.settled();
      expect(cart.verifications.at(-1)?.input.vouchers).toEqual(['SUMMER']);
      expect(cart.actor.getSnapshot().can({ type: 'REMOVE_VOUCHER', code: 'SPRING' })).toBe(false);
    });

    it('VOUCH-02 each voucher says whether it applies; areCartVouchersValid holds only when every one has a discount without error', async () => {
      const cart = start({ answer: 'by the test' });
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'SPRING' });
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'OLDCODE' });
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'GHOST' });
      expect(cartVouchersOf(cart.actor.getSnapshot()).map((v) => v.status)).toEqual([
        'pending',
        'pending',
        'pending',
      ]);
      expect(areCartVouchersValid(cart.actor.getSnapshot())).toBe(false);
      // GHOST gets no discount at all: without a matching discount it does not hold either.
      await cart.verifications
        .at(-1)
        ?.answer(verifyAnswer(900, [discount('SPRING', 100), discount('OLDCODE', 0, 'VOUCHER_EXPIRED')]));
      expect(cartVouchersOf(cart.actor.getSnapshot())).toEqual([
        { code: 'SPRING', status: 'applied', error: null },
        { code: 'OLDCODE', status: 'refused', error: 'VOUCHER_EXPIRED' },
        { code: 'GHOST', status: 'refused', error: null },
      ]);
      expect(areCartVouchersValid(cart.actor.getSnapshot())).toBe(false);

      cart.actor.send({ type: 'REMOVE_VOUCHER', code: 'OLDCODE' });
      cart.actor.send({ type: 'REMOVE_VOUCHER', code: 'GHOST' });
      await cart.verifications.at(-1)?.answer(verifyAnswer(900, [discount('SPRING', 100)]));
      expect(areCartVouchersValid(cart.actor.getSnapshot())).toBe(true);
    });
  });

  describe('what may share the cart', () => {
    it('CART-07 a subscription cannot join a cart holding other products', () => {
      const cart = start();
      const ticket = shopItem();
      const subscription = subscriptionItem();
      cart.add({ item: ticket, quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.add({
        item: subscription,
        quantity: 1,
        delivery: 'DEMATERIALIZED',
        startMonth: '2026-12',
        isSubscription: true,
      });
      expect(cart.context().items.map((l) => l.item.shopItemId)).toEqual([ticket.shopItemId]);
      expect(cart.context().refusal).toEqual({
        code: 'SUBSCRIPTION_CART_NOT_ALONE',
        shopItemId: subscription.shopItemId,
      });
      expect(cart.verifications).toHaveLength(1);
    });

    it('CART-07 nothing joins a subscription, not even a second subscription', () => {
      const cart = start();
      const subscription = subscriptionItem();
      const subscribed = { quantity: 1, delivery: 'DEMATERIALIZED', startMonth: '2026-12' } as const;
      cart.add({ item: subscription, ...subscribed, isSubscription: true });
      expect(cart.context().items).toHaveLength(1);
      expect(cart.verifications.at(-1)?.input.articles[0]).toMatchObject({
        isSubscription: true,
        startMonth: '2026-12',
      });
      for (const item of [shopItem(), subscriptionItem(), subscription]) {
        cart.add({ item, quantity: 1, delivery: 'DEMATERIALIZED', startMonth: '2026-12' });
        expect(cart.context().refusal?.code).toBe('SUBSCRIPTION_CART_NOT_ALONE');
      }
      expect(cart.context().items).toHaveLength(1);
      expect(cart.context().items[0]?.quantity).toBe(1);
    });

    it('CART-08 a product with maxBuyAtOnce cannot be added twice, nor raised above one', () => {
      const card = shopItem({ maxBuyAtOnce: true, supports: ['PHYSICAL'] });
      const cart = start();
      const draft: CartItemDraft = { item: card, quantity: 1, delivery: 'PHYSICAL', profile: 7 };
      expect(addRefusalFor(cart.actor.getSnapshot(), draft, visitor)).toBeNull();
      cart.add(draft);
      // Known before the add, from the cart alone.
      expect(addRefusalFor(cart.actor.getSnapshot(), draft, visitor)?.code).toBe('PRODUCT_ALREADY_IN_CART');
      cart.add(draft);
      cart.add({ ...draft, profile: 8 });
      expect(cart.context().refusal).toEqual({
        code: 'PRODUCT_ALREADY_IN_CART',
        shopItemId: card.shopItemId,
      });
      expect(quantities(cart)).toEqual([1]);
      expect(cart.actor.getSnapshot().can({ type: 'CHANGE_QUANTITY', id: 'line-1', quantity: 2 })).toBe(
        false,
      );
    });

    it('CART-08 a maxBuyAtOnce product is bought one at a time: more than one is a wrong quantity, as the server says', () => {
      const card = shopItem({ maxBuyAtOnce: true, supports: ['PHYSICAL'], articleQuantityMax: 5 });
      const cart = start();
      cart.add({ item: card, quantity: 2, delivery: 'PHYSICAL' });
      expect(cart.context().refusal?.code).toBe('WRONG_QUANTITY');
      expect(cart.context().items).toEqual([]);
    });

    it('CART-09 only the payment options common to every item are offered', () => {
      const annual = shopItem({
        paymentOptions: { installments: [1, 3, 10], paymentMethods: ['CARD', 'TRANSFER'] },
      });
      const monthly = shopItem({
        paymentOptions: { installments: [1, 3], paymentMethods: ['TRANSFER', 'CARD'] },
      });
      const ticket = shopItem({ paymentOptions: { installments: [1], paymentMethods: ['CARD'] } });
      const cart = start();
      expect(cartPaymentOptionsOf(cart.actor.getSnapshot())).toBeNull();
      cart.add({ item: annual, quantity: 1, delivery: 'DEMATERIALIZED' });
      expect(cartPaymentOptionsOf(cart.actor.getSnapshot())).toEqual({
        installments: [1, 3, 10],
        paymentMethods: ['CARD', 'TRANSFER'],
      });
      cart.add({ item: monthly, quantity: 1, delivery: 'DEMATERIALIZED' });
      expect(cartPaymentOptionsOf(cart.actor.getSnapshot())).toEqual({
        installments: [1, 3],
        paymentMethods: ['CARD', 'TRANSFER'],
      });
      cart.add({ item: ticket, quantity: 1, delivery: 'DEMATERIALIZED' });
      expect(cartPaymentOptionsOf(cart.actor.getSnapshot())).toEqual({
        installments: [1],
        paymentMethods: ['CARD'],
      });
    });

    it('CART-09 PAY-04 a product with no instalment count or no payment method in common cannot be added', () => {
      const annual = shopItem({ paymentOptions: { installments: [3, 10], paymentMethods: ['TRANSFER'] } });
      const cart = start();
      cart.add({ item: annual, quantity: 1, delivery: 'DEMATERIALIZED' });
      const singlePayment = shopItem({ paymentOptions: { installments: [1], paymentMethods: ['TRANSFER'] } });
      cart.add({ item: singlePayment, quantity: 1, delivery: 'DEMATERIALIZED' });
      expect(cart.context().refusal).toEqual({
        code: 'INCOMPATIBLE_INSTALLMENTS',
        shopItemId: singlePayment.shopItemId,
      });
      const cardOnly = shopItem({ paymentOptions: { installments: [3], paymentMethods: ['CARD'] } });
      cart.add({ item: cardOnly, quantity: 1, delivery: 'DEMATERIALIZED' });
      expect(cart.context().refusal).toEqual({
        code: 'INCOMPATIBLE_PAYMENT_METHODS',
        shopItemId: cardOnly.shopItemId,
      });
      expect(cart.context().items).toHaveLength(1);
    });

    it('CHK-03 the app support cannot be added by a guest on a card-only item, nor under a FranceConnect viewer', () => {
      const pass = shopItem();
      const cardOnlyForGuests = shopItem({ tags: 'eshop_guest_card_only' });
      const cart = start();
      cart.add({ item: pass, quantity: 1, delivery: 'DEMATERIALIZED' }, franceConnectUser);
      expect(cart.context().refusal?.code).toBe('SUPPORT_NOT_OFFERED');
      cart.add({ item: cardOnlyForGuests, quantity: 1, delivery: 'DEMATERIALIZED' }, guest);
      expect(cart.context().refusal?.code).toBe('SUPPORT_NOT_OFFERED');
      expect(cart.context().items).toEqual([]);
      cart.add({ item: pass, quantity: 1, delivery: 'PHYSICAL' }, franceConnectUser);
      cart.add({ item: cardOnlyForGuests, quantity: 1, delivery: 'PHYSICAL' }, guest);
      expect(cart.context().items).toHaveLength(2);
    });

    it('CART-12 required product fields must be filled, a required box ticked', () => {
      const schoolPass = shopItem({
        fields: [
          { id: 'school', type: 'TEXT', label: 'School', required: true },
          { id: 'rules', type: 'CHECKBOX', label: 'I accept the rules', required: true },
          { id: 'class', type: 'TEXT', label: 'Class', required: false },
        ] as ShopItem['fields'],
      });
      const cart = start();
      cart.add({
        item: schoolPass,
        quantity: 1,
        delivery: 'DEMATERIALIZED',
        fields: { school: '  ', rules: false },
      });
      expect(cart.context().refusal).toEqual({
        code: 'ARTICLE_FIELDS_INVALID',
        shopItemId: schoolPass.shopItemId,
        fields: ['school', 'rules'],
      });
      cart.add({
        item: schoolPass,
        quantity: 1,
        delivery: 'DEMATERIALIZED',
        fields: { school: 'Lycée Ampère', rules: true },
      });
      expect(cart.context().refusal).toBeNull();
      expect(cart.verifications.at(-1)?.input.articles[0]?.fields).toEqual({
        school: 'Lycée Ampère',
        rules: true,
      });
    });

    it('PIVOT-03 a month-pivot item without a start month is refused with ARTICLE_START_DATE', () => {
      const monthly = shopItem({ pivotType: 'MONTH_PIVOT', pivotValue: 1, startProposals: 3 });
      const cart = start();
      cart.add({ item: monthly, quantity: 1, delivery: 'DEMATERIALIZED' });
      expect(cart.context().refusal?.code).toBe('ARTICLE_START_DATE');
      cart.add({ item: monthly, quantity: 1, delivery: 'DEMATERIALIZED', startMonth: '2026-13' });
      expect(cart.context().refusal?.code).toBe('ARTICLE_START_DATE');
      cart.add({ item: monthly, quantity: 1, delivery: 'DEMATERIALIZED', startMonth: '2026-12' });
      expect(cart.context().items).toHaveLength(1);
    });
  });

  describe('confirmations and checkout', () => {
    const fill = (cart: ReturnType<typeof start>) =>
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });

    it('CART-11 the terms of sale, privacy and over-18 confirmations are held in the cart and saved', () => {
      const cart = start();
      cart.actor.send({ type: 'TERMS_CHANGED', accepted: true });
      cart.actor.send({ type: 'PRIVACY_CHANGED', accepted: true });
      cart.actor.send({ type: 'OVER_18_CHANGED', accepted: true });
      expect(cart.context()).toMatchObject({
        termsAccepted: true,
        privacyAccepted: true,
        over18Accepted: true,
      });
      expect(cart.saves.at(-1)).toMatchObject({
        termsAccepted: true,
        privacyAccepted: true,
        over18Accepted: true,
      });
      cart.actor.send({ type: 'PRIVACY_CHANGED', accepted: false });
      expect(cart.saves.at(-1)?.privacyAccepted).toBe(false);
    });

    it('CART-11 ROUTE-04 checkout needs the terms of sale and the privacy policy accepted', () => {
      const cart = start();
      const adult = { birthday: '1990-05-01' };
      expect(checkoutIssuesOf(cart.actor.getSnapshot(), adult)).toEqual([
        'EMPTY_CART',
        'TERMS_NOT_ACCEPTED',
        'PRIVACY_NOT_ACCEPTED',
      ]);
      fill(cart);
      cart.actor.send({ type: 'TERMS_CHANGED', accepted: true });
      expect(canCheckout(cart.actor.getSnapshot(), adult)).toBe(false);
      cart.actor.send({ type: 'PRIVACY_CHANGED', accepted: true });
      expect(canCheckout(cart.actor.getSnapshot(), adult)).toBe(true);
    });

    it('ROUTE-04 ACC-09 under 18, or without a birthday, checkout also needs the over-18 confirmation', () => {
      const cart = start({ now: '2026-11-23T12:00:00' });
      fill(cart);
      cart.actor.send({ type: 'TERMS_CHANGED', accepted: true });
      cart.actor.send({ type: 'PRIVACY_CHANGED', accepted: true });
      const snapshot = () => cart.actor.getSnapshot();
      // 18 tomorrow on the cart's clock.
      expect(isBuyerOver18(snapshot(), { birthday: '2008-11-24' })).toBe(false);
      expect(isBuyerOver18(snapshot(), { birthday: '2008-11-23' })).toBe(true);
      expect(checkoutIssuesOf(snapshot(), { birthday: '2008-11-24' })).toEqual(['OVER_18_NOT_CONFIRMED']);
      expect(canCheckout(snapshot(), {})).toBe(false);
      expect(canCheckout(snapshot(), { birthday: null })).toBe(false);
      expect(canCheckout(snapshot(), { birthday: '2008-11-23' })).toBe(true);
      cart.actor.send({ type: 'OVER_18_CHANGED', accepted: true });
      expect(canCheckout(snapshot(), { birthday: '2008-11-24' })).toBe(true);
      expect(canCheckout(snapshot(), {})).toBe(true);
    });

    it('ACC-09 the over-18 rule reads the injected clock', () => {
      const before = start({ now: '2026-11-23T23:59:00' });
      const after = start({ now: '2026-11-24T00:00:00' });
      expect(isBuyerOver18(before.actor.getSnapshot(), { birthday: '2008-11-24' })).toBe(false);
      expect(isBuyerOver18(after.actor.getSnapshot(), { birthday: '2008-11-24' })).toBe(true);
    });

    it('CART-10 checkout waits for every voucher to apply', async () => {
      const cart = start({
        answer: (input) =>
          verifyAnswer(
            900,
            input.vouchers.map((c) => discount(c, 0, 'VOUCHER_NOT_FOUND')),
          ),
      });
      fill(cart);
      cart.actor.send({ type: 'TERMS_CHANGED', accepted: true });
      cart.actor.send({ type: 'PRIVACY_CHANGED', accepted: true });
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'NOPE1' });
      await cart.settled();
      expect(checkoutIssuesOf(cart.actor.getSnapshot(), { birthday: '1990-01-01' })).toEqual([
        'VOUCHERS_INVALID',
      ]);
      cart.actor.send({ type: 'REMOVE_VOUCHER', code: 'NOPE1' });
      expect(canCheckout(cart.actor.getSnapshot(), { birthday: '1990-01-01' })).toBe(true);
    });
  });

  describe('persistence', () => {
    it('CART-01 every change is saved for the `cart` key, with what the cart needs after a reload', async () => {
      expect(CART_STORAGE_KEY).toBe('cart');
      const cart = start();
      cart.add({ item: shopItem(), quantity: 2, delivery: 'DEMATERIALIZED', profile: 7 });
      expect(cart.saves).toHaveLength(1);
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'SPRING' });
      await cart.settled();
      expect(cart.saves.at(-1)).toEqual(savedCartOf(cart.context()));
      expect(cart.saves.at(-1)).toMatchObject({
        version: 2,
        vouchers: ['SPRING'],
        discounts: [{ sourceCode: 'SPRING' }],
        verifiedTotalAmount: 900,
        items: [{ id: 'line-1', quantity: 2, profile: 7 }],
      });
      // What is saved must survive the trip through local storage's text.
      expect(JSON.parse(JSON.stringify(cart.saves.at(-1)))).toEqual(cart.saves.at(-1));
    });

    it('CART-01 a saved cart is restored on start and verified again', async () => {
      const first = start();
      const pass = shopItem();
      first.add({ item: pass, quantity: 2, delivery: 'PHYSICAL', profile: 7, mediaId: 12 });
      first.actor.send({ type: 'ADD_VOUCHER', code: 'SPRING' });
      first.actor.send({ type: 'TERMS_CHANGED', accepted: true });
      await first.settled();

      const reloaded = start({ saved: JSON.stringify(first.saves.at(-1)), answer: 'by the test' });
      expect(reloaded.context()).toMatchObject({
        items: first.context().items,
        vouchers: ['SPRING'],
        termsAccepted: true,
        verifiedTotalAmount: 900,
      });
      expect(reloaded.context()).not.toHaveProperty('version');
      expect(isCartVerifying(reloaded.actor.getSnapshot())).toBe(true);
      expect(reloaded.verifications[0]?.input.articles).toMatchObject([
        { shopItemId: pass.shopItemId, quantity: 2, customerId: 7, mediaId: 12, support: 'PHYSICAL' },
      ]);
      await reloaded.verifications[0]?.answer(verifyAnswer(1200, [discount('SPRING', 100)]));
      expect(reloaded.context().verifiedTotalAmount).toBe(1200);
    });

    it('CART-01 a corrupted saved cart is dropped safely and its entry removed', () => {
      for (const saved of ['{"items": [', 'null"', '42', '[]']) {
        const cart = start({ saved });
        expect(cart.actor.getSnapshot().value).toBe('idle');
        expect(cart.context().items).toEqual([]);
        expect(cart.saves).toEqual([null]);
      }
    });

    it('CART-01 an old-format saved cart is dropped, not misread', () => {
      const item = shopItem();
      const legacy = { items: [{ id: 'x', item, quantity: 1 }], termsAccepted: true, vouchers: ['OLD1'] };
      const cart = start({ saved: JSON.stringify(legacy) });
      expect(cart.context()).toMatchObject({ items: [], vouchers: [], termsAccepted: false });
      expect(cart.saves).toEqual([null]);
      expect(cart.verifications).toEqual([]);
    });

    it('CART-01 nothing saved starts an empty cart without touching storage', () => {
      expect(start({ saved: null }).saves).toEqual([]);
      expect(start({ saved: undefined }).saves).toEqual([]);
    });

    it('CART-01 a storage that refuses the write leaves the cart working', async () => {
      const cart = start({ failSave: true });
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      await cart.settled();
      cart.actor.send({ type: 'CHANGE_QUANTITY', id: 'line-1', quantity: 2 });
      await cart.settled();
      expect(cart.actor.getSnapshot().status).toBe('active');
      expect(quantities(cart)).toEqual([2]);
      expect(cart.saves.length).toBeGreaterThanOrEqual(3);
    });

    it('AUTH-07 a logout empties the cart, stops its verification and removes the saved copy', async () => {
      const cart = start({ answer: 'by the test' });
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      cart.actor.send({ type: 'ADD_VOUCHER', code: 'SPRING' });
      cart.actor.send({ type: 'TERMS_CHANGED', accepted: true });
      cart.actor.send({ type: 'OVER_18_CHANGED', accepted: true });
      cart.actor.send({ type: 'LOGOUT' });
      expect(cart.actor.getSnapshot().value).toBe('idle');
      expect(cart.verifications.every((v) => v.signal.aborted)).toBe(true);
      expect(cart.saves.at(-1)).toBeNull();
      expect(cart.context()).toMatchObject({
        items: [],
        vouchers: [],
        discounts: [],
        verifiedTotalAmount: null,
        termsAccepted: false,
        privacyAccepted: false,
        over18Accepted: false,
      });
      await cart.verifications.at(-1)?.answer(verifyAnswer(500));
      expect(cart.context().verifiedTotalAmount).toBeNull();
    });

    it('CLEAR empties the cart after an order and saves the empty cart', async () => {
      const cart = start();
      cart.add({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' });
      await cart.settled();
      cart.actor.send({ type: 'CLEAR' });
      expect(cart.context().items).toEqual([]);
      expect(cart.saves.at(-1)).toMatchObject({ version: 2, items: [], vouchers: [], termsAccepted: false });
    });
  });

  describe('the order in flight (decision 0021)', () => {
    /** A cart saved with one line, its confirmations given, and an order placed for it. */
    async function savedWithOrder(orderInFlight: string | null = REFERENCE) {
      const first = start();
      first.add({ item: shopItem(), quantity: 2, delivery: 'DEMATERIALIZED' });
      first.actor.send({ type: 'TERMS_CHANGED', accepted: true });
      await first.settled();
      if (orderInFlight !== null) first.actor.send({ type: 'ORDER_IN_FLIGHT', reference: orderInFlight });
      return JSON.stringify(first.saves.at(-1));
    }

    it('the order placed for the lines is remembered with the saved cart', async () => {
      const saved = JSON.parse(await savedWithOrder()) as SavedCart;
      expect(saved.orderInFlight).toBe(REFERENCE);
    });

    it('a cart whose order was paid elsewhere empties itself on the next start, and its saved copy too', async () => {
      const cart = start({ saved: await savedWithOrder(), outcome: () => outcomeWith('CONFIRMED') });
      await cart.settled();
      expect(cart.outcomesAsked).toEqual([REFERENCE]);
      expect(cart.context()).toMatchObject({ items: [], orderInFlight: null, termsAccepted: false });
      expect(cart.saves.at(-1)).toMatchObject({ items: [], orderInFlight: null });
      expect(cart.verifications).toEqual([]);
    });

    it('a SEPA debit submitted for the order empties the cart as a payment does', async () => {
      const cart = start({ saved: await savedWithOrder(), outcome: () => outcomeWith('PENDING') });
      await cart.settled();
      expect(cart.context().items).toEqual([]);
    });

    it('a refused or cancelled order leaves the lines and forgets the order', async () => {
      for (const outcome of ['FAILED', 'CANCELLED'] as const) {
        const cart = start({ saved: await savedWithOrder(), outcome: () => outcomeWith(outcome) });
        await cart.settled();
        expect(cart.context()).toMatchObject({ orderInFlight: null, termsAccepted: true });
        expect(cart.context().items).toHaveLength(1);
        expect(cart.saves.at(-1)).toMatchObject({ orderInFlight: null });
        expect(cart.verifications).toHaveLength(1);
      }
    });

    it('an order still on the payment page keeps the lines and is asked about again next time', async () => {
      const cart = start({ saved: await savedWithOrder(), outcome: () => outcomeWith(null) });
      await cart.settled();
      expect(cart.context()).toMatchObject({ orderInFlight: REFERENCE });
      expect(cart.context().items).toHaveLength(1);
    });

    it('an order the server does not know is forgotten; one it could not be asked about is kept', async () => {
      const notFound = Object.assign(new Error('not found'), { code: 'ORDER_NOT_FOUND' });
      const unknown = start({ saved: await savedWithOrder(), outcome: () => notFound });
      await unknown.settled();
      expect(unknown.context().orderInFlight).toBeNull();
      const offline = Object.assign(new Error('offline'), { code: 'CONNECTION_ERROR' });
      const unreachable = start({ saved: await savedWithOrder(), outcome: () => offline });
      await unreachable.settled();
      expect(unreachable.context().orderInFlight).toBe(REFERENCE);
      expect(unreachable.context().items).toHaveLength(1);
    });

    it('a cart without an order in flight asks nothing', async () => {
      const cart = start({ saved: await savedWithOrder(null) });
      await cart.settled();
      expect(cart.outcomesAsked).toEqual([]);
    });

    it('the order in flight forgotten once it failed; another order’s word changes nothing', async () => {
      const cart = start({ saved: await savedWithOrder(), outcome: () => outcomeWith(null) });
      await cart.settled();
      cart.actor.send({ type: 'ORDER_NOT_TAKEN', reference: 'x'.repeat(43) });
      expect(cart.context().orderInFlight).toBe(REFERENCE);
      cart.actor.send({ type: 'ORDER_NOT_TAKEN', reference: REFERENCE });
      expect(cart.context().orderInFlight).toBeNull();
      expect(cart.saves.at(-1)).toMatchObject({ orderInFlight: null });
    });

    it('a cart emptied in another tab of the browser (its order paid there) empties this one, without writing', async () => {
      const cart = start({ saved: await savedWithOrder(), outcome: () => outcomeWith(null) });
      await cart.settled();
      const writes = cart.saves.length;
      const emptied = JSON.stringify({ ...savedCartOf(cart.context()), items: [], orderInFlight: null });
      cart.actor.send({ type: 'STORAGE_CHANGED', saved: emptied });
      expect(cart.context()).toMatchObject({ items: [], orderInFlight: null });
      expect(cart.saves).toHaveLength(writes);
      // The saved copy removed there (a logout) empties it too.
      const other = start({ saved: await savedWithOrder(null) });
      await other.settled();
      other.actor.send({ type: 'STORAGE_CHANGED', saved: null });
      expect(other.context().items).toEqual([]);
    });

    it('CART-01 a change another tab writes (an order placed, a confirmation) is followed here, its sidebar aside, without writing', async () => {
      const cart = start({ saved: await savedWithOrder(null) });
      await cart.settled();
      const writes = cart.saves.length;
      const there = {
        ...savedCartOf(cart.context()),
        termsAccepted: false,
        cartVisible: !cart.context().cartVisible,
        orderInFlight: REFERENCE,
      };
      cart.actor.send({ type: 'STORAGE_CHANGED', saved: JSON.stringify(there) });
      expect(cart.context()).toMatchObject({
        orderInFlight: REFERENCE,
        termsAccepted: false,
        cartVisible: !there.cartVisible,
      });
      expect(cart.context().items).toHaveLength(1);
      expect(cart.saves).toHaveLength(writes);
    });

    it('the order in flight is asked about again on demand (the page shown again from the cache)', async () => {
      let paid = false;
      const cart = start({
        saved: await savedWithOrder(),
        outcome: () => outcomeWith(paid ? 'CONFIRMED' : null),
      });
      await cart.settled();
      expect(cart.context().items).toHaveLength(1);
      paid = true;
      cart.actor.send({ type: 'CHECK_ORDER' });
      await cart.settled();
      expect(cart.outcomesAsked).toEqual([REFERENCE, REFERENCE]);
      expect(cart.context().items).toEqual([]);
    });

    it('CLEAR and a logout forget the order in flight with the lines', async () => {
      const cart = start({ saved: await savedWithOrder(), outcome: () => outcomeWith(null) });
      await cart.settled();
      cart.actor.send({ type: 'CLEAR' });
      expect(cart.context().orderInFlight).toBeNull();
    });
  });
});

describe('every tab of the browser runs the same cart (decision 0039)', () => {
  /** Tabs of one browser: one local storage, each tab's writes heard by the others as `storage` events. */
  function browser() {
    let stored: string | null = null;
    const tabs: ReturnType<typeof createActor<typeof cartMachine>>[] = [];
    const open = () => {
      let ids = 0;
      const machine = cartMachine.provide({
        actors: {
          verifyOrder: fromPromise<VerifyAnswer, VerifyOrderInput>(async ({ input }) => defaultAnswer(input)),
          saveCart: fromPromise<void, SavedCart | null>(async ({ input }) => {
            stored = input === null ? null : JSON.stringify(input);
            for (const other of tabs)
              if (other !== tab) other.send({ type: 'STORAGE_CHANGED', saved: stored });
          }),
          readOrderOutcome: fromPromise<OrderOutcome, { orderReference: string }>(async () =>
            outcomeWith(null),
          ),
        },
      });
      const tab = createActor(machine, {
        input: {
          network: testNetwork,
          saved: stored,
          now: () => new Date('2026-11-23T11:00:00Z'),
          createId: () => {
            ids += 1;
            return `line-${ids}`;
          },
        },
      }).start();
      tabs.push(tab);
      return tab;
    };
    const idle = (tab: (typeof tabs)[number]) => waitFor(tab, (snapshot) => snapshot.matches('idle'));
    return { open, idle, stored: () => stored };
  }

  it('CART-01 a line added in one tab shows in the other; the order placed there is known here; once it is paid both carts are empty and this one knows the order', async () => {
    const { open, idle } = browser();
    const first = open();
    const ticket = shopItem({ articleQuantityMax: 5 });
    first.send({
      type: 'ADD_ITEM',
      item: { item: ticket, quantity: 1, delivery: 'DEMATERIALIZED' },
      viewer: visitor,
    });
    await idle(first);
    const second = open();
    await idle(second);
    first.send({
      type: 'ADD_ITEM',
      item: { item: ticket, quantity: 2, delivery: 'DEMATERIALIZED' },
      viewer: visitor,
    });
    await idle(first);
    await waitFor(second, (snapshot) => snapshot.context.items[0]?.quantity === 3);

    // The first tab places the order and leaves for the provider: the second keeps the lines.
    first.send({ type: 'ORDER_IN_FLIGHT', reference: REFERENCE });
    await waitFor(second, (snapshot) => snapshot.context.orderInFlight === REFERENCE);
    expect(second.getSnapshot().context.items).toHaveLength(1);

    // Paid: the first empties its cart, and so does the second, which knows the order that paid it.
    first.send({ type: 'CLEAR', paidOrder: REFERENCE });
    await waitFor(second, (snapshot) => snapshot.context.items.length === 0);
    expect(second.getSnapshot().context).toMatchObject({ paidOrder: REFERENCE, orderInFlight: null });
    // A new line starts a new cart, in both tabs.
    second.send({
      type: 'ADD_ITEM',
      item: { item: ticket, quantity: 1, delivery: 'DEMATERIALIZED' },
      viewer: visitor,
    });
    await waitFor(first, (snapshot) => snapshot.context.items.length === 1);
    expect(first.getSnapshot().context.paidOrder).toBeNull();
  });

  it('a payment refused in one tab leaves the cart whole in both, the order forgotten', async () => {
    const { open, idle } = browser();
    const first = open();
    first.send({
      type: 'ADD_ITEM',
      item: { item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' },
      viewer: visitor,
    });
    await idle(first);
    const second = open();
    await idle(second);
    first.send({ type: 'ORDER_IN_FLIGHT', reference: REFERENCE });
    await waitFor(second, (snapshot) => snapshot.context.orderInFlight === REFERENCE);
    first.send({ type: 'ORDER_NOT_TAKEN', reference: REFERENCE });
    await waitFor(second, (snapshot) => snapshot.context.orderInFlight === null);
    expect(second.getSnapshot().context.items).toHaveLength(1);
    expect(second.getSnapshot().context.paidOrder).toBeNull();
  });
});
