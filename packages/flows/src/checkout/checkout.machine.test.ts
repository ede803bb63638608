import type { ComputeAmountAnswer } from '@transit-shop/sdk/contract/order';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  ACKNOWLEDGE_ATTEMPTS_MAX,
  ACKNOWLEDGE_POLL_MS,
  type CheckoutSnapshot,
  checkoutMachine,
} from './checkout.machine.ts';
import {
  amountToPayFor,
  installmentOptionsFor,
  paymentMethodOptionsFor,
  savedMethodOptionsFor,
} from './checkout-selectors.ts';
import { CHECKOUT_STORAGE_KEY, restoreCheckout, serializeCheckout } from './checkout-storage.ts';
import {
  address,
  amountAnswer,
  appLine,
  cart,
  collectLine,
  customer,
  existingCardLine,
  failure,
  guestCardOnlyAppLine,
  guestSession,
  network,
  newCardLine,
  savedCard,
  savedIban,
  slot,
  visitor,
} from './checkout-test-items.ts';
import type {
  CheckoutCart,
  CheckoutNetwork,
  CheckoutViewer,
  CollectSlot,
  ComputeAmountInput,
  GoToProviderInput,
  LoadCollectSlotsInput,
  OrderStatus,
  PlaceOrderInput,
  PlaceOrderOutput,
  ReadOutcomeInput,
  ReadOutcomeOutput,
} from './checkout-types.ts';

/** One call of an actor, answered at once or by the test when it chooses. */
type Call<Input, Output> = {
  input: Input;
  signal: AbortSignal;
  answer(output: Output): Promise<void>;
  fail(error: unknown): Promise<void>;
};

/** How an actor answers each call: an output, an error, or nothing until the test answers it. */
type Answer<Input, Output> = ((input: Input) => Output | Error) | 'by the test';

function recorded<Input, Output>(answer: Answer<Input, Output>) {
  const calls: Call<Input, Output>[] = [];
  const logic = fromPromise<Output, Input>(({ input, signal }) => {
    let resolve: (output: Output) => void = () => {};
    let reject: (error: unknown) => void = () => {};
    const settled = new Promise<Output>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // The machine's own handler runs first; awaiting the same promise after it lets it finish.
    const after = () =>
      settled.then(
        () => undefined,
        () => undefined,
      );
    calls.push({
      input,
      signal,
      answer: (output) => {
        resolve(output);
        return after();
      },
      fail: (error) => {
        reject(error);
        return after();
      },
    });
    if (answer !== 'by the test') {
      const output = answer(input);
      if (output instanceof Error) reject(output);
      else resolve(output);
    }
    return settled;
  });
  return { calls, logic };
}

const SLOTS = [slot('10:00'), slot('10:30', true), slot('11:00')];
/** The start of the slot at this time, as CHOOSE_SLOT names it. */
const at = (time: string) => slot(time).start;
const PROVIDER_URL = 'https://pay.example/pay/chk_1';
/** The public reference placeOrder answers (decision 0021). */
const REFERENCE = 'Rf3x_Q9-abcdefghijklmnopqrstuvwxyz0123456789'.slice(0, 43);
const OTHER_REFERENCE = 'O'.repeat(43);

/** What Order/outcome.json answers for an order of this status. */
function outcomeAnswer(status: OrderStatus, orderId = 501): ReadOutcomeOutput {
  const outcome =
    status === 'COMPLETED' || status === 'REGULARIZATION'
      ? 'CONFIRMED'
      : status === 'PROCESSING'
        ? 'PENDING'
        : status === 'ERROR'
          ? 'FAILED'
          : status === 'CANCELED'
            ? 'CANCELLED'
            : null;
  return {
    orderId,
    status,
    outcome,
    paymentStatus: null,
    totalAmount: 200,
    currency: 'EUR',
    paymentMethod: 'CARD',
    installments: 1,
    lines: [{ label: 'Ticket', quantity: 1, totalAmount: 200 }],
    guest: false,
    invoiceEmailHint: null,
    tickets: [],
    createdAt: '2026-11-23T09:00:00.000Z',
  };
}

type Options = {
  network?: CheckoutNetwork;
  viewer?: CheckoutViewer;
  cart?: CheckoutCart;
  saved?: unknown;
  returnedOrder?: string | null;
  orderInFlight?: string | null;
  slots?: Answer<LoadCollectSlotsInput, CollectSlot[]>;
  compute?: Answer<ComputeAmountInput, ComputeAmountAnswer>;
  place?: Answer<PlaceOrderInput, PlaceOrderOutput>;
  goToProvider?: Answer<GoToProviderInput, void>;
  outcome?: Answer<ReadOutcomeInput, ReadOutcomeOutput>;
};

/** A UUID per order key made, in order, so a test can name them. */
const orderKey = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The machine with actors that record each call, as the app provides them with real calls. */
function start(options: Options = {}) {
  const slots = recorded(options.slots ?? (() => SLOTS));
  const compute = recorded(options.compute ?? ((input: ComputeAmountInput) => amountAnswer(input)));
  const place = recorded(
    options.place ??
      (() => ({
        orderId: 501,
        redirectUrl: PROVIDER_URL,
        status: 'PENDING' as const,
        orderReference: REFERENCE,
      })),
  );
  const provider = recorded<GoToProviderInput, void>(options.goToProvider ?? (() => undefined));
  const outcome = recorded(options.outcome ?? (() => outcomeAnswer('COMPLETED')));
  let keys = 0;
  const machine = checkoutMachine.provide({
    actors: {
      loadCollectSlots: slots.logic,
      computeAmount: compute.logic,
      placeOrder: place.logic,
      goToProvider: provider.logic,
      readOutcome: outcome.logic,
    },
  });
  const actor = createActor(machine, {
    input: {
      network: options.network ?? network(),
      viewer: options.viewer ?? customer(),
      cart: options.cart ?? cart([appLine()]),
      saved: options.saved,
      returnedOrder: options.returnedOrder ?? null,
      orderInFlight: options.orderInFlight ?? null,
      createOrderKey: () => {
        keys += 1;
        return orderKey(keys);
      },
    },
  }).start();
  const reach = (state: Parameters<CheckoutSnapshot['matches']>[0]) =>
    waitFor(actor, (snapshot) => snapshot.matches(state));
  const context = () => actor.getSnapshot().context;
  const value = () => actor.getSnapshot().value;
  /** Chooses agency 3 and its slot at this time, and confirms the collect step. */
  const collectAt = async (time: string) => {
    actor.send({ type: 'CHOOSE_AGENCY', siteId: 3 });
    await reach({ collect: 'choosingSlot' });
    actor.send({ type: 'CHOOSE_SLOT', slotStart: at(time) });
    actor.send({ type: 'CONFIRM_COLLECT' });
  };
  /** Presses Pay once the amount to pay is shown. */
  const pay = async () => {
    await reach({ payment: 'ready' });
    actor.send({ type: 'PAY' });
  };
  return { actor, slots, compute, place, provider, outcome, reach, context, value, collectAt, pay };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('checkout machine', () => {
  describe('customer info', () => {
    it('CHK-01 a visitor chooses to continue as guest, log in or sign up', () => {
      const checkout = start({ viewer: visitor, cart: cart([newCardLine()]) });
      const snapshot = checkout.actor.getSnapshot();
      expect(snapshot.value).toBe('customerInfo');
      expect(snapshot.can({ type: 'CONTINUE_AS_GUEST' })).toBe(true);
      expect(snapshot.can({ type: 'LOG_IN' })).toBe(true);
      expect(snapshot.can({ type: 'SIGN_UP' })).toBe(true);
      expect(checkout.compute.calls).toEqual([]);
    });

    it('CHK-01 a signed-in customer skips the customer info step', async () => {
      const checkout = start({ viewer: customer(), cart: cart([appLine()]) });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.context().customer).toMatchObject({ kind: 'customer' });
      expect(checkout.compute.calls).toHaveLength(1);
    });

    it('CHK-01 log in leaves for the login page and comes back signed in', async () => {
      const checkout = start({ viewer: visitor, cart: cart([appLine()]) });
      checkout.actor.send({ type: 'LOG_IN' });
      expect(checkout.value()).toBe('awaitingSignIn');
      expect(checkout.context().authPage).toBe('login');
      checkout.actor.send({ type: 'SIGNED_IN', viewer: customer() });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.context().authPage).toBeNull();
      expect(checkout.context().customer).toMatchObject({ kind: 'customer' });
    });

    it('CHK-01 sign up leaves for the registration page; back returns to the choice', () => {
      const checkout = start({ viewer: visitor, cart: cart([appLine()]) });
      checkout.actor.send({ type: 'SIGN_UP' });
      expect(checkout.value()).toBe('awaitingSignIn');
      expect(checkout.context().authPage).toBe('register');
      checkout.actor.send({ type: 'BACK' });
      expect(checkout.value()).toBe('customerInfo');
      expect(checkout.context().authPage).toBeNull();
    });

    it('CHK-01 CHK-07 VAL-06 a guest gives the email the invoice is sent to (required, then an address), then goes on', async () => {
      const checkout = start({ viewer: visitor, cart: cart([existingCardLine()]) });
      checkout.actor.send({ type: 'CONTINUE_AS_GUEST' });
      expect(checkout.value()).toBe('invoiceEmail');
      checkout.actor.send({ type: 'SUBMIT_INVOICE_EMAIL', email: ' ' });
      expect(checkout.value()).toBe('invoiceEmail');
      expect(checkout.context().error).toBe(VALIDATION_MESSAGES.required);
      checkout.actor.send({ type: 'SUBMIT_INVOICE_EMAIL', email: 'ada.example.org' });
      expect(checkout.value()).toBe('invoiceEmail');
      expect(checkout.context().error).toBe(VALIDATION_MESSAGES.email);
      checkout.actor.send({ type: 'SUBMIT_INVOICE_EMAIL', email: ' ada@example.org ' });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.context().customer).toEqual({ kind: 'guest', invoiceEmail: 'ada@example.org' });
      expect(checkout.context().error).toBeNull();
      checkout.actor.send({ type: 'PAY' });
      await checkout.reach('awaitingProvider');
      expect(checkout.place.calls[0]?.input.invoiceEmail).toBe('ada@example.org');
    });

    it('NET-03 continue as guest is refused when the network’s has_guest_orders is 0', () => {
      const checkout = start({
        viewer: visitor,
        network: network({ has_guest_orders: 0 }),
        cart: cart([newCardLine()]),
      });
      checkout.actor.send({ type: 'CONTINUE_AS_GUEST' });
      expect(checkout.value()).toBe('customerInfo');
      expect(checkout.context().error).toBe('GUEST_ORDER_NOT_ALLOWED');
      expect(checkout.actor.getSnapshot().can({ type: 'LOG_IN' })).toBe(true);
    });

    it('CHK-02 a guest above the maximum order amount is asked to log in or sign up', () => {
      const checkout = start({
        viewer: visitor,
        network: network({ guestMaxOrderAmount: 5000 }),
        cart: cart([newCardLine()], { totalAmount: 5001 }),
      });
      checkout.actor.send({ type: 'CONTINUE_AS_GUEST' });
      expect(checkout.value()).toBe('customerInfo');
      expect(checkout.context().error).toBe('GUEST_AMOUNT_EXCEEDED');
      checkout.actor.send({ type: 'SIGN_UP' });
      expect(checkout.value()).toBe('awaitingSignIn');
      expect(checkout.context().error).toBeNull();
    });

    it('CHK-02 a guest may order exactly the maximum order amount', () => {
      const checkout = start({
        viewer: visitor,
        network: network({ guestMaxOrderAmount: 5000 }),
        cart: cart([newCardLine()], { totalAmount: 5000 }),
      });
      checkout.actor.send({ type: 'CONTINUE_AS_GUEST' });
      expect(checkout.value()).toBe('invoiceEmail');
    });

    it('CHK-03 a guest cannot have an item tagged card-only for guests in the app', () => {
      const checkout = start({ viewer: visitor, cart: cart([newCardLine(), guestCardOnlyAppLine()]) });
      checkout.actor.send({ type: 'CONTINUE_AS_GUEST' });
      expect(checkout.value()).toBe('customerInfo');
      expect(checkout.context().error).toBe('SUPPORT_NOT_OFFERED');
    });

    it('CHK-02 a guest session whose cart is above the maximum is back at the customer info step', () => {
      const checkout = start({ viewer: guestSession(), cart: cart([newCardLine()], { totalAmount: 9000 }) });
      expect(checkout.value()).toBe('customerInfo');
      expect(checkout.context().error).toBe('GUEST_AMOUNT_EXCEEDED');
      expect(checkout.context().customer).toBeNull();
    });

    it('CHK-07 a guest session that gave its invoice email goes on to the delivery steps', () => {
      const checkout = start({ viewer: guestSession('ada@example.org'), cart: cart([newCardLine()]) });
      expect(checkout.value()).toBe('shippingAddress');
      expect(checkout.context().customer).toEqual({ kind: 'guest', invoiceEmail: 'ada@example.org' });
    });

    it('CHK-01 a guest session opened from the auth pages goes on with its invoice email', () => {
      const checkout = start({ viewer: visitor, cart: cart([newCardLine()]) });
      checkout.actor.send({ type: 'LOG_IN' });
      checkout.actor.send({ type: 'SIGNED_IN', viewer: guestSession('ada@example.org') });
      expect(checkout.value()).toBe('shippingAddress');
      expect(checkout.context().customer).toEqual({ kind: 'guest', invoiceEmail: 'ada@example.org' });
    });

    it('CHK-04 an unverified account cannot purchase', () => {
      const checkout = start({ viewer: customer({ verified: false }) });
      expect(checkout.value()).toBe('unverified');
      expect(checkout.actor.getSnapshot().status).toBe('done');
      expect(checkout.compute.calls).toEqual([]);
    });

    it('CHK-04 an account signed in from the customer info step is checked too', () => {
      const checkout = start({ viewer: visitor });
      checkout.actor.send({ type: 'LOG_IN' });
      checkout.actor.send({ type: 'SIGNED_IN', viewer: customer({ verified: false }) });
      expect(checkout.value()).toBe('unverified');
    });

    it('ROUTE-10 an incomplete account is sent to finalize, then goes on once complete', async () => {
      const checkout = start({ viewer: customer({ complete: false }) });
      expect(checkout.value()).toBe('finalizingAccount');
      expect(checkout.compute.calls).toEqual([]);
      checkout.actor.send({ type: 'SIGNED_IN', viewer: customer() });
      await checkout.reach({ payment: 'ready' });
    });
  });

  describe('shipping address', () => {
    it('ACC-02 a new transport card needs a complete shipping address with the addressee', async () => {
      const checkout = start({ viewer: customer(), cart: cart([newCardLine()]) });
      expect(checkout.value()).toBe('shippingAddress');
      checkout.actor.send({ type: 'SUBMIT_ADDRESS', address: { ...address, addressPostalCode: '' } });
      expect(checkout.value()).toBe('shippingAddress');
      expect(checkout.context().error).toBe(VALIDATION_MESSAGES.formRequired);
      checkout.actor.send({ type: 'SUBMIT_ADDRESS', address: { ...address, fullname: ' ' } });
      expect(checkout.value()).toBe('shippingAddress');
      checkout.actor.send({ type: 'SUBMIT_ADDRESS', address });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.context().error).toBeNull();
      checkout.actor.send({ type: 'PAY' });
      await checkout.reach('awaitingProvider');
      expect(checkout.place.calls[0]?.input.delivery).toEqual({ mode: 'SHIPPING', address });
    });

    it('CHK-07 a guest goes back from the shipping address to correct the invoice email, kept', async () => {
      const checkout = start({ viewer: visitor, cart: cart([newCardLine()]) });
      checkout.actor.send({ type: 'CONTINUE_AS_GUEST' });
      checkout.actor.send({ type: 'SUBMIT_INVOICE_EMAIL', email: 'ada@exemple.org' });
      expect(checkout.value()).toBe('shippingAddress');
      checkout.actor.send({ type: 'SUBMIT_ADDRESS', address: { ...address, addressCity: '' } });
      checkout.actor.send({ type: 'BACK' });
      expect(checkout.value()).toBe('invoiceEmail');
      expect(checkout.context()).toMatchObject({
        customer: { kind: 'guest', invoiceEmail: 'ada@exemple.org' },
        error: null,
      });
      checkout.actor.send({ type: 'SUBMIT_INVOICE_EMAIL', email: 'ada@example.org' });
      expect(checkout.value()).toBe('shippingAddress');
      checkout.actor.send({ type: 'SUBMIT_ADDRESS', address });
      await checkout.pay();
      await checkout.reach('awaitingProvider');
      expect(checkout.place.calls[0]?.input.invoiceEmail).toBe('ada@example.org');
    });

    it('the address typed but not submitted is kept as a draft when a guest goes back and returns', async () => {
      const checkout = start({ viewer: visitor, cart: cart([newCardLine()]) });
      checkout.actor.send({ type: 'CONTINUE_AS_GUEST' });
      checkout.actor.send({ type: 'SUBMIT_INVOICE_EMAIL', email: 'ada@exemple.org' });
      const draft = { ...address, addressPostalCode: '', addressState: '' };
      checkout.actor.send({ type: 'ADDRESS_CHANGED', address: draft });
      expect(checkout.context()).toMatchObject({ shippingAddress: draft, error: null });
      checkout.actor.send({ type: 'BACK' });
      expect(checkout.value()).toBe('invoiceEmail');
      checkout.actor.send({ type: 'SUBMIT_INVOICE_EMAIL', email: 'ada@example.org' });
      expect(checkout.value()).toBe('shippingAddress');
      expect(checkout.context()).toMatchObject({ shippingAddress: draft, error: null });
      // A draft is not an address: the step still needs a complete one.
      checkout.actor.send({ type: 'SUBMIT_ADDRESS', address: draft });
      expect(checkout.value()).toBe('shippingAddress');
      expect(checkout.context().error).toBe(VALIDATION_MESSAGES.formRequired);
      checkout.actor.send({ type: 'SUBMIT_ADDRESS', address });
      await checkout.pay();
      await checkout.reach('awaitingProvider');
      expect(checkout.place.calls[0]?.input.delivery).toEqual({ mode: 'SHIPPING', address });
    });

    it('CHK-01 a signed-in customer has no checkout step before the shipping address', () => {
      const checkout = start({ viewer: customer(), cart: cart([newCardLine()]) });
      expect(checkout.value()).toBe('shippingAddress');
      expect(checkout.actor.getSnapshot().can({ type: 'BACK' })).toBe(false);
    });

    it('the account’s address and name fill in the shipping address', () => {
      const { fullname: _fullname, ...accountAddress } = address;
      const checkout = start({
        viewer: customer({ fullname: 'Ada Lovelace', address: accountAddress }),
        cart: cart([newCardLine()]),
      });
      expect(checkout.value()).toBe('shippingAddress');
      expect(checkout.context().shippingAddress).toEqual(address);
    });

    it('an article on a card the buyer holds, or in the app, needs no address', async () => {
      const checkout = start({ cart: cart([existingCardLine(), appLine()]) });
      await checkout.pay();
      await checkout.reach('awaitingProvider');
      expect(checkout.place.calls[0]?.input.delivery).toBeNull();
    });
  });

  describe('click and collect', () => {
    it('CHK-05 without an agency and a slot, collect cannot be confirmed: collect agency missing', () => {
      const checkout = start({ cart: cart([collectLine()]) });
      expect(checkout.value()).toEqual({ collect: 'choosingAgency' });
      checkout.actor.send({ type: 'CONFIRM_COLLECT' });
      expect(checkout.value()).toEqual({ collect: 'choosingAgency' });
      expect(checkout.context().error).toBe('COLLECT_AGENCY_MISSING');
    });

    it('CHK-05 an agency’s slots are loaded; a full slot cannot be chosen; agency and slot lead to payment', async () => {
      const checkout = start({ cart: cart([collectLine()]) });
      checkout.actor.send({ type: 'CHOOSE_AGENCY', siteId: 3 });
      await checkout.reach({ collect: 'choosingSlot' });
      expect(checkout.slots.calls.map((call) => call.input)).toEqual([{ siteId: 3 }]);
      expect(checkout.context().collectSlots).toEqual(SLOTS);
      checkout.actor.send({ type: 'CONFIRM_COLLECT' });
      expect(checkout.context().error).toBe('COLLECT_AGENCY_MISSING');
      checkout.actor.send({ type: 'CHOOSE_SLOT', slotStart: at('10:30') });
      expect(checkout.context().collectSlotStart).toBeNull();
      checkout.actor.send({ type: 'CHOOSE_SLOT', slotStart: at('11:00') });
      expect(checkout.context()).toMatchObject({ collectSlotStart: at('11:00'), error: null });
      checkout.actor.send({ type: 'CONFIRM_COLLECT' });
      await checkout.pay();
      await checkout.reach('awaitingProvider');
      expect(checkout.place.calls[0]?.input.delivery).toEqual({
        mode: 'COLLECT',
        siteId: 3,
        slotStart: at('11:00'),
      });
    });

    it('CHK-05 choosing another agency stops the slots of the first loading', async () => {
      const checkout = start({ cart: cart([collectLine()]), slots: 'by the test' });
      checkout.actor.send({ type: 'CHOOSE_AGENCY', siteId: 3 });
      checkout.actor.send({ type: 'CHOOSE_AGENCY', siteId: 4 });
      const [first, second] = checkout.slots.calls;
      expect(first?.signal.aborted).toBe(true);
      await second?.answer([slot('09:00')]);
      await first?.answer(SLOTS);
      expect(checkout.context()).toMatchObject({ collectSiteId: 4, collectSlots: [slot('09:00')] });
    });

    it('CHK-05 slots that fail to load leave the agency choice with the error', async () => {
      const checkout = start({ cart: cart([collectLine()]), slots: () => failure('SERVICE_UNAVAILABLE') });
      checkout.actor.send({ type: 'CHOOSE_AGENCY', siteId: 3 });
      await checkout.reach({ collect: 'choosingAgency' });
      expect(checkout.context().error).toBe('SERVICE_UNAVAILABLE');
    });

    it('CHK-05 a slot that became full goes back to the slot choice with the error, slots loaded again', async () => {
      let placed = 0;
      const checkout = start({
        cart: cart([collectLine()]),
        place: () => {
          placed += 1;
          return placed === 1
            ? failure('COLLECT_SLOT_FULL')
            : { orderId: 501, redirectUrl: PROVIDER_URL, status: 'PENDING', orderReference: REFERENCE };
        },
      });
      await checkout.collectAt('10:00');
      await checkout.pay();
      await checkout.reach({ collect: 'choosingSlot' });
      expect(checkout.context()).toMatchObject({
        error: 'COLLECT_SLOT_FULL',
        collectSlotStart: null,
        collectSiteId: 3,
      });
      expect(checkout.slots.calls).toHaveLength(2);
      checkout.actor.send({ type: 'CHOOSE_SLOT', slotStart: at('11:00') });
      checkout.actor.send({ type: 'CONFIRM_COLLECT' });
      await checkout.pay();
      await checkout.reach('awaitingProvider');
      const [first, second] = checkout.place.calls;
      expect(second?.input.delivery).toEqual({ mode: 'COLLECT', siteId: 3, slotStart: at('11:00') });
      // Another slot is another order: it takes a new key.
      expect(second?.input.orderKey).not.toBe(first?.input.orderKey);
    });

    it('CHK-05 collect agency missing from the server goes back to the agency choice', async () => {
      const checkout = start({ cart: cart([collectLine()]), place: () => failure('COLLECT_AGENCY_MISSING') });
      await checkout.collectAt('10:00');
      await checkout.pay();
      await checkout.reach({ collect: 'choosingSlot' });
      expect(checkout.context().error).toBe('COLLECT_AGENCY_MISSING');
    });

    it('CHK-05 an order with a collected article is collected whole: its new card waits at the agency too', async () => {
      const checkout = start({ cart: cart([newCardLine(), collectLine()]) });
      expect(checkout.value()).toEqual({ collect: 'choosingAgency' });
      await checkout.collectAt('10:00');
      await checkout.pay();
      await checkout.reach('awaitingProvider');
      expect(checkout.place.calls[0]?.input.delivery).toEqual({
        mode: 'COLLECT',
        siteId: 3,
        slotStart: at('10:00'),
      });
    });

    it('back goes to the previous step with its choices kept, and stops the computation in flight', async () => {
      const collected = start({ cart: cart([collectLine()]), compute: 'by the test' });
      await collected.collectAt('11:00');
      expect(collected.value()).toEqual({ payment: 'computing' });
      collected.actor.send({ type: 'BACK' });
      expect(collected.compute.calls[0]?.signal.aborted).toBe(true);
      await collected.reach({ collect: 'choosingSlot' });
      expect(collected.context()).toMatchObject({ collectSiteId: 3, collectSlotStart: at('11:00') });

      const posted = start({ cart: cart([newCardLine()]) });
      posted.actor.send({ type: 'SUBMIT_ADDRESS', address });
      await posted.reach({ payment: 'ready' });
      posted.actor.send({ type: 'BACK' });
      expect(posted.value()).toBe('shippingAddress');
      expect(posted.context().shippingAddress).toEqual(address);
    });

    it('payment is the first step of a cart with nothing to deliver: back is the page’s, to the cart', async () => {
      const checkout = start({ cart: cart([appLine()]) });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.actor.getSnapshot().can({ type: 'BACK' })).toBe(false);
    });

    it('CHK-07 a guest goes back from payment to the invoice email when the cart has nothing to deliver', async () => {
      const checkout = start({ viewer: visitor, cart: cart([appLine()]) });
      checkout.actor.send({ type: 'CONTINUE_AS_GUEST' });
      checkout.actor.send({ type: 'SUBMIT_INVOICE_EMAIL', email: 'ada@exemple.org' });
      await checkout.reach({ payment: 'ready' });
      checkout.actor.send({ type: 'BACK' });
      expect(checkout.value()).toBe('invoiceEmail');
      expect(checkout.context().customer).toMatchObject({ kind: 'guest', invoiceEmail: 'ada@exemple.org' });
    });

    it('CHK-05 CHK-07 a guest goes back from click and collect to the invoice email, agency and slot kept', async () => {
      const checkout = start({ viewer: visitor, cart: cart([collectLine()]) });
      checkout.actor.send({ type: 'CONTINUE_AS_GUEST' });
      checkout.actor.send({ type: 'SUBMIT_INVOICE_EMAIL', email: 'ada@exemple.org' });
      checkout.actor.send({ type: 'CHOOSE_AGENCY', siteId: 3 });
      await checkout.reach({ collect: 'choosingSlot' });
      checkout.actor.send({ type: 'CHOOSE_SLOT', slotStart: at('11:00') });
      checkout.actor.send({ type: 'BACK' });
      expect(checkout.value()).toBe('invoiceEmail');
      checkout.actor.send({ type: 'SUBMIT_INVOICE_EMAIL', email: 'ada@example.org' });
      await checkout.reach({ collect: 'choosingSlot' });
      expect(checkout.context()).toMatchObject({ collectSiteId: 3, collectSlotStart: at('11:00') });
    });

    it('CHK-05 a signed-in customer has no checkout step before click and collect', () => {
      const checkout = start({ viewer: customer(), cart: cart([collectLine()]) });
      expect(checkout.value()).toEqual({ collect: 'choosingAgency' });
      expect(checkout.actor.getSnapshot().can({ type: 'BACK' })).toBe(false);
    });
  });

  describe('payment', () => {
    it('NET-05 PAY-02 the instalment counts are the network’s the cart allows; the smallest is chosen first', async () => {
      const checkout = start({
        network: network({ multiple_payment_installments: [1, 3, 10] }),
        cart: cart([appLine()], { paymentOptions: { installments: [1, 3], paymentMethods: ['CARD'] } }),
      });
      await checkout.reach({ payment: 'ready' });
      const snapshot = checkout.actor.getSnapshot();
      expect(installmentOptionsFor(snapshot)).toEqual([1, 3]);
      expect(checkout.context().installments).toBe(1);
      expect(snapshot.can({ type: 'CHOOSE_INSTALLMENTS', count: 10 })).toBe(false);
      expect(snapshot.can({ type: 'CHOOSE_INSTALLMENTS', count: 3 })).toBe(true);
    });

    it('NET-04 CARD always; TRANSFER only when the network enables it', async () => {
      const items = cart([appLine()], {
        paymentOptions: { installments: [1], paymentMethods: ['CARD', 'TRANSFER'] },
      });
      const withTransfer = start({ cart: items });
      await withTransfer.reach({ payment: 'ready' });
      expect(paymentMethodOptionsFor(withTransfer.actor.getSnapshot())).toEqual(['CARD', 'TRANSFER']);
      const cardOnly = start({ cart: items, network: network({ payment: { transfer_enabled: false } }) });
      await cardOnly.reach({ payment: 'ready' });
      expect(paymentMethodOptionsFor(cardOnly.actor.getSnapshot())).toEqual(['CARD']);
      expect(cardOnly.actor.getSnapshot().can({ type: 'CHOOSE_PAYMENT_METHOD', method: 'TRANSFER' })).toBe(
        false,
      );
      expect(cardOnly.context().paymentMethod).toBe('CARD');
    });

    it('PAY-01 a customer is offered the saved card and bank account, not a locked card', async () => {
      const checkout = start({ viewer: customer() });
      await checkout.reach({ payment: 'ready' });
      const snapshot = checkout.actor.getSnapshot();
      expect(savedMethodOptionsFor(snapshot)).toEqual([savedCard, savedIban]);
      expect(snapshot.can({ type: 'CHOOSE_PAYMENT_METHOD', method: 'CARD', savedMethodId: 8 })).toBe(false);
      checkout.actor.send({ type: 'CHOOSE_PAYMENT_METHOD', method: 'CARD', savedMethodId: savedCard.id });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.context()).toMatchObject({ paymentMethod: 'CARD', savedMethodId: 7 });
    });

    it('PAY-01 a customer may keep the method for later payments; a guest may not (AUTH-04)', async () => {
      const customerCheckout = start();
      await customerCheckout.reach({ payment: 'ready' });
      customerCheckout.actor.send({ type: 'SAVE_METHOD_CHANGED', save: true });
      customerCheckout.actor.send({ type: 'PAY' });
      await customerCheckout.reach('awaitingProvider');
      expect(customerCheckout.place.calls[0]?.input.saveMethod).toBe(true);
      const guestCheckout = start({ viewer: guestSession(), cart: cart([existingCardLine()]) });
      await guestCheckout.reach({ payment: 'ready' });
      expect(guestCheckout.actor.getSnapshot().can({ type: 'SAVE_METHOD_CHANGED', save: true })).toBe(false);
    });

    it('AUTH-04 PAY-02 a guest pays in one payment', async () => {
      const checkout = start({ viewer: guestSession(), cart: cart([existingCardLine()]) });
      await checkout.reach({ payment: 'ready' });
      expect(installmentOptionsFor(checkout.actor.getSnapshot())).toEqual([1]);
      expect(checkout.actor.getSnapshot().can({ type: 'CHOOSE_INSTALLMENTS', count: 3 })).toBe(false);
    });

    it('AUTH-04 instalments kept from an earlier attempt fall back to one payment for a guest', async () => {
      const saved = {
        version: 1,
        orderKey: orderKey(41),
        orderId: null,
        invoiceEmail: null,
        shippingAddress: null,
        collect: null,
        installments: 3,
        paymentMethod: 'CARD',
        savedMethodId: null,
        saveMethod: true,
      };
      const checkout = start({ viewer: visitor, cart: cart([existingCardLine()]), saved });
      expect(checkout.context().installments).toBe(3);
      checkout.actor.send({ type: 'CONTINUE_AS_GUEST' });
      checkout.actor.send({ type: 'SUBMIT_INVOICE_EMAIL', email: 'ada@example.org' });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.compute.calls[0]?.input.installments).toBe(1);
      expect(checkout.context()).toMatchObject({ installments: 1, saveMethod: false });
    });

    it('AUTH-04 a cart that cannot be paid in one payment needs an account', () => {
      const checkout = start({
        viewer: visitor,
        cart: cart([newCardLine()], { paymentOptions: { installments: [3], paymentMethods: ['CARD'] } }),
      });
      checkout.actor.send({ type: 'CONTINUE_AS_GUEST' });
      expect(checkout.value()).toBe('customerInfo');
      expect(checkout.context().error).toBe('GUEST_PAYMENT_METHOD_NOT_ALLOWED');
    });

    it('AUTH-04 a guest has no saved payment cards', async () => {
      const checkout = start({ viewer: guestSession(), cart: cart([existingCardLine()]) });
      await checkout.reach({ payment: 'ready' });
      const snapshot = checkout.actor.getSnapshot();
      expect(savedMethodOptionsFor(snapshot)).toEqual([]);
      expect(
        snapshot.can({ type: 'CHOOSE_PAYMENT_METHOD', method: 'CARD', savedMethodId: savedCard.id }),
      ).toBe(false);
    });

    it('PAY-02 the total and the schedule are shown before paying', async () => {
      const checkout = start({ compute: (input) => amountAnswer(input, 3001) });
      await checkout.reach({ payment: 'ready' });
      checkout.actor.send({ type: 'CHOOSE_INSTALLMENTS', count: 3 });
      expect(amountToPayFor(checkout.actor.getSnapshot())).toBeNull();
      expect(checkout.actor.getSnapshot().can({ type: 'PAY' })).toBe(false);
      await checkout.reach({ payment: 'ready' });
      expect(checkout.compute.calls.at(-1)?.input).toMatchObject({ installments: 3, paymentMethod: 'CARD' });
      expect(amountToPayFor(checkout.actor.getSnapshot())).toMatchObject({
        totalAmount: 3001,
        installments: 3,
        schedule: [
          { dueDate: '2026-11-23', amount: 1001 },
          { dueDate: '2026-12-23', amount: 1000 },
          { dueDate: '2027-01-23', amount: 1000 },
        ],
      });
      expect(checkout.actor.getSnapshot().can({ type: 'PAY' })).toBe(true);
    });

    it('PAY-02 a change of instalments or method stops the computation in flight; its answer is never applied', async () => {
      const checkout = start({ compute: 'by the test' });
      checkout.actor.send({ type: 'CHOOSE_INSTALLMENTS', count: 3 });
      checkout.actor.send({ type: 'CHOOSE_PAYMENT_METHOD', method: 'TRANSFER' });
      const [first, second, third] = checkout.compute.calls;
      expect(checkout.compute.calls).toHaveLength(3);
      expect(first?.signal.aborted).toBe(true);
      expect(second?.signal.aborted).toBe(true);
      expect(third?.input).toMatchObject({ installments: 3, paymentMethod: 'TRANSFER' });
      await third?.answer(amountAnswer(third.input, 3000));
      await second?.answer(amountAnswer(second.input, 9999));
      await first?.answer(amountAnswer(first.input, 8888));
      expect(checkout.value()).toEqual({ payment: 'ready' });
      expect(checkout.context().amount).toMatchObject({ totalAmount: 3000, paymentMethod: 'TRANSFER' });
    });

    it('PAY-04 a cart that shares no instalment count with the network goes back to the cart', () => {
      const checkout = start({ network: network({ multiple_payment_installments: [4] }) });
      expect(checkout.value()).toBe('backToCart');
      expect(checkout.context().error).toBe('INCOMPATIBLE_INSTALLMENTS');
    });

    it('PAY-04 a cart whose only method the network does not enable goes back to the cart', () => {
      const checkout = start({
        network: network({ payment: { transfer_enabled: false } }),
        cart: cart([appLine()], { paymentOptions: { installments: [1], paymentMethods: ['TRANSFER'] } }),
      });
      expect(checkout.value()).toBe('backToCart');
      expect(checkout.context().error).toBe('INCOMPATIBLE_PAYMENT_METHODS');
    });

    it('PAY-04 incompatible instalments answered by computeAmount stay at the payment step to choose again', async () => {
      const checkout = start({
        compute: (input) =>
          input.installments === 3 ? failure('INCOMPATIBLE_INSTALLMENTS') : amountAnswer(input),
      });
      await checkout.reach({ payment: 'ready' });
      checkout.actor.send({ type: 'CHOOSE_INSTALLMENTS', count: 3 });
      await waitFor(checkout.actor, (s) => s.context.error !== null);
      expect(checkout.value()).toEqual({ payment: 'ready' });
      expect(checkout.context()).toMatchObject({ error: 'INCOMPATIBLE_INSTALLMENTS', amount: null });
      expect(checkout.actor.getSnapshot().can({ type: 'PAY' })).toBe(false);
      checkout.actor.send({ type: 'CHOOSE_INSTALLMENTS', count: 1 });
      await waitFor(checkout.actor, (s) => s.context.amount !== null);
      expect(checkout.context().error).toBeNull();
    });

    it('a computation that failed is asked again', async () => {
      let calls = 0;
      const checkout = start({
        compute: (input) => {
          calls += 1;
          return calls === 1 ? failure('TIMEOUT') : amountAnswer(input);
        },
      });
      await waitFor(checkout.actor, (s) => s.context.error === 'TIMEOUT');
      checkout.actor.send({ type: 'RECOMPUTE' });
      await waitFor(checkout.actor, (s) => s.context.amount !== null);
      expect(checkout.context().error).toBeNull();
    });

    it.each([
      ['VOUCHER_EXPIRED', 'backToCart'],
      ['GUEST_AMOUNT_EXCEEDED', 'customerInfo'],
    ] as const)('spec 02 §8 %s answered by computeAmount goes to %s', async (code, state) => {
      const checkout = start({
        viewer: guestSession(),
        cart: cart([existingCardLine()]),
        compute: () => failure(code),
      });
      await checkout.reach(state);
      expect(checkout.context().error).toBe(code);
    });
  });

  describe('placing the order', () => {
    it('a double submit of Pay makes one placeOrder call with one orderKey', async () => {
      const checkout = start({ place: 'by the test' });
      await checkout.pay();
      checkout.actor.send({ type: 'PAY' });
      expect(checkout.value()).toBe('placingOrder');
      expect(checkout.place.calls).toHaveLength(1);
      expect(checkout.place.calls[0]?.input).toMatchObject({
        orderKey: orderKey(1),
        installments: 1,
        paymentMethod: 'CARD',
        savedPaymentMethodId: null,
        saveMethod: false,
        delivery: null,
        invoiceEmail: null,
      });
      expect(checkout.place.calls[0]?.input.articles).toHaveLength(1);
    });

    it('Pay again after a lost answer sends the same orderKey, so the server makes one order', async () => {
      let placed = 0;
      const checkout = start({
        place: () => {
          placed += 1;
          return placed === 1
            ? failure('TIMEOUT')
            : {
                orderId: 501,
                redirectUrl: PROVIDER_URL,
                status: 'PENDING' as const,
                orderReference: REFERENCE,
              };
        },
      });
      await checkout.pay();
      await waitFor(checkout.actor, (s) => s.context.error === 'TIMEOUT');
      expect(checkout.value()).toEqual({ payment: 'ready' });
      checkout.actor.send({ type: 'PAY' });
      await checkout.reach('awaitingProvider');
      expect(checkout.place.calls.map((call) => call.input.orderKey)).toEqual([orderKey(1), orderKey(1)]);
    });

    it('a choice changed after the key was sent makes another order: a new key', async () => {
      const checkout = start({ place: () => failure('PAYMENT_UNEXPECTED_ERROR') });
      await checkout.pay();
      await waitFor(checkout.actor, (s) => s.context.error === 'PAYMENT_UNEXPECTED_ERROR');
      checkout.actor.send({ type: 'CHOOSE_INSTALLMENTS', count: 3 });
      await checkout.pay();
      await waitFor(checkout.actor, (s) => s.matches({ payment: 'ready' }) && s.context.error !== null);
      expect(checkout.place.calls.map((call) => call.input.orderKey)).toEqual([orderKey(1), orderKey(2)]);
    });

    it('the order id placeOrder answers is kept with the attempt as the browser goes to the provider', async () => {
      const checkout = start({ cart: cart([newCardLine()]) });
      checkout.actor.send({ type: 'SUBMIT_ADDRESS', address });
      await checkout.pay();
      await checkout.reach('awaitingProvider');
      expect(checkout.provider.calls.map((call) => call.input)).toEqual([
        {
          url: PROVIDER_URL,
          attempt: {
            version: 1,
            orderKey: orderKey(1),
            orderId: 501,
            orderReference: REFERENCE,
            invoiceEmail: null,
            shippingAddress: address,
            collect: null,
            installments: 1,
            paymentMethod: 'CARD',
            savedMethodId: null,
            saveMethod: false,
          },
        },
      ]);
      expect(serializeCheckout(checkout.actor.getSnapshot())).toEqual(
        checkout.provider.calls[0]?.input.attempt,
      );
    });

    it('PAY-01 a saved card charged by the server needs no redirect: the confirmed popup', async () => {
      const checkout = start({
        place: () => ({ orderId: 502, redirectUrl: null, status: 'COMPLETED', orderReference: REFERENCE }),
      });
      await checkout.reach({ payment: 'ready' });
      checkout.actor.send({ type: 'CHOOSE_PAYMENT_METHOD', method: 'CARD', savedMethodId: savedCard.id });
      await checkout.pay();
      await checkout.reach('confirmed');
      expect(checkout.place.calls[0]?.input.savedPaymentMethodId).toBe(savedCard.id);
      expect(checkout.provider.calls).toEqual([]);
      expect(checkout.outcome.calls).toEqual([]);
      expect(checkout.context().orderId).toBe(502);
    });

    it('a zero total needs no redirect: the confirmed popup', async () => {
      const checkout = start({
        compute: (input) => amountAnswer(input, 0),
        place: () => ({ orderId: 503, redirectUrl: null, status: 'COMPLETED', orderReference: REFERENCE }),
      });
      await checkout.pay();
      await checkout.reach('confirmed');
      expect(checkout.provider.calls).toEqual([]);
    });

    it('PAY-03 a saved card the provider refuses shows the failed popup', async () => {
      const checkout = start({ place: () => failure('PAYMENT_REFUSED') });
      await checkout.pay();
      await checkout.reach('failed');
      expect(checkout.context().error).toBe('PAYMENT_REFUSED');
    });

    it('a redirect that fails stays at the payment step with the unexpected error', async () => {
      const checkout = start({ goToProvider: () => new Error('navigation blocked') });
      await checkout.pay();
      await waitFor(checkout.actor, (s) => s.context.error !== null);
      expect(checkout.value()).toEqual({ payment: 'ready' });
      expect(checkout.context().error).toBe('PAYMENT_UNEXPECTED_ERROR');
    });

    it.each([
      ['INVALID_DOCUMENT', 'backToCart', ''],
      ['PRODUCT_ALREADY_IN_CART', 'backToCart', ''],
      ['WRONG_QUANTITY', 'backToCart', ''],
      ['SUBSCRIPTION_CART_NOT_ALONE', 'backToCart', ''],
      ['GUEST_ORDER_NOT_ALLOWED', 'customerInfo', ''],
      ['GUEST_AMOUNT_EXCEEDED', 'customerInfo', ' (CHK-02)'],
      ['SUPPORT_NOT_OFFERED', 'customerInfo', ''],
      ['INCOMPATIBLE_INSTALLMENTS', { payment: 'ready' }, ' (PAY-04)'],
      ['INCOMPATIBLE_PAYMENT_METHODS', { payment: 'ready' }, ' (PAY-04)'],
      ['PAYMENT_UNEXPECTED_ERROR', { payment: 'ready' }, ''],
      ['PAYMENT_REFUSED', 'failed', ' (PAY-03)'],
      ['PAYMENT_CANCELLED', 'cancelled', ' (PAY-03)'],
      ['INVOICE_EMAIL_MISSING', 'invoiceEmail', ''],
    ] as const)('%s from placeOrder sends a guest to %o%s', async (code, state, _rule) => {
      const checkout = start({
        viewer: guestSession(),
        cart: cart([existingCardLine()]),
        place: () => failure(code),
      });
      await checkout.pay();
      await waitFor(checkout.actor, (s) => s.context.error === code);
      expect(checkout.value()).toEqual(state);
    });

    it('CHK-04 an account the server finds unverified cannot purchase', async () => {
      const checkout = start({ place: () => failure('ACCOUNT_NOT_VERIFIED') });
      await checkout.pay();
      await checkout.reach('unverified');
      expect(checkout.actor.getSnapshot().status).toBe('done');
    });

    it('an address the server finds incomplete is asked again', async () => {
      const checkout = start({
        cart: cart([newCardLine()]),
        place: () => failure('SHIPPING_ADDRESS_INCOMPLETE'),
      });
      checkout.actor.send({ type: 'SUBMIT_ADDRESS', address });
      await checkout.pay();
      await checkout.reach('shippingAddress');
      expect(checkout.context()).toMatchObject({
        error: 'SHIPPING_ADDRESS_INCOMPLETE',
        shippingAddress: address,
      });
    });

    it('a guest whose invoice email the server misses gives it again, the email given kept', async () => {
      const checkout = start({
        viewer: guestSession(),
        cart: cart([existingCardLine()]),
        place: () => failure('INVOICE_EMAIL_MISSING'),
      });
      await checkout.pay();
      await checkout.reach('invoiceEmail');
      expect(checkout.context().customer).toEqual({ kind: 'guest', invoiceEmail: 'ada@example.org' });
      checkout.actor.send({ type: 'SUBMIT_INVOICE_EMAIL', email: 'ada@example.org' });
      await checkout.reach({ payment: 'ready' });
    });

    it('a key the server holds for another cart is replaced: Pay again places the order', async () => {
      let placed = 0;
      const checkout = start({
        place: () => {
          placed += 1;
          return placed === 1
            ? failure('ORDER_KEY_REUSED')
            : { orderId: 501, redirectUrl: PROVIDER_URL, status: 'PENDING', orderReference: REFERENCE };
        },
      });
      await checkout.pay();
      await waitFor(checkout.actor, (s) => s.context.error === 'ORDER_KEY_REUSED');
      checkout.actor.send({ type: 'PAY' });
      await checkout.reach('awaitingProvider');
      expect(checkout.place.calls.map((call) => call.input.orderKey)).toEqual([orderKey(1), orderKey(2)]);
    });

    it('PAY-01 a saved method the server does not know is dropped: Pay again goes to the provider’s page', async () => {
      const checkout = start({
        place: (input) =>
          input.savedPaymentMethodId !== null
            ? failure('SAVED_METHOD_NOT_FOUND')
            : { orderId: 501, redirectUrl: PROVIDER_URL, status: 'PENDING', orderReference: REFERENCE },
      });
      await checkout.reach({ payment: 'ready' });
      checkout.actor.send({ type: 'CHOOSE_PAYMENT_METHOD', method: 'CARD', savedMethodId: savedCard.id });
      await checkout.pay();
      await waitFor(checkout.actor, (s) => s.context.error === 'SAVED_METHOD_NOT_FOUND');
      expect(checkout.context().savedMethodId).toBeNull();
      checkout.actor.send({ type: 'PAY' });
      await checkout.reach('awaitingProvider');
    });

    it('INVALID_DOCUMENT from placeOrder ends the checkout back at the cart', async () => {
      const checkout = start({ place: () => failure('INVALID_DOCUMENT') });
      await checkout.pay();
      await checkout.reach('backToCart');
      expect(checkout.actor.getSnapshot().status).toBe('done');
      expect(checkout.context().error).toBe('INVALID_DOCUMENT');
    });

    it('an error without a code is the payment’s unexpected error', async () => {
      const checkout = start({ place: () => new Error('socket hang up') });
      await checkout.pay();
      await waitFor(checkout.actor, (s) => s.context.error !== null);
      expect(checkout.context().error).toBe('PAYMENT_UNEXPECTED_ERROR');
    });
  });

  describe('the repeat-order question', () => {
    it('lines bought minutes ago: the buyer is asked, and buying again places the order with the confirmation', async () => {
      let placed = 0;
      const checkout = start({
        place: () => {
          placed += 1;
          return placed === 1
            ? Object.assign(failure('ORDER_ALREADY_BOUGHT'), { details: { boughtMinutesAgo: 4 } })
            : { orderId: 502, redirectUrl: PROVIDER_URL, status: 'PENDING', orderReference: REFERENCE };
        },
      });
      await checkout.pay();
      await checkout.reach('confirmingRepeat');
      expect(checkout.context()).toMatchObject({ repeatMinutes: 4, error: null });
      expect(checkout.provider.calls).toEqual([]);
      checkout.actor.send({ type: 'BUY_AGAIN' });
      await checkout.reach('awaitingProvider');
      expect(checkout.place.calls.map((call) => [call.input.orderKey, call.input.confirmRepeat])).toEqual([
        [orderKey(1), false],
        [orderKey(1), true],
      ]);
    });

    it('the buyer who does not buy again stays at the payment step, nothing placed', async () => {
      const checkout = start({
        place: () => Object.assign(failure('ORDER_ALREADY_BOUGHT'), { details: { boughtMinutesAgo: 12 } }),
      });
      await checkout.pay();
      await checkout.reach('confirmingRepeat');
      checkout.actor.send({ type: 'CANCEL_REPEAT' });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.context().repeatMinutes).toBeNull();
      expect(checkout.place.calls).toHaveLength(1);
      expect(checkout.provider.calls).toEqual([]);
    });
  });

  describe('a cart paid in another tab (decision 0039)', () => {
    it('a tab at the payment step hears that another tab paid the cart: it shows that order, and nothing is placed here', async () => {
      const checkout = start({ outcome: () => outcomeAnswer('COMPLETED', 777) });
      await checkout.reach({ payment: 'ready' });
      checkout.actor.send({ type: 'CART_PAID_ELSEWHERE', orderReference: OTHER_REFERENCE });
      await checkout.reach('confirmed');
      expect(checkout.outcome.calls.map((call) => call.input)).toEqual([{ orderReference: OTHER_REFERENCE }]);
      expect(checkout.context()).toMatchObject({
        orderId: 777,
        paidElsewhere: true,
        orderReference: OTHER_REFERENCE,
      });
      expect(checkout.place.calls).toEqual([]);
      expect(checkout.provider.calls).toEqual([]);
    });

    it('a tab that has placed its own order goes on with it when it hears of another', async () => {
      const checkout = start();
      await checkout.pay();
      await checkout.reach('awaitingProvider');
      checkout.actor.send({ type: 'CART_PAID_ELSEWHERE', orderReference: OTHER_REFERENCE });
      expect(checkout.value()).toBe('awaitingProvider');
      expect(checkout.context().paidElsewhere).toBe(false);
    });

    it('ORDER_ALREADY_BOUGHT naming the order that paid the cart: it is shown on asking, before any second charge', async () => {
      const checkout = start({
        place: () =>
          Object.assign(failure('ORDER_ALREADY_BOUGHT'), {
            details: {
              boughtMinutesAgo: 3,
              boughtAt: '2026-11-23T09:04:00.000Z',
              boughtOrderId: 777,
              boughtOrderReference: OTHER_REFERENCE,
            },
          }),
        outcome: () => outcomeAnswer('COMPLETED', 777),
      });
      await checkout.pay();
      await checkout.reach('confirmingRepeat');
      expect(checkout.context().repeatOrder).toEqual({
        orderId: 777,
        orderReference: OTHER_REFERENCE,
        boughtAt: '2026-11-23T09:04:00.000Z',
      });
      checkout.actor.send({ type: 'SHOW_PAID_ORDER' });
      await checkout.reach('confirmed');
      expect(checkout.context()).toMatchObject({ orderId: 777, paidElsewhere: true });
      expect(checkout.place.calls).toHaveLength(1);
      expect(checkout.provider.calls).toEqual([]);
    });
  });

  describe('back from the provider', () => {
    /** Paid on the provider's page with the defaults: the browser went there. */
    async function paidAtProvider(options: Options = {}) {
      const checkout = start(options);
      await checkout.pay();
      await checkout.reach('awaitingProvider');
      return checkout;
    }

    it('PAY-03 the return address carries the order reference: its outcome shows, whatever tab it opens in', async () => {
      const checkout = start({ cart: cart([]), viewer: visitor, returnedOrder: REFERENCE });
      await checkout.reach('confirmed');
      expect(checkout.outcome.calls.map((call) => call.input)).toEqual([{ orderReference: REFERENCE }]);
      expect(checkout.context()).toMatchObject({ orderId: 501, orderStatus: 'COMPLETED' });
      expect(checkout.context().outcome?.lines).toEqual([{ label: 'Ticket', quantity: 1, totalAmount: 200 }]);
      expect(checkout.compute.calls).toEqual([]);
      expect(checkout.place.calls).toEqual([]);
      expect(checkout.actor.getSnapshot().status).toBe('done');
    });

    it.each([
      ['PROCESSING', 'pending'],
      ['REGULARIZATION', 'confirmed'],
      ['ERROR', 'failed'],
      ['CANCELED', 'cancelled'],
    ] as const)(
      'PAY-03 an order %s read from the return address shows the %s popup',
      async (status, state) => {
        const checkout = start({ returnedOrder: REFERENCE, outcome: () => outcomeAnswer(status) });
        await checkout.reach(state);
      },
    );

    it('the return address’s reference goes before the tab’s attempt and the cart’s', async () => {
      const checkout = start({
        returnedOrder: REFERENCE,
        orderInFlight: OTHER_REFERENCE,
        saved: { ...restoreCheckout(savedAttempt(OTHER_REFERENCE)) },
      });
      await checkout.reach('confirmed');
      expect(checkout.outcome.calls.map((call) => call.input.orderReference)).toEqual([REFERENCE]);
    });

    it('an unreadable reference in the address is none: the checkout starts as usual', async () => {
      const checkout = start({ returnedOrder: '12345' });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.outcome.calls).toEqual([]);
    });

    it('a reference of the return address the server does not know is said, back to the cart', async () => {
      const checkout = start({ returnedOrder: REFERENCE, outcome: () => failure('ORDER_NOT_FOUND') });
      await checkout.reach('backToCart');
      expect(checkout.context().error).toBe('ORDER_NOT_FOUND');
    });

    it('PAY-03 a payment the provider has not reported yet is asked again until COMPLETED', async () => {
      vi.useFakeTimers();
      const statuses = ['PENDING', 'PENDING', 'COMPLETED'] as const;
      let asked = 0;
      const checkout = start({
        returnedOrder: REFERENCE,
        outcome: () => outcomeAnswer(statuses[Math.min(asked++, statuses.length - 1)] ?? 'COMPLETED'),
      });
      await waitFor(checkout.actor, (s) => s.matches({ confirming: 'waiting' }));
      expect(checkout.outcome.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(ACKNOWLEDGE_POLL_MS - 1);
      expect(checkout.outcome.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(checkout.outcome.calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(ACKNOWLEDGE_POLL_MS);
      await checkout.reach('confirmed');
      expect(checkout.outcome.calls).toHaveLength(3);
    });

    it('a payment never reported is shown as awaiting confirmation after the last ask', async () => {
      vi.useFakeTimers();
      const checkout = start({ returnedOrder: REFERENCE, outcome: () => outcomeAnswer('PENDING') });
      await vi.advanceTimersByTimeAsync(ACKNOWLEDGE_POLL_MS * ACKNOWLEDGE_ATTEMPTS_MAX);
      await checkout.reach('pending');
      expect(checkout.outcome.calls).toHaveLength(ACKNOWLEDGE_ATTEMPTS_MAX);
    });

    it('a lost answer is asked again', async () => {
      vi.useFakeTimers();
      let asked = 0;
      const checkout = start({
        returnedOrder: REFERENCE,
        outcome: () => (asked++ === 0 ? failure('CONNECTION_ERROR') : outcomeAnswer('COMPLETED')),
      });
      await waitFor(checkout.actor, (s) => s.matches({ confirming: 'waiting' }));
      await vi.advanceTimersByTimeAsync(ACKNOWLEDGE_POLL_MS);
      await checkout.reach('confirmed');
      expect(checkout.outcome.calls).toHaveLength(2);
    });

    it('a saved card still processing on the server is asked about by its reference, without a redirect', async () => {
      vi.useFakeTimers();
      const checkout = start({
        place: () => ({ orderId: 504, redirectUrl: null, status: 'PENDING', orderReference: REFERENCE }),
        outcome: () => outcomeAnswer('COMPLETED', 504),
      });
      await checkout.pay();
      await checkout.reach({ confirming: 'waiting' });
      await vi.advanceTimersByTimeAsync(ACKNOWLEDGE_POLL_MS);
      await checkout.reach('confirmed');
      expect(checkout.outcome.calls.map((call) => call.input)).toEqual([{ orderReference: REFERENCE }]);
    });

    it('a page back from the browser’s cache after paying elsewhere shows the confirmation', async () => {
      const checkout = await paidAtProvider();
      checkout.actor.send({ type: 'PAGE_RESTORED' });
      await checkout.reach('confirmed');
      expect(checkout.outcome.calls.map((call) => call.input)).toEqual([{ orderReference: REFERENCE }]);
    });

    it('a page back from the browser’s cache before paying goes on at the payment step with the same key', async () => {
      const checkout = await paidAtProvider({ outcome: () => outcomeAnswer('PENDING') });
      checkout.actor.send({ type: 'PAGE_RESTORED' });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.context()).toMatchObject({ orderReference: null, orderKey: orderKey(1) });
      checkout.actor.send({ type: 'PAY' });
      await checkout.reach('awaitingProvider');
      expect(checkout.place.calls.map((call) => call.input.orderKey)).toEqual([orderKey(1), orderKey(1)]);
    });

    it('retry starts a new attempt with a new orderKey, keeping the customer info and collect choice', async () => {
      const checkout = start({
        viewer: guestSession('ada@example.org'),
        cart: cart([newCardLine(), collectLine()]),
        outcome: () => outcomeAnswer('CANCELED'),
      });
      await checkout.collectAt('11:00');
      await checkout.reach({ payment: 'ready' });
      checkout.actor.send({ type: 'CHOOSE_PAYMENT_METHOD', method: 'TRANSFER' });
      await checkout.pay();
      await checkout.reach('awaitingProvider');
      checkout.actor.send({ type: 'PAGE_RESTORED' });
      await checkout.reach('cancelled');
      checkout.actor.send({ type: 'RETRY' });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.context()).toMatchObject({
        orderId: null,
        orderStatus: null,
        orderReference: null,
        outcome: null,
        error: null,
        paymentMethod: 'TRANSFER',
      });
      checkout.actor.send({ type: 'PAY' });
      await checkout.reach('awaitingProvider');
      const [first, second] = checkout.place.calls;
      expect(first?.input.orderKey).toBe(orderKey(1));
      expect(second?.input.orderKey).toBe(orderKey(2));
      const { orderKey: _first, ...firstOrder } = first?.input ?? {};
      const { orderKey: _second, ...secondOrder } = second?.input ?? {};
      expect(secondOrder).toEqual(firstOrder);
      expect(secondOrder).toMatchObject({
        invoiceEmail: 'ada@example.org',
        delivery: { mode: 'COLLECT', siteId: 3, slotStart: at('11:00') },
        paymentMethod: 'TRANSFER',
      });
    });

    it('PAY-03 a refused order read on a device without the cart offers no retry', async () => {
      const checkout = start({
        cart: cart([]),
        returnedOrder: REFERENCE,
        outcome: () => outcomeAnswer('ERROR'),
      });
      await checkout.reach('failed');
      expect(checkout.actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
    });
  });

  describe('the attempt and the cart’s order in flight', () => {
    it('a reload of this tab after paying shows the outcome of the attempt’s order, not the address form', async () => {
      const checkout = start({ cart: cart([newCardLine()]), saved: savedAttempt(REFERENCE) });
      await checkout.reach('confirmed');
      expect(checkout.outcome.calls.map((call) => call.input)).toEqual([{ orderReference: REFERENCE }]);
      expect(checkout.compute.calls).toEqual([]);
    });

    it('the attempt’s order still on the provider’s page goes on at the payment step with its key and choices', async () => {
      const checkout = start({
        cart: cart([newCardLine()]),
        saved: savedAttempt(REFERENCE, { orderKey: orderKey(41) }),
        outcome: () => outcomeAnswer('PENDING'),
      });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.outcome.calls).toHaveLength(1);
      expect(checkout.context()).toMatchObject({ orderKey: orderKey(41), shippingAddress: address });
      checkout.actor.send({ type: 'PAY' });
      await checkout.reach('awaitingProvider');
      expect(checkout.place.calls[0]?.input.orderKey).toBe(orderKey(41));
    });

    it('the cart’s order paid in another tab: the confirmation shows in this one', async () => {
      const checkout = start({ orderInFlight: REFERENCE });
      await checkout.reach('confirmed');
      expect(checkout.outcome.calls.map((call) => call.input)).toEqual([{ orderReference: REFERENCE }]);
    });

    it('the cart’s order not paid: this tab’s checkout starts from the first step, with a key of its own', async () => {
      const checkout = start({
        viewer: visitor,
        orderInFlight: REFERENCE,
        outcome: () => outcomeAnswer('PENDING'),
      });
      await checkout.reach('customerInfo');
      expect(checkout.context()).toMatchObject({ orderReference: null, orderKey: orderKey(1) });
    });

    it('an order the server no longer knows is dropped: the checkout starts as usual', async () => {
      const checkout = start({ orderInFlight: REFERENCE, outcome: () => failure('ORDER_NOT_FOUND') });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.context().error).toBeNull();
    });

    it('a restored attempt that is retried takes a new key', async () => {
      const checkout = start({
        saved: savedAttempt(REFERENCE, { orderKey: orderKey(41) }),
        outcome: () => outcomeAnswer('ERROR'),
      });
      await checkout.reach('failed');
      checkout.actor.send({ type: 'RETRY' });
      await checkout.reach({ payment: 'ready' });
      expect(checkout.context().orderKey).not.toBe(orderKey(41));
    });

    it('an attempt kept before references existed is still read, without an order to ask about', () => {
      const { orderReference: _reference, ...older } = savedAttempt(REFERENCE);
      expect(restoreCheckout(older)).toMatchObject({ orderReference: null, orderId: 501 });
      const checkout = start({ saved: older });
      expect(checkout.outcome.calls).toEqual([]);
    });

    it('a saved entry that cannot be read starts a new checkout', () => {
      const checkout = start({ saved: '{"version":1,"orderKey":"x"' });
      expect(checkout.value()).toEqual({ payment: 'computing' });
      expect(checkout.context()).toMatchObject({ orderKey: orderKey(1), orderId: null });
    });

    it('the attempt kept before leaving for the provider is read back by a new machine', async () => {
      const before = start({ cart: cart([newCardLine()]) });
      before.actor.send({ type: 'SUBMIT_ADDRESS', address });
      await before.pay();
      await before.reach('awaitingProvider');
      const storage = new Map<string, string>();
      storage.set(CHECKOUT_STORAGE_KEY, JSON.stringify(serializeCheckout(before.actor.getSnapshot())));
      before.actor.stop();
      const after = start({
        cart: cart([newCardLine()]),
        saved: storage.get(CHECKOUT_STORAGE_KEY),
        outcome: 'by the test',
      });
      expect(after.value()).toEqual({ confirming: 'asking' });
      expect(after.context()).toMatchObject({
        orderKey: orderKey(1),
        shippingAddress: address,
        orderReference: REFERENCE,
      });
      await after.outcome.calls[0]?.answer(outcomeAnswer('COMPLETED'));
      expect(after.value()).toBe('confirmed');
    });
  });
});

/** An attempt as the page keeps it in session storage, for the order of this reference. */
function savedAttempt(orderReference: string, extra: Record<string, unknown> = {}) {
  return {
    version: 1,
    orderKey: orderKey(7),
    orderId: 501,
    orderReference,
    invoiceEmail: null,
    shippingAddress: address,
    collect: null,
    installments: 1,
    paymentMethod: 'CARD',
    savedMethodId: null,
    saveMethod: false,
    ...extra,
  };
}
