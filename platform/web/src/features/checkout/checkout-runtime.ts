// The checkout of the page: the flows' checkout machine given the real calls as its actors
// (Order/computeAmount.json, Order/placeOrder.json, Collect/getSlots.json, Order/outcome.json,
// through the session's ticket client), the browser's trip to the payment provider's page (the
// attempt kept in session storage under `checkout` first, the order placed remembered by the cart),
// and the machine's input read from the network, the session, the customer's saved methods, the
// cart and the return address's order reference (decision 0021).
import type { CartSnapshot } from '@transit-shop/flows/cart/cart.machine';
import { cartPaymentOptionsOf } from '@transit-shop/flows/cart/cart-selectors';
import {
  CHECKOUT_STORAGE_KEY,
  type CheckoutCart,
  type CheckoutInput,
  type CheckoutNetwork,
  type CheckoutViewer,
  type CollectSlot,
  checkoutMachine,
  type SavedPaymentMethod,
} from '@transit-shop/flows/checkout/checkout.machine';
import type { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import {
  ORDER_REFERENCE_PARAM,
  orderOutcomeCall,
  orderReferenceSchema,
  placeOrderCall,
} from '@transit-shop/sdk/contract/checkout';
import { getCollectSlotsCall } from '@transit-shop/sdk/contract/collect';
import type { AuthenticationProvider } from '@transit-shop/sdk/contract/networks';
import { computeAmountCall } from '@transit-shop/sdk/contract/order';
import type { Locale } from '@transit-shop/sdk/locales';
import { isAccountComplete, isAccountVerified } from '@transit-shop/sdk/validation/account-rules';
import type { Bootstrap } from '@transit-shop/tenancy';
import { fromPromise } from 'xstate';
import type { TicketClient, TicketSession } from '../../lib/api-client.ts';

type SessionStatus = ReturnType<typeof sessionStatusOf>;
type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The places left in each pick-up slot of the last agency asked, by the slot's start. */
export type SlotPlaces = Map<string, number>;

export type CheckoutDeps = {
  client: Pick<TicketClient, 'call'>;
  /** The session sent with computeAmount when there is one (a voucher's per-customer limit). */
  getSession: () => TicketSession | undefined;
  /** Opens a guest session (authAsGuest) when the buyer has none yet, before placeOrder. */
  ensureSession: () => Promise<void>;
  locale: Locale;
  /** The shop's path the provider sends the browser back to (decision 0018). */
  returnPath: string;
  storage: SessionStorageLike;
  /** Leaves the shop for the provider's page. */
  leave: (url: string) => void;
  /** The cart remembers the order placed for its lines until its outcome is known. */
  rememberOrder: (orderReference: string) => void;
  places: SlotPlaces;
};

/** The checkout machine with the page's actors. */
export function createCheckoutMachine(deps: CheckoutDeps) {
  const sessionFields = () => {
    const session = deps.getSession();
    return session ? { userToken: session.userToken, userId: session.userId } : {};
  };
  return checkoutMachine.provide({
    actors: {
      loadCollectSlots: fromPromise(async ({ input, signal }) => {
        const answer = await deps.client.call(getCollectSlotsCall, { siteId: input.siteId }, { signal });
        deps.places.clear();
        for (const slot of answer.slots) deps.places.set(slot.start, slot.remaining);
        return answer.slots.map(
          (slot): CollectSlot => ({ start: slot.start, end: slot.end, full: slot.remaining === 0 }),
        );
      }),
      computeAmount: fromPromise(({ input, signal }) =>
        deps.client.call(
          computeAmountCall,
          {
            ...input,
            articles: [...input.articles],
            vouchers: [...input.vouchers],
            lang: deps.locale,
            ...sessionFields(),
          },
          { signal },
        ),
      ),
      placeOrder: fromPromise(async ({ input }) => {
        await deps.ensureSession();
        const answer = await deps.client.call(placeOrderCall, {
          ...input,
          articles: [...input.articles],
          vouchers: [...input.vouchers],
          returnUrl: deps.returnPath,
          lang: deps.locale,
        });
        deps.rememberOrder(answer.orderReference);
        return {
          orderId: answer.orderId,
          redirectUrl: answer.redirectUrl,
          status: answer.status,
          orderReference: answer.orderReference,
        };
      }),
      goToProvider: fromPromise(async ({ input }) => {
        deps.storage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(input.attempt));
        deps.leave(input.url);
      }),
      readOutcome: fromPromise(({ input, signal }) =>
        deps.client.call(orderOutcomeCall, { orderReference: input.orderReference }, { signal }),
      ),
    },
  });
}

/** NET-03, NET-04, NET-05, CHK-02: the network's settings the checkout reads. */
export function checkoutNetworkOf(network: Bootstrap['network']): CheckoutNetwork {
  const { has_guest_orders, multiple_payment_installments, payment } = network.configuration;
  return {
    has_guest_orders,
    multiple_payment_installments,
    payment,
    guestMaxOrderAmount: network.guestMaxOrderAmount,
  };
}

/** The signed-in customer whose saved methods the checkout offers (Account/getCards.json); null for a visitor or a guest (AUTH-04). */
export function savedMethodsOwnerOf(status: SessionStatus, user: AuthUser | null): number | null {
  return status === 'loggedIn' && user && !user.authAsGuest ? user.userId : null;
}

/** Who opens the checkout: nobody, a guest session, or the signed-in customer with their saved methods. */
export function checkoutViewerOf(
  status: SessionStatus,
  user: AuthUser | null,
  providers: readonly AuthenticationProvider[],
  savedMethods: readonly SavedPaymentMethod[] = [],
): CheckoutViewer {
  if (status === 'guest') return { kind: 'guest', invoiceEmail: null };
  if (status !== 'loggedIn' || !user) return { kind: 'visitor' };
  if (user.authAsGuest) return { kind: 'guest', invoiceEmail: null };
  return {
    kind: 'customer',
    verified: isAccountVerified(user, [...providers]),
    complete: isAccountComplete(user),
    fullname: [user.userName, user.userLastname].filter(Boolean).join(' '),
    address: user.address,
    savedMethods,
  };
}

/** The cart as its last verification left it. */
export function checkoutCartOf(snapshot: CartSnapshot): CheckoutCart {
  const { context } = snapshot;
  return {
    items: context.items,
    vouchers: context.vouchers,
    totalAmount: context.verifiedTotalAmount ?? 0,
    paymentOptions: cartPaymentOptionsOf(snapshot) ?? { installments: [1], paymentMethods: ['CARD'] },
    shippingFeeShopItemId: null,
  };
}

/** The order reference of the provider's return address (`?order=`); null when absent or unreadable. */
export function returnedOrderOf(search: string): string | null {
  return orderReferenceSchema.safeParse(new URLSearchParams(search).get(ORDER_REFERENCE_PARAM)).data ?? null;
}

/** The attempt kept across the provider's redirect, read as text (restoreCheckout checks it). */
export function readSavedCheckout(storage: SessionStorageLike): string | null {
  try {
    return storage.getItem(CHECKOUT_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function forgetSavedCheckout(storage: SessionStorageLike): void {
  try {
    storage.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): nothing was kept there either.
  }
}

export type { CheckoutInput };
