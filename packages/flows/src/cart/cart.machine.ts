// The cart (spec 01 §4 "Cart", spec 02 §4 "Cart behaviour tied to calls"): lines added, removed
// and changed under the cart's rules, vouchers, the confirmations checkout needs, and the order
// verification every change starts again; and the order placed for it while its outcome is not
// known (decision 0021): asked at the next start, the cart emptying itself once it is paid. Every tab
// of the browser runs the same cart: each follows what another writes to the saved cart, and one
// emptied by a payment elsewhere remembers which order paid it (decision 0039). Order/verify.json,
// Order/outcome.json and the writes to local storage are named actors the app provides with
// `cartMachine.provide()`; the saved cart comes in as input.
import { type ArticleShop, isQuantityAllowed } from '@transit-shop/sdk/catalogue/article-rules';
import type { CatalogueViewer } from '@transit-shop/sdk/catalogue/shop-listing';
import type { OrderOutcome } from '@transit-shop/sdk/contract/checkout';
import { type Discount, ORDER_VOUCHERS_MAX, type VerifyAnswer } from '@transit-shop/sdk/contract/order';
import { and, assign, enqueueActions, fromPromise, type SnapshotFrom, setup } from 'xstate';
import {
  addRefusalOf,
  type CartItemDraft,
  type CartRefusal,
  hasVoucherCode,
  linesAfterAdd,
  linesAfterRemove,
  readVoucherCode,
  type VoucherCodeIssue,
} from './cart-rules.ts';
import { CART_STORAGE_VERSION, restoreCart, type SavedCart } from './cart-storage.ts';
import type { CartItem } from './cart-types.ts';
import { type VerifyOrderInput, verifyOrderInputOf } from './verify-order.ts';

/** The network's settings the cart's rules read: subscriptions, instalments, methods, time zone. */
export type CartNetwork = ArticleShop['network'];

export type CartInput = {
  /** The network the cart buys on: its rules are the ticket API's (decision 0039). */
  readonly network: CartNetwork;
  /** What local storage holds under `cart` (its text, or the value parsed); a bad entry is dropped. */
  readonly saved?: unknown;
  /** Names new lines; random by default. */
  readonly createId?: () => string;
  /** The clock the over-18 rule reads (ACC-09); the system clock by default. */
  readonly now?: () => Date;
};

export type CartContext = {
  items: CartItem[];
  vouchers: string[];
  /** The discounts of the last verification, one per voucher code (VOUCH-02). */
  discounts: Discount[];
  /** The total of the last verification, in minor units; null before one or after a failed one. */
  verifiedTotalAmount: number | null;
  termsAccepted: boolean;
  privacyAccepted: boolean;
  over18Accepted: boolean;
  /** Whether the cart sidebar is open. */
  cartVisible: boolean;
  /** The reference of the order placed for these lines whose outcome is not known yet. */
  orderInFlight: string | null;
  /** The reference of the order whose payment emptied the cart, here or in another tab. */
  paidOrder: string | null;
  /** Why the last add was refused; the next add clears it. */
  refusal: CartRefusal | null;
  /** Why the last voucher code was refused before it was sent (VOUCH-01); the web translates it. */
  voucherError: VoucherCodeIssue | null;
  /** Why the last verification failed (an AppError of the ticket client); the cart stays as it is. */
  verifyError: unknown;
  /** Whether storage held a cart that could not be restored when the cart started; it is removed. */
  savedCartDropped: boolean;
  readonly network: CartNetwork;
  readonly createId: () => string;
  readonly now: () => Date;
};

export type CartEvent =
  | { type: 'ADD_ITEM'; item: CartItemDraft; viewer: CatalogueViewer }
  | { type: 'REMOVE_ITEM'; id: string }
  | { type: 'CHANGE_QUANTITY'; id: string; quantity: number }
  | { type: 'ADD_VOUCHER'; code: string }
  | { type: 'REMOVE_VOUCHER'; code: string }
  /** Verify again: after a sign-in (a voucher's per-customer limit needs the session) or a failure. */
  | { type: 'VERIFY' }
  | { type: 'TERMS_CHANGED'; accepted: boolean }
  | { type: 'PRIVACY_CHANGED'; accepted: boolean }
  | { type: 'OVER_18_CHANGED'; accepted: boolean }
  | { type: 'VISIBILITY_CHANGED'; visible: boolean }
  | { type: 'DISMISS_ERROR' }
  /** Empties the cart, as after a placed order: `paidOrder` the order that paid it. */
  | { type: 'CLEAR'; paidOrder?: string }
  /** An order was placed for these lines: its reference is kept until its outcome is known. */
  | { type: 'ORDER_IN_FLIGHT'; reference: string }
  /** That order failed or was cancelled: the lines stay, the reference goes. */
  | { type: 'ORDER_NOT_TAKEN'; reference: string }
  /** Ask the outcome of the order in flight again (the page shown again from the browser's cache). */
  | { type: 'CHECK_ORDER' }
  /** Another tab of the browser wrote the saved cart (the `storage` event): its new value, followed here. */
  | { type: 'STORAGE_CHANGED'; saved: unknown }
  /** AUTH-07: the session ended; the cart and its saved copy go. */
  | { type: 'LOGOUT' };

const notProvided = (name: string) => () => Promise.reject(new Error(`the app provides the ${name} actor`));

const randomId = () => globalThis.crypto.randomUUID();

const emptyCart = {
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
} as const satisfies Omit<SavedCart, 'version'>;

/** What the cart keeps of itself across page loads (CART-01). */
export function savedCartOf(context: CartContext): SavedCart {
  return {
    version: CART_STORAGE_VERSION,
    items: context.items,
    vouchers: context.vouchers,
    discounts: context.discounts,
    verifiedTotalAmount: context.verifiedTotalAmount,
    termsAccepted: context.termsAccepted,
    privacyAccepted: context.privacyAccepted,
    over18Accepted: context.over18Accepted,
    cartVisible: context.cartVisible,
    orderInFlight: context.orderInFlight,
    paidOrder: context.paidOrder,
  };
}

/** An order the buyer has: paid, or a SEPA debit submitted (decision 0021). */
const isTaken = (outcome: OrderOutcome) => outcome.outcome === 'CONFIRMED' || outcome.outcome === 'PENDING';
const isOver = (outcome: OrderOutcome) => outcome.outcome === 'FAILED' || outcome.outcome === 'CANCELLED';

/** Who adds, on which network, at the cart's clock: what the article rules read. */
const shopOf = (context: CartContext, viewer: CatalogueViewer): ArticleShop => ({
  viewer,
  network: context.network,
  now: context.now(),
});

const lineOf = (context: CartContext, id: string) => context.items.find((line) => line.id === id);

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as CartInput,
  },
  actors: {
    /**
     * Order/verify.json with the articles and vouchers; the ticket client adds the session and the
     * network. A newer change stops it: its `signal` aborts and its answer is never applied (CART-05).
     */
    verifyOrder: fromPromise<VerifyAnswer, VerifyOrderInput>(notProvided('verifyOrder')),
    /** Writes the cart under `cart` in local storage, or removes the entry when given null (CART-01). */
    saveCart: fromPromise<void, SavedCart | null>(notProvided('saveCart')),
    /** Order/outcome.json: the outcome of the order in flight, by its reference. */
    readOrderOutcome: fromPromise<OrderOutcome, { orderReference: string }>(notProvided('readOrderOutcome')),
  },
  actions: {
    /**
     * CART-01: the saved copy follows every change. The write is an actor, so a full or refused
     * storage fails the write alone; a newer write replaces one not done yet.
     */
    saveCart: enqueueActions(({ context, enqueue }) => {
      enqueue.stopChild('saveCart');
      enqueue.spawnChild('saveCart', { id: 'saveCart', input: savedCartOf(context) });
    }),
    forgetSavedCart: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('saveCart');
      enqueue.spawnChild('saveCart', { id: 'saveCart', input: null });
    }),
    addItem: assign({
      items: ({ context, event }) =>
        event.type === 'ADD_ITEM'
          ? linesAfterAdd(context.items, event.item, context.createId())
          : context.items,
      refusal: null,
      // A new cart: the paid one is over.
      paidOrder: null,
    }),
    refuseItem: assign({
      refusal: ({ context, event }) =>
        event.type === 'ADD_ITEM'
          ? addRefusalOf(context.items, event.item, shopOf(context, event.viewer))
          : null,
    }),
    /** CART-06: without lines, no voucher, discount or total is left. */
    emptyLines: assign({
      items: [],
      vouchers: [],
      discounts: [],
      verifiedTotalAmount: null,
      verifyError: null,
    }),
    clearCart: assign({ ...emptyCart, refusal: null, voucherError: null, verifyError: null }),
    /** The order in flight was paid: the cart empties itself and remembers that order. */
    clearPaidCart: assign(({ context }) => ({
      ...emptyCart,
      paidOrder: context.orderInFlight,
      refusal: null,
      voucherError: null,
      verifyError: null,
    })),
    forgetOrderInFlight: assign({ orderInFlight: null }),
  },
  guards: {
    hasItems: ({ context }) => context.items.length > 0,
    hasOrderInFlight: ({ context }) => context.orderInFlight !== null,
    /** The server knows no order of the reference (or cannot read it): it is forgotten. */
    isOrderUnknown: ({ event }) => {
      const code = (event as { error?: { code?: unknown } }).error?.code;
      return code === 'ORDER_NOT_FOUND' || code === 'INVALID_REQUEST';
    },
    isInFlight: ({ context, event }) =>
      event.type === 'ORDER_NOT_TAKEN' && context.orderInFlight === event.reference,
    /** Another tab left the saved cart without lines (an order paid there, a logout, the last line removed). */
    isEmptiedElsewhere: ({ context, event }) => {
      if (event.type !== 'STORAGE_CHANGED' || context.items.length === 0) return false;
      const other = restoreCart(event.saved, context.network.timeZone);
      return other === null || other.items.length === 0;
    },
    /**
     * Another tab changed the saved cart (a line, a voucher, a confirmation, an order placed): this
     * tab follows. Whether its sidebar is open stays this tab's own.
     */
    isChangedElsewhere: ({ context, event }) => {
      if (event.type !== 'STORAGE_CHANGED') return false;
      const other = restoreCart(event.saved, context.network.timeZone);
      if (other === null) return false;
      const mine = savedCartOf(context);
      return (
        JSON.stringify({ ...other, cartVisible: false }) !== JSON.stringify({ ...mine, cartVisible: false })
      );
    },
    isSavedCartDropped: ({ context }) => context.savedCartDropped,
    isAddAllowed: ({ context, event }) =>
      event.type === 'ADD_ITEM' &&
      addRefusalOf(context.items, event.item, shopOf(context, event.viewer)) === null,
    hasLine: ({ context, event }) => 'id' in event && lineOf(context, event.id) !== undefined,
    isLastLine: ({ context, event }) =>
      'id' in event && context.items.length === 1 && context.items[0]?.id === event.id,
    /** CART-04, CART-08: a quantity the item does not allow, or the one the line holds, is ignored. */
    isQuantityChangeAllowed: ({ context, event }) => {
      if (event.type !== 'CHANGE_QUANTITY') return false;
      const line = lineOf(context, event.id);
      return (
        line !== undefined && line.quantity !== event.quantity && isQuantityAllowed(line.item, event.quantity)
      );
    },
    /**
     * Vouchers go with lines (CART-06), at most as many as an order carries; a code the cart holds
     * already (in any case: the server ignores it) is not sent again.
     */
    hasRoomForVoucher: ({ context }) =>
      context.items.length > 0 && context.vouchers.length < ORDER_VOUCHERS_MAX,
    isNewVoucher: ({ context, event }) => {
      if (event.type !== 'ADD_VOUCHER') return false;
      const read = readVoucherCode(event.code);
      return 'code' in read && !hasVoucherCode(context.vouchers, read.code);
    },
    hasVoucher: ({ context, event }) =>
      event.type === 'REMOVE_VOUCHER' && context.vouchers.includes(event.code),
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => {
    const restored = restoreCart(input.saved, input.network.timeZone);
    const { version: _version, ...saved } = restored ?? { version: CART_STORAGE_VERSION, ...emptyCart };
    return {
      ...emptyCart,
      ...saved,
      refusal: null,
      voucherError: null,
      verifyError: null,
      savedCartDropped: input.saved != null && restored === null,
      network: input.network,
      createId: input.createId ?? randomId,
      now: input.now ?? (() => new Date()),
    };
  },
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        // The order placed for the lines first: paid (in another tab, browser or device), the cart
        // empties itself.
        { guard: 'hasOrderInFlight', target: 'checkingOrder' },
        // A restored cart is verified again: prices and vouchers may have changed since.
        { guard: 'hasItems', target: 'verifying' },
        { guard: 'isSavedCartDropped', target: 'idle', actions: 'forgetSavedCart' },
        { target: 'idle' },
      ],
    },
    idle: {},
    checkingOrder: {
      invoke: {
        src: 'readOrderOutcome',
        input: ({ context }) => ({ orderReference: context.orderInFlight ?? '' }),
        onDone: [
          {
            guard: ({ event }) => isTaken(event.output),
            target: 'idle',
            actions: ['clearPaidCart', 'saveCart'],
          },
          {
            guard: ({ event }) => isOver(event.output),
            target: 'checked',
            actions: ['forgetOrderInFlight', 'saveCart'],
          },
          // Still on the provider's page: asked again at the next start.
          { target: 'checked' },
        ],
        onError: [
          { guard: 'isOrderUnknown', target: 'checked', actions: ['forgetOrderInFlight', 'saveCart'] },
          { target: 'checked' },
        ],
      },
    },
    checked: {
      always: [{ guard: 'hasItems', target: 'verifying' }, { target: 'idle' }],
    },
    verifying: {
      invoke: {
        src: 'verifyOrder',
        input: ({ context }) => verifyOrderInputOf(context),
        onDone: {
          target: 'idle',
          actions: [
            assign({
              discounts: ({ event }) => event.output.discounts,
              verifiedTotalAmount: ({ event }) => event.output.totalAmount,
              verifyError: null,
            }),
            'saveCart',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ verifyError: ({ event }) => event.error, verifiedTotalAmount: null }),
            'saveCart',
          ],
        },
      },
    },
  },
  // Every change that the order's price depends on enters verifying again (reenter), which stops
  // the verification in flight: only the answer to the cart as it is now is ever applied (CART-05).
  on: {
    ADD_ITEM: [
      { guard: 'isAddAllowed', target: '.verifying', reenter: true, actions: ['addItem', 'saveCart'] },
      { actions: 'refuseItem' },
    ],
    REMOVE_ITEM: [
      { guard: 'isLastLine', target: '.idle', actions: ['emptyLines', 'saveCart'] },
      {
        guard: 'hasLine',
        target: '.verifying',
        reenter: true,
        actions: [
          assign({ items: ({ context, event }) => linesAfterRemove(context.items, event.id) }),
          'saveCart',
        ],
      },
    ],
    CHANGE_QUANTITY: {
      guard: 'isQuantityChangeAllowed',
      target: '.verifying',
      reenter: true,
      actions: [
        assign({
          items: ({ context, event }) =>
            context.items.map((line) =>
              line.id === event.id ? { ...line, quantity: event.quantity } : line,
            ),
        }),
        'saveCart',
      ],
    },
    ADD_VOUCHER: [
      {
        guard: and(['hasRoomForVoucher', 'isNewVoucher']),
        target: '.verifying',
        reenter: true,
        actions: [
          assign({
            vouchers: ({ context, event }) => {
              const read = readVoucherCode(event.code);
              return 'code' in read ? [...context.vouchers, read.code] : context.vouchers;
            },
            voucherError: null,
          }),
          'saveCart',
        ],
      },
      {
        // VOUCH-01: a code too short (or blank, or too long) is said, not sent.
        guard: 'hasRoomForVoucher',
        actions: assign({
          voucherError: ({ event }) => {
            const read = readVoucherCode(event.code);
            return 'issue' in read ? read.issue : null;
          },
        }),
      },
    ],
    REMOVE_VOUCHER: {
      guard: 'hasVoucher',
      target: '.verifying',
      reenter: true,
      actions: [
        assign({
          vouchers: ({ context, event }) => context.vouchers.filter((code) => code !== event.code),
          discounts: ({ context, event }) => context.discounts.filter((d) => d.sourceCode !== event.code),
        }),
        'saveCart',
      ],
    },
    VERIFY: { guard: 'hasItems', target: '.verifying', reenter: true },
    TERMS_CHANGED: { actions: [assign({ termsAccepted: ({ event }) => event.accepted }), 'saveCart'] },
    PRIVACY_CHANGED: { actions: [assign({ privacyAccepted: ({ event }) => event.accepted }), 'saveCart'] },
    OVER_18_CHANGED: { actions: [assign({ over18Accepted: ({ event }) => event.accepted }), 'saveCart'] },
    VISIBILITY_CHANGED: { actions: [assign({ cartVisible: ({ event }) => event.visible }), 'saveCart'] },
    DISMISS_ERROR: { actions: assign({ refusal: null, voucherError: null, verifyError: null }) },
    CLEAR: {
      target: '.idle',
      actions: ['clearCart', assign({ paidOrder: ({ event }) => event.paidOrder ?? null }), 'saveCart'],
    },
    ORDER_IN_FLIGHT: {
      actions: [assign({ orderInFlight: ({ event }) => event.reference }), 'saveCart'],
    },
    ORDER_NOT_TAKEN: { guard: 'isInFlight', actions: ['forgetOrderInFlight', 'saveCart'] },
    CHECK_ORDER: { guard: 'hasOrderInFlight', target: '.checkingOrder' },
    // What the other tab wrote is already saved: this tab follows without writing it again, and a
    // verification of its own lines in flight is dropped (the other tab verifies what it wrote).
    STORAGE_CHANGED: [
      {
        guard: 'isEmptiedElsewhere',
        target: '.idle',
        actions: [
          'clearCart',
          assign({
            paidOrder: ({ context, event }) =>
              restoreCart(event.saved, context.network.timeZone)?.paidOrder ?? null,
          }),
        ],
      },
      {
        guard: 'isChangedElsewhere',
        target: '.idle',
        actions: assign(({ context, event }) => {
          const {
            version: _version,
            cartVisible: _visible,
            ...other
          } = restoreCart(event.saved, context.network.timeZone) ?? {
            version: CART_STORAGE_VERSION,
            ...emptyCart,
          };
          return { ...other, refusal: null, voucherError: null, verifyError: null };
        }),
      },
    ],
    LOGOUT: { target: '.idle', actions: ['clearCart', 'forgetSavedCart'] },
    // A write storage refuses (full, private mode) costs the saved copy, never the cart in the page.
    'xstate.error.actor.saveCart': { actions: [] },
  },
});

export type CartMachine = typeof cartMachine;
export type CartSnapshot = SnapshotFrom<CartMachine>;
