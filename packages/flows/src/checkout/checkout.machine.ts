// The checkout after the cart (spec 01 §2 "Customer info step", "Shipping address", "Click and
// collect", "Payment"; CHK-01..08, PAY-01..04, NET-03..05, AUTH-04, ROUTE-10; decisions 0018, 0019
// and 0021): who buys, where the cards go, which agency and slot, how it is paid, the order placed
// once (a repeat of lines bought minutes ago only once the buyer confirms it), the trip to the
// payment provider's page and the server's word on the outcome, read by the order's reference in
// whatever tab, browser or device the buyer comes back in.
//
// States (the page shows one screen per state; `snapshot.can(event)` says which buttons work):
//   customerInfo       CHK-01: CONTINUE_AS_GUEST (NET-03, CHK-02, CHK-03), LOG_IN, SIGN_UP
//   awaitingSignIn     the auth page of context.authPage is open; SIGNED_IN { viewer } or BACK
//   finalizingAccount  ROUTE-10: auth/finalize is open; SIGNED_IN { viewer } when it is done
//   invoiceEmail       CHK-07: SUBMIT_INVOICE_EMAIL { email }, or BACK
//   shippingAddress    ADDRESS_CHANGED { address } (the draft, kept when going back), SUBMIT_ADDRESS
//                      { address }; BACK for a guest (to the invoice email; a customer signed in
//                      before goes back to the cart)
//   collect            CHK-05: CHOOSE_AGENCY { siteId } (loads the slots), CHOOSE_SLOT { slotStart },
//                      CONFIRM_COLLECT, BACK for a guest; substates choosingAgency, loadingSlots,
//                      choosingSlot
//   payment            PAY-01/02, PAY-04: CHOOSE_INSTALLMENTS { count }, CHOOSE_PAYMENT_METHOD
//                      { method, savedMethodId }, SAVE_METHOD_CHANGED { save }, RECOMPUTE, BACK;
//                      substates computing, ready (PAY)
//   placingOrder       Order/placeOrder.json under context.orderKey
//   confirmingRepeat   ORDER_ALREADY_BOUGHT: "you bought this N minutes ago" (context.repeatMinutes),
//                      with the order that bought it when the server names it (context.repeatOrder):
//                      SHOW_PAID_ORDER shows it; BUY_AGAIN places the order with confirmRepeat,
//                      CANCEL_REPEAT goes back to payment
//   (any step before the order is placed, or a failed or cancelled one) CART_PAID_ELSEWHERE
//                      { orderReference }: another tab paid the cart; that order is shown
//                      (context.paidElsewhere), nothing is placed here (decision 0039)
//   redirecting        the browser goes to the provider's page (the attempt is kept first)
//   awaitingProvider   the page is left for the provider's; PAGE_RESTORED when the browser shows it
//                      again from its back-forward cache: the order's outcome is asked
//   confirming         Order/outcome.json by context.orderReference; while the provider has not
//                      answered, asked again every ACKNOWLEDGE_POLL_MS after a return from the
//                      provider or a charge of a saved method (context.awaitingWord), otherwise the
//                      attempt goes on at the payment step with its key (resuming)
//   confirmed, pending PAY-03: the confirmed popup; a SEPA debit awaiting confirmation (final)
//   failed, cancelled  PAY-03: the failed (refused) and cancelled popups; RETRY (a new attempt) while
//                      the cart has lines
//   unverified         CHK-04: an unverified account cannot buy (final)
//   backToCart         an error only the cart can put right, in context.error (final); also an
//                      order reference of the return address the server does not know
// Every error the page must say is a code in context.error (the sdk's catalogue, spec 02 §8), or a
// validation message key for a form refused before it is sent.
//
// Input (CheckoutInput, checkout-types.ts): `network` (has_guest_orders, guestMaxOrderAmount,
// multiple_payment_installments, payment.transfer_enabled), `viewer` (visitor; guest session with
// its invoice email; or customer with verified, complete, name, address and saved methods), `cart`
// (the cart machine's lines, vouchers, verified total and common payment options), `saved` (the
// attempt kept under `checkout` in this tab), `returnedOrder` (the `order` reference of the
// provider's return address), `orderInFlight` (the reference the cart remembers) and
// `createOrderKey`. The first of the three references there is decides the order asked about at
// start (decision 0021).
//
// The app provides the actors with `checkoutMachine.provide({ actors })`; their inputs and outputs
// are the types of checkout-types.ts:
//   loadCollectSlots({ siteId }) -> CollectSlot[]
//   computeAmount(ComputeAmountInput) -> ComputeAmountAnswer           (Order/computeAmount.json)
//   placeOrder(PlaceOrderInput) -> { orderId, redirectUrl, status, orderReference }
//                                                                       (Order/placeOrder.json)
//   goToProvider({ url, attempt }) -> void     (saves attempt under `checkout`, then leaves the page)
//   readOutcome({ orderReference }) -> OrderOutcome                     (Order/outcome.json)
// The page also opens the guest session (authAsGuest) before placeOrder for a guest, adds
// `returnUrl` to placeOrder, has the cart remember the order placed, and once the outcome is
// confirmed or pending removes `checkout` from session storage and empties the cart (the cart
// machine's CLEAR).
import {
  installmentOptionsOf,
  invoiceEmailIssueOf,
  isInvoiceEmailValid,
  isShippingAddressComplete,
  needsCollect,
  needsShippingAddress,
  paymentMethodOptionsOf,
  paymentOptionsRefusalOf,
} from '@transit-shop/sdk/checkout/checkout-rules';
import { orderReferenceSchema, paymentOutcomeOf } from '@transit-shop/sdk/contract/checkout';
import type { ComputeAmountAnswer } from '@transit-shop/sdk/contract/order';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { and, assign, fromPromise, not, type SnapshotFrom, setup } from 'xstate';
import { orderArticleOf } from '../cart/verify-order.ts';
import {
  cartGuestRefusalOf,
  checkoutLinesOf,
  collectChoiceOf,
  deliveryOf,
  type ErrorStep,
  errorCodeOf,
  errorStepOf,
  type IdentificationStep,
  identificationStepOf,
  savedMethodOptionsOf,
} from './checkout-rules.ts';
import { restoreCheckout, savedCheckoutOf } from './checkout-storage.ts';
import type {
  CheckoutContext,
  CheckoutCustomer,
  CheckoutInput,
  CheckoutViewer,
  CollectSlot,
  ComputeAmountInput,
  GoToProviderInput,
  LoadCollectSlotsInput,
  OnlinePaymentMethod,
  PlaceOrderInput,
  PlaceOrderOutput,
  ReadOutcomeInput,
  ReadOutcomeOutput,
  RepeatOrder,
  ShippingAddress,
} from './checkout-types.ts';

/** How long the checkout waits before asking the server again for a card payment's outcome. */
export const ACKNOWLEDGE_POLL_MS = 2000;
/**
 * How many times it asks in all (about 30 s): a card's outcome normally arrives within seconds; past
 * that the order is shown as awaiting confirmation, which the server still settles and emails.
 */
export const ACKNOWLEDGE_ATTEMPTS_MAX = 15;

export type CheckoutEvent =
  | { type: 'CONTINUE_AS_GUEST' }
  | { type: 'LOG_IN' }
  | { type: 'SIGN_UP' }
  /** Back from log in, sign up or auth/finalize with the session's viewer. */
  | { type: 'SIGNED_IN'; viewer: CheckoutViewer }
  | { type: 'BACK' }
  | { type: 'SUBMIT_INVOICE_EMAIL'; email: string }
  /** The address as typed so far: kept as the draft, so going back and returning loses nothing. */
  | { type: 'ADDRESS_CHANGED'; address: ShippingAddress }
  | { type: 'SUBMIT_ADDRESS'; address: ShippingAddress }
  | { type: 'CHOOSE_AGENCY'; siteId: number }
  | { type: 'CHOOSE_SLOT'; slotStart: string }
  | { type: 'CONFIRM_COLLECT' }
  | { type: 'CHOOSE_INSTALLMENTS'; count: number }
  | { type: 'CHOOSE_PAYMENT_METHOD'; method: OnlinePaymentMethod; savedMethodId?: number | null }
  | { type: 'SAVE_METHOD_CHANGED'; save: boolean }
  | { type: 'RECOMPUTE' }
  | { type: 'PAY' }
  /** ORDER_ALREADY_BOUGHT: the buyer buys the same lines again, or does not, or sees that order. */
  | { type: 'BUY_AGAIN' }
  | { type: 'SHOW_PAID_ORDER' }
  /** Another tab of the browser paid the cart (the cart remembers the order that emptied it). */
  | { type: 'CART_PAID_ELSEWHERE'; orderReference: string }
  | { type: 'CANCEL_REPEAT' }
  /** The page left for the provider is shown again from the browser's back-forward cache. */
  | { type: 'PAGE_RESTORED' }
  /** After a failed or cancelled payment: a new attempt from the payment step. */
  | { type: 'RETRY' };

const notProvided = (name: string) => () => Promise.reject(new Error(`the app provides the ${name} actor`));

const randomKey = () => globalThis.crypto.randomUUID();

const isGuest = (context: CheckoutContext) => context.customer?.kind === 'guest';

/** The code an error is kept under; an error without one is the payment's unexpected error. */
const errorKeptOf = (error: unknown) => errorCodeOf(error) ?? 'PAYMENT_UNEXPECTED_ERROR';

function computeAmountInputOf(context: CheckoutContext): ComputeAmountInput {
  return {
    articles: context.cart.items.map(orderArticleOf),
    vouchers: [...context.cart.vouchers],
    shippingFeeShopItemId: context.cart.shippingFeeShopItemId ?? null,
    installments: context.installments,
    paymentMethod: context.paymentMethod,
  };
}

function placeOrderInputOf(context: CheckoutContext): PlaceOrderInput {
  return {
    ...computeAmountInputOf(context),
    orderKey: context.orderKey,
    savedPaymentMethodId: context.savedMethodId,
    saveMethod: context.saveMethod,
    delivery: deliveryOf(context.cart.items, context),
    invoiceEmail: context.customer?.kind === 'guest' ? context.customer.invoiceEmail : null,
    confirmRepeat: context.confirmRepeat,
  };
}

/** A reference as the server gives them; anything else (a garbled address) is none. */
const referenceOf = (value: unknown): string | null => orderReferenceSchema.safeParse(value).data ?? null;

/** The order ORDER_ALREADY_BOUGHT names to the session that bought it, if it does. */
function repeatOrderOf(error: unknown): RepeatOrder | null {
  const details = (error as { details?: Record<string, unknown> } | null)?.details;
  const orderId = details?.boughtOrderId;
  const orderReference = referenceOf(details?.boughtOrderReference);
  const boughtAt = details?.boughtAt;
  return typeof orderId === 'number' && orderReference !== null && typeof boughtAt === 'string'
    ? { orderId, orderReference, boughtAt }
    : null;
}

/** The minutes ORDER_ALREADY_BOUGHT carries in its details. */
function repeatMinutesOf(error: unknown): number {
  const minutes = (error as { details?: { boughtMinutesAgo?: unknown } } | null)?.details?.boughtMinutesAgo;
  return typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 0 ? minutes : 0;
}

/** The payment choices kept when still offered, otherwise the first offered (the smallest count, CARD). */
function paymentChoicesOf(
  context: Pick<
    CheckoutContext,
    'network' | 'cart' | 'customer' | 'installments' | 'paymentMethod' | 'savedMethodId' | 'saveMethod'
  >,
) {
  const counts = installmentOptionsOf(context.network, context.cart, context.customer);
  const methods = paymentMethodOptionsOf(context.network, context.cart);
  const installments = counts.includes(context.installments) ? context.installments : (counts[0] ?? 1);
  const paymentMethod = methods.includes(context.paymentMethod)
    ? context.paymentMethod
    : (methods[0] ?? 'CARD');
  const saved = savedMethodOptionsOf(context.customer, [paymentMethod]);
  const savedMethodId = saved.some((method) => method.id === context.savedMethodId)
    ? context.savedMethodId
    : null;
  const saveMethod = context.customer?.kind === 'customer' && context.saveMethod;
  return { installments, paymentMethod, savedMethodId, saveMethod };
}

/** The buyer a viewer already is: a customer, or a guest session that gave its invoice email. */
function customerOf(viewer: CheckoutViewer, savedInvoiceEmail: string | null): CheckoutCustomer | null {
  if (viewer.kind === 'customer') return viewer;
  const invoiceEmail = viewer.kind === 'guest' ? (viewer.invoiceEmail ?? savedInvoiceEmail) : null;
  return invoiceEmail ? { kind: 'guest', invoiceEmail } : null;
}

/** A signed-in customer's shipping address starts from the account's address and name. */
function accountAddressOf(viewer: CheckoutViewer): ShippingAddress | null {
  return viewer.kind === 'customer' && viewer.address
    ? { fullname: viewer.fullname, ...viewer.address }
    : null;
}

function initialContext(input: CheckoutInput): CheckoutContext {
  const saved = restoreCheckout(input.saved);
  const returnedOrder = referenceOf(input.returnedOrder);
  const orderReference = returnedOrder ?? saved?.orderReference ?? referenceOf(input.orderInFlight);
  const createOrderKey = input.createOrderKey ?? randomKey;
  const base = {
    network: input.network,
    cart: input.cart,
    viewer: input.viewer,
    customer: customerOf(input.viewer, saved?.invoiceEmail ?? null),
    authPage: null,
    shippingAddress: saved?.shippingAddress ?? accountAddressOf(input.viewer),
    collectSiteId: saved?.collect?.siteId ?? null,
    collectSlots: [],
    collectSlotStart: saved?.collect?.slotStart ?? null,
    installments: saved?.installments ?? 0,
    paymentMethod: saved?.paymentMethod ?? 'CARD',
    savedMethodId: saved?.savedMethodId ?? null,
    saveMethod: saved?.saveMethod ?? false,
    amount: null,
    orderKey: saved?.orderKey ?? createOrderKey(),
    orderKeySent: saved !== null,
    orderId: saved?.orderId ?? null,
    redirectUrl: null,
    orderStatus: null,
    orderReference,
    awaitingWord: returnedOrder !== null,
    outcome: null,
    choicesKnown: saved !== null,
    repeatMinutes: null,
    repeatOrder: null,
    paidElsewhere: false,
    confirmRepeat: false,
    acknowledgements: 0,
    error: null,
    createOrderKey,
  } satisfies CheckoutContext;
  return { ...base, ...paymentChoicesOf(base) };
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    /** The pick-up slots of one collect agency (CHK-05); a newer agency choice stops it. */
    loadCollectSlots: fromPromise<CollectSlot[], LoadCollectSlotsInput>(notProvided('loadCollectSlots')),
    /**
     * Order/computeAmount.json for the current choices (PAY-02): the total and the schedule. A newer
     * choice stops it: its `signal` aborts and its answer is never applied.
     */
    computeAmount: fromPromise<ComputeAmountAnswer, ComputeAmountInput>(notProvided('computeAmount')),
    /** Order/placeOrder.json, idempotent by orderKey. */
    placeOrder: fromPromise<PlaceOrderOutput, PlaceOrderInput>(notProvided('placeOrder')),
    /** Keeps the attempt in session storage under `checkout`, then sends the browser to the provider. */
    goToProvider: fromPromise<void, GoToProviderInput>(notProvided('goToProvider')),
    /** Order/outcome.json: the order's outcome as the server knows it, by its reference. */
    readOutcome: fromPromise<ReadOutcomeOutput, ReadOutcomeInput>(notProvided('readOutcome')),
  },
  delays: {
    acknowledgePoll: ACKNOWLEDGE_POLL_MS,
  },
  actions: {
    clearError: assign({ error: null }),
    /** The order asked about is left: the attempt goes on (or starts) at the steps. */
    forgetOrder: assign({
      orderReference: null,
      awaitingWord: false,
      outcome: null,
      orderStatus: null,
      acknowledgements: 0,
    }),
    /**
     * What the payment step does with the server's word: a key the server already holds for
     * another cart (ORDER_KEY_REUSED) is replaced; a saved method it does not know is dropped.
     */
    mendPaymentChoices: assign(({ context }) => {
      if (context.error === 'ORDER_KEY_REUSED')
        return { orderKey: context.createOrderKey(), orderKeySent: false };
      if (context.error === 'SAVED_METHOD_NOT_FOUND') return { savedMethodId: null };
      return {};
    }),
    /** Keeps the code of the error the last call failed with (spec 02 §8). */
    keepError: assign({ error: ({ event }) => errorKeptOf((event as { error?: unknown }).error) }),
    /** A guest refused by the server chooses again: log in or sign up (CHK-02, CHK-03, NET-03). */
    forgetCustomer: assign({ customer: null }),
    /** Any change of what the order holds after its key was sent makes it another order: a new key. */
    renewKeyIfSent: assign(({ context }) =>
      context.orderKeySent ? { orderKey: context.createOrderKey(), orderKeySent: false } : {},
    ),
    /** Another order paid the cart: it is the one asked about and shown; nothing is placed here. */
    showPaidOrder: assign(({ context, event }) => ({
      orderReference:
        event.type === 'CART_PAID_ELSEWHERE'
          ? event.orderReference
          : (context.repeatOrder?.orderReference ?? context.orderReference),
      paidElsewhere: true,
      awaitingWord: false,
      outcome: null,
      orderStatus: null,
      acknowledgements: 0,
      repeatMinutes: null,
      error: null,
    })),
    /** A new attempt after a failed or cancelled payment: new key, the buyer's choices kept. */
    startNewAttempt: assign(({ context }) => ({
      orderKey: context.createOrderKey(),
      orderKeySent: false,
      orderId: null,
      redirectUrl: null,
      orderStatus: null,
      orderReference: null,
      awaitingWord: false,
      outcome: null,
      acknowledgements: 0,
      amount: null,
      error: null,
    })),
    takeViewer: assign(({ context, event }) => {
      if (event.type !== 'SIGNED_IN') return {};
      const { viewer } = event;
      return {
        viewer,
        authPage: null,
        error: null,
        customer: customerOf(viewer, null) ?? context.customer,
        shippingAddress: context.shippingAddress ?? accountAddressOf(viewer),
      };
    }),
  },
  guards: {
    /** An order to ask about at start: the return address's, the attempt's, or the cart's. */
    hasOrderReference: ({ context }) => context.orderReference !== null,
    isAwaitingWord: ({ context }) => context.awaitingWord,
    hasCartItems: ({ context }) => context.cart.items.length > 0,
    isChoicesKnown: ({ context }) => context.choicesKnown,
    /** The server knows no order of this reference (or found it unreadable). */
    isOrderUnknown: ({ event }) => {
      const code = errorCodeOf((event as { error?: unknown }).error);
      return code === 'ORDER_NOT_FOUND' || code === 'INVALID_REQUEST';
    },
    /** The server asks whether lines bought minutes ago are bought again (decision 0021). */
    isRepeatQuestion: ({ event }) =>
      errorCodeOf((event as { error?: unknown }).error) === 'ORDER_ALREADY_BOUGHT',
    /** Another order than this tab's: a reference of the server's shape. */
    isOtherOrder: ({ context, event }) =>
      event.type === 'CART_PAID_ELSEWHERE' &&
      referenceOf(event.orderReference) !== null &&
      event.orderReference !== context.orderReference,
    hasRepeatOrder: ({ context }) => context.repeatOrder !== null,
    hasPaymentOptionsRefusal: ({ context }) =>
      paymentOptionsRefusalOf(context.network, context.cart) !== null,
    isIdentification: ({ context }, params: { step: IdentificationStep }) =>
      identificationStepOf(context.viewer, context.network, context.cart) === params.step,
    hasCustomer: ({ context }) => context.customer !== null,
    isGuestAllowed: ({ context }) => cartGuestRefusalOf(context.network, context.cart) === null,
    isShippingAddressNeeded: ({ context }) => needsShippingAddress(checkoutLinesOf(context.cart.items)),
    isCollectNeeded: ({ context }) => needsCollect(checkoutLinesOf(context.cart.items)),
    hasCollectSite: ({ context }) => context.collectSiteId !== null,
    hasCollectChoice: ({ context }) => collectChoiceOf(context) !== null,
    isSlotAvailable: ({ context, event }) =>
      event.type === 'CHOOSE_SLOT' &&
      context.collectSlots.some((slot) => slot.start === event.slotStart && !slot.full),
    isInstallmentsOffered: ({ context, event }) =>
      event.type === 'CHOOSE_INSTALLMENTS' &&
      installmentOptionsOf(context.network, context.cart, context.customer).includes(event.count),
    isCustomer: ({ context }) => context.customer?.kind === 'customer',
    isGuest: ({ context }) => isGuest(context),
    isPaymentMethodOffered: ({ context, event }) => {
      if (event.type !== 'CHOOSE_PAYMENT_METHOD') return false;
      if (!paymentMethodOptionsOf(context.network, context.cart).includes(event.method)) return false;
      const saved = event.savedMethodId ?? null;
      return (
        saved === null ||
        savedMethodOptionsOf(context.customer, [event.method]).some((method) => method.id === saved)
      );
    },
    hasAmount: ({ context }) => context.amount !== null,
    hasRedirect: ({ event }) => (event as { output?: PlaceOrderOutput }).output?.redirectUrl != null,
    /** Where the error kept sends the buyer (spec 02 §8). */
    isErrorFor: ({ context }, params: { step: ErrorStep }) =>
      errorStepOf(context.error, { guest: isGuest(context) }) === params.step,
    /** PAY-03 as the sdk reads an order's status; null while the provider has not answered. */
    isOutcome: ({ context }, params: { outcome: ReturnType<typeof paymentOutcomeOf> }) =>
      context.orderStatus !== null && paymentOutcomeOf(context.orderStatus) === params.outcome,
    hasAsksLeft: ({ context }) => context.acknowledgements < ACKNOWLEDGE_ATTEMPTS_MAX,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => initialContext(input),
  // Decision 0039: another tab paid the cart. Before this tab places an order (and after its own
  // failed), that order is shown instead of a way to pay the cart again. Once this tab has placed
  // its own, its outcome goes on (the states below that ignore the event).
  on: {
    CART_PAID_ELSEWHERE: { guard: 'isOtherOrder', target: '.confirming', actions: 'showPaidOrder' },
  },
  initial: 'starting',
  states: {
    starting: {
      always: [
        // An order placed already (back from the provider, a reload, another tab): its outcome first.
        { guard: 'hasOrderReference', target: 'confirming' },
        // PAY-04: nothing the buyer chooses here would make the cart payable.
        {
          guard: 'hasPaymentOptionsRefusal',
          target: 'backToCart',
          actions: assign({ error: ({ context }) => paymentOptionsRefusalOf(context.network, context.cart) }),
        },
        { target: 'identifying' },
      ],
    },

    // CHK-01..04, ROUTE-10: who buys.
    identifying: {
      always: [
        { guard: { type: 'isIdentification', params: { step: 'unverified' } }, target: 'unverified' },
        {
          guard: { type: 'isIdentification', params: { step: 'finalizeAccount' } },
          target: 'finalizingAccount',
        },
        {
          guard: { type: 'isIdentification', params: { step: 'guestRefused' } },
          target: 'customerInfo',
          actions: assign({
            customer: null,
            error: ({ context }) => cartGuestRefusalOf(context.network, context.cart),
          }),
        },
        {
          guard: and([{ type: 'isIdentification', params: { step: 'identified' as const } }, 'hasCustomer']),
          target: 'delivery',
        },
        // A guest session that has not given its invoice email yet gives it first (CHK-07).
        { guard: { type: 'isIdentification', params: { step: 'identified' } }, target: 'invoiceEmail' },
        { target: 'customerInfo' },
      ],
    },
    customerInfo: {
      on: {
        CONTINUE_AS_GUEST: [
          { guard: 'isGuestAllowed', target: 'invoiceEmail', actions: 'clearError' },
          // NET-03, CHK-03, CHK-02: log in or sign up instead.
          { actions: assign({ error: ({ context }) => cartGuestRefusalOf(context.network, context.cart) }) },
        ],
        LOG_IN: { target: 'awaitingSignIn', actions: assign({ authPage: 'login', error: null }) },
        SIGN_UP: { target: 'awaitingSignIn', actions: assign({ authPage: 'register', error: null }) },
        SIGNED_IN: { target: 'identifying', actions: ['takeViewer', 'renewKeyIfSent'] },
      },
    },
    awaitingSignIn: {
      on: {
        SIGNED_IN: { target: 'identifying', actions: ['takeViewer', 'renewKeyIfSent'] },
        BACK: { target: 'customerInfo', actions: assign({ authPage: null }) },
      },
    },
    finalizingAccount: {
      on: { SIGNED_IN: { target: 'identifying', actions: ['takeViewer', 'renewKeyIfSent'] } },
    },
    invoiceEmail: {
      on: {
        SUBMIT_INVOICE_EMAIL: [
          {
            guard: ({ event }) => isInvoiceEmailValid(event.email),
            target: 'delivery',
            actions: [
              assign({ customer: ({ event }) => ({ kind: 'guest', invoiceEmail: event.email.trim() }) }),
              'renewKeyIfSent',
              'clearError',
            ],
          },
          // VAL-03, VAL-06: an empty field is required; a filled one is not an address.
          {
            actions: assign({
              error: ({ event }) => invoiceEmailIssueOf(event.email) ?? VALIDATION_MESSAGES.email,
            }),
          },
        ],
        BACK: { target: 'customerInfo', actions: 'clearError' },
      },
    },

    // Which delivery steps the cart needs, in order.
    delivery: {
      always: [
        { guard: 'isShippingAddressNeeded', target: 'shippingAddress' },
        { guard: 'isCollectNeeded', target: 'collect' },
        { target: 'payment' },
      ],
    },
    shippingAddress: {
      on: {
        // The draft is checked only when submitted; the refusal below keeps it the same way.
        ADDRESS_CHANGED: { actions: assign({ shippingAddress: ({ event }) => event.address }) },
        SUBMIT_ADDRESS: [
          {
            guard: ({ event }) => isShippingAddressComplete(event.address),
            target: 'payment',
            actions: [
              assign({ shippingAddress: ({ event }) => event.address }),
              'renewKeyIfSent',
              'clearError',
            ],
          },
          // ACC-02: route, postal code, city and state, and the addressee.
          {
            actions: assign({
              shippingAddress: ({ event }) => event.address,
              error: VALIDATION_MESSAGES.formRequired,
            }),
          },
        ],
        // CHK-07: a guest goes back to correct the invoice email, which is kept. A signed-in
        // customer has no earlier checkout step (customer info offers to log in): the page links
        // back to the cart, as the payment step does when no step is before it.
        BACK: { guard: 'isGuest', target: 'invoiceEmail', actions: 'clearError' },
      },
    },
    // CHK-05: an agency, then one of its slots that is not full. New cards of the order are
    // collected there too (one delivery per order, decision 0019).
    collect: {
      initial: 'entering',
      states: {
        entering: {
          always: [{ guard: 'hasCollectSite', target: 'loadingSlots' }, { target: 'choosingAgency' }],
        },
        choosingAgency: {},
        loadingSlots: {
          invoke: {
            src: 'loadCollectSlots',
            input: ({ context }) => ({ siteId: context.collectSiteId ?? 0 }),
            onDone: {
              target: 'choosingSlot',
              actions: assign({
                collectSlots: ({ event }) => event.output,
                // A slot that filled up since, or that the agency no longer offers, is chosen again.
                collectSlotStart: ({ context, event }) =>
                  event.output.some((slot) => slot.start === context.collectSlotStart && !slot.full)
                    ? context.collectSlotStart
                    : null,
              }),
            },
            onError: {
              target: 'choosingAgency',
              actions: [assign({ collectSlots: [] }), 'keepError'],
            },
          },
        },
        choosingSlot: {
          on: {
            CHOOSE_SLOT: {
              guard: 'isSlotAvailable',
              actions: [
                assign({ collectSlotStart: ({ event }) => event.slotStart }),
                'renewKeyIfSent',
                'clearError',
              ],
            },
          },
        },
      },
      on: {
        // Another agency stops the slots of the previous one loading (reenter).
        CHOOSE_AGENCY: {
          target: '.loadingSlots',
          reenter: true,
          actions: [
            assign({
              collectSiteId: ({ event }) => event.siteId,
              collectSlots: [],
              collectSlotStart: null,
              error: null,
            }),
            'renewKeyIfSent',
          ],
        },
        CONFIRM_COLLECT: [
          { guard: 'hasCollectChoice', target: 'payment', actions: 'clearError' },
          { actions: assign({ error: 'COLLECT_AGENCY_MISSING' }) },
        ],
        // As from the shipping address: a guest goes back to the invoice email; a customer has no
        // earlier step and the page links back to the cart. The agency and slot are kept.
        BACK: { guard: 'isGuest', target: 'invoiceEmail', actions: 'clearError' },
      },
    },

    // PAY-01, PAY-02, PAY-04: instalments and method; the amount computed again on each change.
    payment: {
      // The buyer may have changed since the choices were made (a guest pays in one payment).
      entry: assign(({ context }) => paymentChoicesOf(context)),
      initial: 'computing',
      states: {
        computing: {
          entry: assign({ amount: null }),
          invoke: {
            src: 'computeAmount',
            input: ({ context }) => computeAmountInputOf(context),
            onDone: {
              target: 'ready',
              actions: assign({ amount: ({ event }) => event.output, error: null }),
            },
            onError: { target: '#checkout.routingError', actions: 'keepError' },
          },
        },
        ready: {
          on: {
            PAY: { guard: 'hasAmount', target: '#checkout.placingOrder' },
            RECOMPUTE: { target: 'computing' },
          },
        },
      },
      on: {
        // A newer choice stops the computation in flight (reenter): only the answer to the choices
        // shown is ever applied.
        CHOOSE_INSTALLMENTS: {
          guard: 'isInstallmentsOffered',
          target: '.computing',
          reenter: true,
          actions: [assign({ installments: ({ event }) => event.count }), 'renewKeyIfSent'],
        },
        CHOOSE_PAYMENT_METHOD: {
          guard: 'isPaymentMethodOffered',
          target: '.computing',
          reenter: true,
          actions: [
            assign({
              paymentMethod: ({ event }) => event.method,
              savedMethodId: ({ event }) => event.savedMethodId ?? null,
            }),
            'renewKeyIfSent',
          ],
        },
        // PAY-01, AUTH-04: a customer may keep the method for later payments; a guest may not.
        SAVE_METHOD_CHANGED: {
          guard: 'isCustomer',
          actions: [assign({ saveMethod: ({ event }) => event.save }), 'renewKeyIfSent'],
        },
        // Back to the previous step the cart needs, its choices kept; without one, to the cart.
        BACK: [
          { guard: 'isCollectNeeded', target: 'collect', actions: 'clearError' },
          { guard: 'isShippingAddressNeeded', target: 'shippingAddress', actions: 'clearError' },
          { guard: 'isGuest', target: 'invoiceEmail', actions: 'clearError' },
        ],
      },
    },

    // One order per key: a second Pay meets this state, which does not take it.
    placingOrder: {
      entry: assign({ orderKeySent: true, choicesKnown: true, error: null }),
      // Its answer says it: ORDER_ALREADY_BOUGHT, naming the order that paid the cart.
      on: { CART_PAID_ELSEWHERE: {} },
      invoke: {
        src: 'placeOrder',
        input: ({ context }) => placeOrderInputOf(context),
        onDone: [
          {
            guard: 'hasRedirect',
            target: 'redirecting',
            actions: assign({
              orderId: ({ event }) => event.output.orderId,
              orderReference: ({ event }) => event.output.orderReference,
              redirectUrl: ({ event }) => event.output.redirectUrl,
              orderStatus: ({ event }) => event.output.status,
            }),
          },
          // A saved method charged by the server, or nothing to pay: the status is the outcome, or
          // the server's word on the charge is awaited.
          {
            target: 'settling',
            actions: assign({
              orderId: ({ event }) => event.output.orderId,
              orderReference: ({ event }) => event.output.orderReference,
              orderStatus: ({ event }) => event.output.status,
              awaitingWord: true,
              acknowledgements: 0,
            }),
          },
        ],
        onError: [
          {
            guard: 'isRepeatQuestion',
            target: 'confirmingRepeat',
            actions: assign({
              repeatMinutes: ({ event }) => repeatMinutesOf(event.error),
              repeatOrder: ({ event }) => repeatOrderOf(event.error),
            }),
          },
          { target: 'routingError', actions: 'keepError' },
        ],
      },
    },

    // Decision 0021: the same lines were bought minutes ago; nothing is placed until the buyer says.
    confirmingRepeat: {
      on: {
        BUY_AGAIN: {
          target: 'placingOrder',
          actions: assign({ confirmRepeat: true, repeatMinutes: null, repeatOrder: null }),
        },
        CANCEL_REPEAT: {
          target: 'payment.ready',
          actions: assign({ repeatMinutes: null, repeatOrder: null }),
        },
        SHOW_PAID_ORDER: { guard: 'hasRepeatOrder', target: 'confirming', actions: 'showPaidOrder' },
      },
    },

    // Spec 02 §8: the error kept in context.error sends the buyer to the step that can put it right.
    routingError: {
      always: [
        { guard: { type: 'isErrorFor', params: { step: 'backToCart' } }, target: 'backToCart' },
        { guard: { type: 'isErrorFor', params: { step: 'unverified' } }, target: 'unverified' },
        {
          guard: { type: 'isErrorFor', params: { step: 'customerInfo' } },
          target: 'customerInfo',
          actions: 'forgetCustomer',
        },
        // CHK-07: the email given stays in the field, to correct rather than type again.
        { guard: { type: 'isErrorFor', params: { step: 'invoiceEmail' } }, target: 'invoiceEmail' },
        { guard: { type: 'isErrorFor', params: { step: 'shippingAddress' } }, target: 'shippingAddress' },
        { guard: { type: 'isErrorFor', params: { step: 'collect' } }, target: 'collect' },
        // CHK-05: the slot filled up; the agency's slots are loaded again to choose another.
        {
          guard: { type: 'isErrorFor', params: { step: 'collectSlot' } },
          target: 'collect.loadingSlots',
          actions: assign({ collectSlotStart: null }),
        },
        { guard: { type: 'isErrorFor', params: { step: 'failed' } }, target: 'failed' },
        { guard: { type: 'isErrorFor', params: { step: 'cancelled' } }, target: 'cancelled' },
        // PAY-04 and the unexpected: Pay again sends the same key, so a lost answer makes no second order.
        { target: 'payment.ready', actions: 'mendPaymentChoices' },
      ],
    },

    redirecting: {
      invoke: {
        src: 'goToProvider',
        input: ({ context }) => ({ url: context.redirectUrl ?? '', attempt: savedCheckoutOf(context) }),
        onDone: { target: 'awaitingProvider' },
        onError: {
          target: 'payment.ready',
          actions: assign({ error: 'PAYMENT_UNEXPECTED_ERROR' }),
        },
      },
      on: {
        CART_PAID_ELSEWHERE: {},
        // The page kept in the browser's back-forward cache comes back as it left, mid-redirect:
        // the buyer came back without the provider's return (the back button), perhaps after
        // paying elsewhere.
        PAGE_RESTORED: {
          target: 'confirming',
          actions: assign({ awaitingWord: false, acknowledgements: 0 }),
        },
      },
    },
    awaitingProvider: {
      on: {
        CART_PAID_ELSEWHERE: {},
        PAGE_RESTORED: {
          target: 'confirming',
          actions: assign({ awaitingWord: false, acknowledgements: 0 }),
        },
      },
    },

    // PAY-03: the order is final only from the server's state (decisions 0018, 0021).
    confirming: {
      on: { CART_PAID_ELSEWHERE: {} },
      initial: 'asking',
      states: {
        asking: {
          entry: assign({ acknowledgements: ({ context }) => context.acknowledgements + 1 }),
          invoke: {
            src: 'readOutcome',
            input: ({ context }) => ({ orderReference: context.orderReference ?? '' }),
            onDone: {
              target: '#checkout.settling',
              actions: assign({
                outcome: ({ event }) => event.output,
                orderId: ({ event }) => event.output.orderId,
                orderStatus: ({ event }) => event.output.status,
              }),
            },
            onError: [
              { guard: 'isOrderUnknown', target: '#checkout.orderUnknown' },
              // A lost answer is asked again, like an order not settled yet.
              { guard: 'hasAsksLeft', target: 'waiting' },
              { target: '#checkout.settling' },
            ],
          },
        },
        waiting: {
          after: { acknowledgePoll: { target: 'asking' } },
        },
      },
    },
    settling: {
      always: [
        { guard: { type: 'isOutcome', params: { outcome: 'CONFIRMED' } }, target: 'confirmed' },
        { guard: { type: 'isOutcome', params: { outcome: 'PENDING' } }, target: 'pending' },
        {
          guard: { type: 'isOutcome', params: { outcome: 'FAILED' } },
          target: 'failed',
          actions: assign({ error: 'PAYMENT_REFUSED' }),
        },
        {
          guard: { type: 'isOutcome', params: { outcome: 'CANCELLED' } },
          target: 'cancelled',
          actions: assign({ error: 'PAYMENT_CANCELLED' }),
        },
        // A payment the provider has not reported yet: ask again a little later, and past the
        // last ask say it awaits confirmation (the server still settles it and emails).
        { guard: and(['isAwaitingWord', 'hasAsksLeft']), target: 'confirming.waiting' },
        { guard: 'isAwaitingWord', target: 'pending' },
        // Nothing from the provider yet and no return from it: its page is still open. The
        // attempt goes on, its key kept, so Pay answers the same order and the same page.
        { target: 'resuming' },
      ],
    },
    resuming: {
      always: [
        { guard: 'hasCartItems', target: 'resumingAttempt', actions: 'forgetOrder' },
        // Without the cart (another device) there is nothing to take up here: the order awaits
        // the provider's word, which the server emails.
        { target: 'pending' },
      ],
    },
    resumingAttempt: {
      always: [
        {
          guard: 'hasPaymentOptionsRefusal',
          target: 'backToCart',
          actions: assign({ error: ({ context }) => paymentOptionsRefusalOf(context.network, context.cart) }),
        },
        { guard: and(['isChoicesKnown', 'hasCustomer']), target: 'payment' },
        { target: 'identifying' },
      ],
    },
    /** The server knows no order of the reference: a return address's is said; another one is dropped. */
    orderUnknown: {
      always: [
        {
          guard: and([not('isAwaitingWord'), 'hasCartItems']),
          target: 'resumingAttempt',
          actions: 'forgetOrder',
        },
        { target: 'backToCart', actions: assign({ error: 'ORDER_NOT_FOUND' }) },
      ],
    },

    /** PAY-03: the confirmed popup. */
    confirmed: { type: 'final' },
    /** The order is taken and awaits the bank's answer (SEPA) or the provider's: "awaiting confirmation". */
    pending: { type: 'final' },
    /** PAY-03: the failed (refused) popup, with retry while the cart has lines. */
    failed: {
      on: { RETRY: { guard: 'hasCartItems', target: 'resumingAttempt', actions: 'startNewAttempt' } },
    },
    /** PAY-03: the cancelled popup, with retry while the cart has lines. */
    cancelled: {
      on: { RETRY: { guard: 'hasCartItems', target: 'resumingAttempt', actions: 'startNewAttempt' } },
    },
    /** CHK-04. */
    unverified: { type: 'final' },
    /** An error only the cart can put right (context.error); the page goes back to the cart. */
    backToCart: { type: 'final' },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
export { CHECKOUT_STORAGE_KEY, restoreCheckout, serializeCheckout } from './checkout-storage.ts';
export type {
  CheckoutCart,
  CheckoutCustomer,
  CheckoutInput,
  CheckoutNetwork,
  CheckoutViewer,
  CollectChoice,
  CollectSlot,
  ComputeAmountInput,
  ComputeAmountOutput,
  GoToProviderInput,
  LoadCollectSlotsInput,
  LoadCollectSlotsOutput,
  OrderOutcome,
  OrderStatus,
  PlaceOrderInput,
  PlaceOrderOutput,
  ReadOutcomeInput,
  ReadOutcomeOutput,
  SavedCheckout,
  SavedPaymentMethod,
  ShippingAddress,
} from './checkout-types.ts';
export type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;
