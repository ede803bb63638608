// Shop items, lines and verification answers for the cart's tests: the catalogue's answer schema
// fills every default, so a test names only what it is about.
import type { ArticleShop } from '@transit-shop/sdk/catalogue/article-rules';
import type { CatalogueViewer } from '@transit-shop/sdk/catalogue/shop-listing';
import { type ShopItem, shopItemSchema } from '@transit-shop/sdk/contract/catalogue';
import type { Discount, VerifyAnswer } from '@transit-shop/sdk/contract/order';

let nextId = 100;

type ItemFields = Omit<Partial<ShopItem>, 'paymentOptions'> & {
  paymentOptions?: Partial<ShopItem['paymentOptions']>;
};

export function shopItem(fields: ItemFields = {}): ShopItem {
  nextId += 1;
  return shopItemSchema.parse({
    shopItemId: nextId,
    name: `Item ${nextId}`,
    shopItemPrice: 200,
    supports: ['PHYSICAL', 'DEMATERIALIZED'],
    products: [{ productId: nextId + 5000, dematerialized: true }],
    installments: Math.max(...(fields.paymentOptions?.installments ?? [1])),
    ...fields,
    paymentOptions: { installments: [1], paymentMethods: ['CARD'], ...fields.paymentOptions },
  });
}

/** A tacit monthly subscription (decision 0016: the item that allows it is the subscription offer). */
export function subscriptionItem(fields: ItemFields = {}): ShopItem {
  return shopItem({
    pivotType: 'MONTH_PIVOT',
    pivotValue: 1,
    startProposals: 3,
    ...fields,
    paymentOptions: { allowSubscription: true, ...fields.paymentOptions },
  });
}

export const visitor: CatalogueViewer = { guest: false, signInDriver: null };
export const franceConnectUser: CatalogueViewer = { guest: false, signInDriver: 'FRANCECONNECT' };
export const guest: CatalogueViewer = { guest: true, signInDriver: null };

/** A network that sells subscriptions, takes both methods and every instalment count the items ask. */
export const testNetwork: ArticleShop['network'] = {
  has_subscriptions: true,
  multiple_payment_installments: [1, 2, 3, 4, 6, 10, 12],
  payment: { transfer_enabled: true },
  timeZone: 'Europe/Paris',
};

/** The rules' view of an add by this viewer on the test network at this instant. */
export function shopFor(viewer: CatalogueViewer, now = new Date('2026-11-23T11:00:00Z')): ArticleShop {
  return { viewer, network: testNetwork, now };
}

export function discount(sourceCode: string, amount: number, error: string | null = null): Discount {
  return {
    sourceCode,
    type: error ? null : 'AMOUNT',
    label: error ? null : sourceCode,
    amount: error ? 0 : amount,
    lines: [],
    error: error ? { code: error, message: error } : null,
  };
}

/** Order/verify.json's answer with the given total and discounts; the rest is not read by the cart. */
export function verifyAnswer(totalAmount: number, discounts: Discount[] = []): VerifyAnswer {
  const discountAmount = discounts.reduce((sum, d) => sum + d.amount, 0);
  return {
    currency: 'EUR',
    lines: [],
    discounts,
    subtotalAmount: totalAmount + discountAmount,
    discountAmount,
    totalAmount,
    paymentOptions: { installments: [1], paymentMethods: ['CARD'] },
    isSubscription: false,
  };
}
