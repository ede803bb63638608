// The checkout's tests: a cart ready for checkout (lines added, terms, privacy and over-18 ticked)
// on a fake ticket backend answering verify, computeAmount (the total split into monthly debits),
// placeOrder, an order's outcome, the collect sites and their slots; the whole app rendered at a step.
import { waitFor } from '@testing-library/react';
import { CHECKOUT_STORAGE_KEY } from '@transit-shop/flows/checkout/checkout.machine';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { ShopItem, Support } from '@transit-shop/sdk/contract/catalogue';
import { type OrderOutcome, type OrderStatus, paymentOutcomeOf } from '@transit-shop/sdk/contract/checkout';
import type { ComputeAmountAnswer } from '@transit-shop/sdk/contract/order';
import { directionOf } from '@transit-shop/sdk/locales';
import type { Bootstrap } from '@transit-shop/tenancy';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, expect } from 'vitest';
import { splitLocale } from '../../../config/paths.ts';
import { addToCart } from '../../../lib/cart/add-to-cart.ts';
import { getCartRuntime } from '../../../lib/cart/cart-runtime.ts';
import { fakeVerify } from '../../../test/cart-session.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { preloadLayoutParts, renderApp } from '../../../test/render.tsx';
import { createTestSession, type Handler, stubTenantService } from '../../../test/session.ts';

afterEach(() => sessionStorage.removeItem(CHECKOUT_STORAGE_KEY));

beforeAll(preloadLayoutParts, 60_000);

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

export type CheckoutLine = {
  item: ShopItem;
  delivery: Support;
  quantity?: number;
  mediaId?: number | null;
  /** A month-pivot line's month (YYYY-MM). */
  startMonth?: string;
  /** Bought as a tacit subscription. */
  isSubscription?: boolean;
};

export type OpenCheckoutOptions = {
  path?: string;
  lines: readonly CheckoutLine[];
  signedInAs?: AuthUser;
  handlers?: Record<string, Handler>;
  configuration?: Partial<Bootstrap['network']['configuration']>;
  guestMaxOrderAmount?: number;
  /** Whether the over-18 declaration and the terms are ticked (ROUTE-04). */
  confirmed?: boolean;
  /** The reference of an order the cart remembers placing (decision 0021). */
  orderInFlight?: string;
};

/** The whole app at a checkout step, with the cart holding `lines` and its confirmations given. */
export async function openCheckout(options: OpenCheckoutOptions) {
  stubTenantService();
  // The bootstrap of the address's language, as the tenant service inlines it.
  const { locale } = splitLocale(options.path ?? '/cart/checkout');
  const base = fixtureBootstrap({ locale, direction: directionOf(locale) });
  const bootstrap = fixtureBootstrap({
    ...base,
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
      ...(line.startMonth ? { startMonth: line.startMonth } : {}),
      isSubscription: line.isSubscription ?? false,
      ...(options.signedInAs ? { profile: options.signedInAs.userId } : {}),
    });
  }
  const { actor } = await getCartRuntime();
  if (options.confirmed !== false) {
    for (const type of ['TERMS_CHANGED', 'PRIVACY_CHANGED', 'OVER_18_CHANGED'] as const)
      actor.send({ type, accepted: true });
  }
  if (options.orderInFlight) actor.send({ type: 'ORDER_IN_FLIGHT', reference: options.orderInFlight });
  const view = await renderApp(options.path ?? '/cart/checkout', { bootstrap });
  const articles = options.lines.reduce((sum, line) => sum + (line.quantity ?? 1), 0);
  await frameLoaded(view.i18n, articles);
  return { ...view, calls: session.calls, cart: actor, session: session.runtime };
}

/**
 * The parts of the page's frame that load after the first paint are in: the header's cart button,
 * the footer's appearance choice, and the alert region once the beacon has answered. A click
 * before then would re-render them while they are still loading (React reports a component
 * suspended inside `act`). Attributes are read: queries by role over the whole page would slow
 * every poll.
 */
async function frameLoaded(i18n: i18n, articles: number) {
  const cart = `button[aria-label="${i18n.t('cart.open', { count: articles })}"]`;
  const appearance = `[role="group"][aria-label="${i18n.t('shell.appearance.label')}"]`;
  await waitFor(() => {
    for (const selector of [cart, appearance, '[data-alerts="settled"]'])
      expect(document.querySelector(selector), selector).not.toBeNull();
  });
}

/** A guest session's user, as Account/login.json answers it with authAsGuest. */
export const guestLogin = (user: AuthUser) => ({ ok: { user } });

/** The public reference the fake placeOrder answers (decision 0021). */
export const ORDER_REFERENCE = 'Tq3v_8xW-2kLmNpQrStUvWxYz0123456789abcdEFGH'.slice(0, 43);

/** What Order/outcome.json answers for an order of this status (decision 0021). */
export function outcomeAnswer(status: OrderStatus, extra: Partial<OrderOutcome> = {}): OrderOutcome {
  return {
    orderId: 501,
    status,
    outcome: paymentOutcomeOf(status),
    paymentStatus: null,
    totalAmount: 200,
    currency: 'EUR',
    paymentMethod: 'CARD',
    installments: 1,
    lines: [{ label: 'Ticket unitaire', quantity: 1, totalAmount: 200 }],
    guest: false,
    invoiceEmailHint: null,
    tickets: [],
    createdAt: '2026-11-23T10:00:00+01:00',
    ...extra,
  };
}
