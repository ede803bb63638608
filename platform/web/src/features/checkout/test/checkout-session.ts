// The checkout's tests: a cart ready for checkout (lines added, terms, privacy and over-18 ticked)
// on a fake ticket backend answering verify, computeAmount (the total split into monthly debits),
// placeOrder, acknowledge, the collect sites and their slots; the whole app rendered at a step.
import { CHECKOUT_STORAGE_KEY } from '@transit-shop/flows/checkout/checkout.machine';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { ShopItem, Support } from '@transit-shop/sdk/contract/catalogue';
import type { ComputeAmountAnswer } from '@transit-shop/sdk/contract/order';
import type { Bootstrap } from '@transit-shop/tenancy';
import { afterEach } from 'vitest';
import { addToCart } from '../../../lib/cart/add-to-cart.ts';
import { getCartRuntime } from '../../../lib/cart/cart-runtime.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { renderApp } from '../../../test/render.tsx';
import { createTestSession, type Handler, stubTenantService } from '../../../test/session.ts';
import { fakeVerify } from '../../cart/test/cart-session.ts';

afterEach(() => sessionStorage.removeItem(CHECKOUT_STORAGE_KEY));

/** Order/computeAmount.json: the verified total split evenly, the first debit on 23 November 2026. */
export const fakeComputeAmount =
  (total: number): Handler =>
  (payload) => {
    const installments = Number(payload.installments ?? 1);
    const share = Math.floor(total / installments);
    const schedule = Array.from({ length: installments }, (_, index) => ({
      dueDate: new Date(Date.UTC(2026, 10 + index, 23)).toISOString().slice(0, 10),
      amount: index === 0 ? total - share * (installments - 1) : share,
    }));
    const answer: ComputeAmountAnswer = {
      currency: 'EUR',
      lines: [],
      discounts: [],
      subtotalAmount: total,
      discountAmount: 0,
      totalAmount: total,
      paymentOptions: { installments: [1, 3], paymentMethods: ['CARD', 'TRANSFER'] },
      isSubscription: false,
      installments,
      paymentMethod: (payload.paymentMethod as 'CARD' | 'TRANSFER' | undefined) ?? 'CARD',
      schedule,
    };
    return { ok: answer };
  };

export type CheckoutLine = { item: ShopItem; delivery: Support; quantity?: number; mediaId?: number | null };

export type OpenCheckoutOptions = {
  path?: string;
  lines: readonly CheckoutLine[];
  signedInAs?: AuthUser;
  handlers?: Record<string, Handler>;
  configuration?: Partial<Bootstrap['network']['configuration']>;
  guestMaxOrderAmount?: number;
  /** Whether the over-18 declaration and the terms are ticked (ROUTE-04). */
  confirmed?: boolean;
};

/** The whole app at a checkout step, with the cart holding `lines` and its confirmations given. */
export async function openCheckout(options: OpenCheckoutOptions) {
  stubTenantService();
  const base = fixtureBootstrap();
  const bootstrap = fixtureBootstrap({
    network: {
      ...base.network,
      guestMaxOrderAmount: options.guestMaxOrderAmount ?? base.network.guestMaxOrderAmount,
      configuration: { ...base.network.configuration, ...options.configuration },
    },
  });
  const verify = fakeVerify(options.lines.map((line) => line.item));
  const total = options.lines.reduce(
    (sum, line) => sum + (line.item.shopItemPromoPrice ?? line.item.shopItemPrice) * (line.quantity ?? 1),
    0,
  );
  const session = createTestSession({
    bootstrap,
    ...(options.signedInAs ? { signedInAs: options.signedInAs } : {}),
    handlers: {
      'Order/verify.json': verify.handler,
      'Order/computeAmount.json': fakeComputeAmount(total),
      ...options.handlers,
    },
  });
  for (const line of options.lines) {
    await addToCart({
      item: line.item,
      quantity: line.quantity ?? 1,
      delivery: line.delivery,
      mediaId: line.mediaId ?? null,
      ...(options.signedInAs ? { profile: options.signedInAs.userId } : {}),
    });
  }
  const { actor } = await getCartRuntime();
  if (options.confirmed !== false) {
    for (const type of ['TERMS_CHANGED', 'PRIVACY_CHANGED', 'OVER_18_CHANGED'] as const)
      actor.send({ type, accepted: true });
  }
  const view = await renderApp(options.path ?? '/cart/checkout', { bootstrap });
  return { ...view, calls: session.calls, cart: actor, session: session.runtime };
}

/** A guest session's user, as Account/login.json answers it with authAsGuest. */
export const guestLogin = (user: AuthUser) => ({ ok: { user } });
