// The browser's cart and the ticket API's pricing give the same verdict on every cart: random adds
// and quantity changes over a demo catalogue (quantity bounds, maxBuyAtOnce, a subscription, day,
// week and month pivots, additional fields, instalments and methods, card-only items), each put to
// the cart machine as the product and cart pages put it, and the cart it would make put to
// priceCart as Order/verify.json and placeOrder put it. Accepted by one, accepted by the other;
// refused by one, refused by the other with the same code.
import { type CartInput, cartMachine } from '@transit-shop/flows/cart/cart.machine';
import { type CartItemDraft, cartItemOf } from '@transit-shop/flows/cart/cart-rules';
import { orderArticleOf } from '@transit-shop/flows/cart/verify-order';
import type { CatalogueViewer } from '@transit-shop/sdk/catalogue/shop-listing';
import {
  monthChoiceOf,
  type StartChoice,
  slotChoiceOf,
  startProposalsOf,
  weekChoiceOf,
} from '@transit-shop/sdk/catalogue/start-dates';
import type { ShopItem, Support } from '@transit-shop/sdk/contract/catalogue';
import type { OrderOutcome } from '@transit-shop/sdk/contract/checkout';
import type { OrderArticle, VerifyAnswer } from '@transit-shop/sdk/contract/order';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import {
  type CatalogueShopItemFile,
  catalogueAnswer,
  catalogueShopItemFileSchema,
} from '@transit-shop/tenancy';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type PriceCartInput, priceCart } from './price-cart.ts';

const NOW = new Date('2026-11-23T09:00:00Z'); // a Monday, 10:00 in Paris
const TIME_ZONE = 'Europe/Paris';

const fileItem = (fields: Record<string, unknown>) =>
  catalogueShopItemFileSchema.parse({
    category: 'tickets',
    name: { en: `Item ${fields.shopItemId}` },
    supports: ['PHYSICAL', 'DEMATERIALIZED'],
    products: [{ productId: Number(fields.shopItemId) + 5000, dematerialized: true }],
    shopItemPrice: 300,
    vatRate: 1000,
    ...fields,
  });

/** The demo catalogue: one item for each rule an article or a cart meets. */
const FILE_ITEMS: CatalogueShopItemFile[] = [
  fileItem({ shopItemId: 1, articleQuantityMin: 1, articleQuantityMax: 3 }),
  fileItem({ shopItemId: 2, maxBuyAtOnce: true, articleQuantityMax: 4 }),
  fileItem({ shopItemId: 3, articleQuantityMin: 2, articleQuantityMax: 6 }),
  fileItem({
    shopItemId: 4,
    pivotType: 'MONTH_PIVOT',
    pivotValue: 1,
    startProposals: 3,
    paymentOptions: { installments: [1, 3], paymentMethods: ['CARD', 'TRANSFER'], allowSubscription: true },
  }),
  fileItem({ shopItemId: 5, pivotType: 'DAY_PIVOT', pivotValue: 1, startProposals: 2 }),
  fileItem({ shopItemId: 6, pivotType: 'WEEK_PIVOT', pivotValue: 1, startProposals: 2 }),
  fileItem({
    shopItemId: 7,
    fields: [
      { id: 'name', type: 'TEXT', label: { en: 'Name' }, required: true, maxLength: 10 },
      { id: 'age', type: 'NUMBER', label: { en: 'Age' }, min: 4, max: 25 },
      { id: 'birthday', type: 'DATE', label: { en: 'Birthday' } },
      {
        id: 'zone',
        type: 'SELECT',
        label: { en: 'Zone' },
        options: [
          { value: 'a', label: { en: 'A' } },
          { value: 'b', label: { en: 'B' } },
        ],
      },
      { id: 'consent', type: 'CHECKBOX', label: { en: 'Consent' }, required: true },
    ],
  }),
  fileItem({ shopItemId: 8, paymentOptions: { installments: [3], paymentMethods: ['CARD'] } }),
  fileItem({ shopItemId: 9, paymentOptions: { installments: [1], paymentMethods: ['TRANSFER'] } }),
  fileItem({ shopItemId: 10, tags: 'eshop_guest_card_only' }),
  fileItem({ shopItemId: 11, supports: ['PHYSICAL'], maxBuyAtOnce: true, articleQuantityMax: 1 }),
  fileItem({ shopItemId: 12, paymentOptions: { installments: [2], paymentMethods: ['CARD'] } }),
];

/** The same items as the shop's catalogue answers them to the browser. */
const ITEMS: ShopItem[] = catalogueAnswer(
  {
    config: { currency: 'EUR', defaultLanguage: 'en' },
    catalogue: {
      categories: [{ id: 'tickets', productTypeIndex: 0, name: { en: 'Tickets' }, description: null }],
      fareProducts: [],
      rates: [],
      documentTypes: [],
      shopItems: FILE_ITEMS,
    },
  },
  { locale: 'en' },
).categories.flatMap((category) => category.shopItems);

type NetworkSettings = PriceCartInput['network']['network']['config'];

const networkOf = (transferEnabled: boolean): NetworkSettings => ({
  multiple_payment_installments: [1, 3],
  payment: { transfer_enabled: transferEnabled },
  has_subscriptions: true,
  timeZone: TIME_ZONE,
});

/** The server's verdict: ok, or the code priceCart refuses the articles with. */
function serverVerdict(articles: OrderArticle[], config: NetworkSettings, viewer: CatalogueViewer): string {
  try {
    priceCart({
      network: {
        catalogue: { categories: [], fareProducts: [], rates: [], documentTypes: [], shopItems: FILE_ITEMS },
        network: { config },
      },
      articles,
      shippingFeeShopItemId: null,
      viewer,
      now: NOW,
    });
    return 'ok';
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

const VERIFIED: VerifyAnswer = {
  currency: 'EUR',
  lines: [],
  discounts: [],
  subtotalAmount: 0,
  discountAmount: 0,
  totalAmount: 0,
  paymentOptions: { installments: [1], paymentMethods: ['CARD'] },
  isSubscription: false,
};

function browserCart(config: NetworkSettings) {
  let nextId = 0;
  const machine = cartMachine.provide({
    actors: {
      verifyOrder: fromPromise(async () => VERIFIED),
      saveCart: fromPromise(async (): Promise<void> => undefined),
      // No order is placed here: its outcome is never asked.
      readOrderOutcome: fromPromise<OrderOutcome, { orderReference: string }>(
        () => new Promise(() => undefined),
      ),
    },
  });
  const input = {
    now: () => NOW,
    createId: () => `line-${++nextId}`,
    network: config,
  } as CartInput;
  return createActor(machine, { input }).start();
}

// ---------------------------------------------------------------------------------------------
// What a page may send: an add of any catalogue item with any support, quantity, start and fields,
// or a quantity change of a line.

const fieldValue = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'Ana',
    'a name far too long',
    'a',
    'b',
    'c',
    '2026-02-30',
    '2010-05-17',
    '17/05/2010',
  ),
  fc.integer({ min: -5, max: 40 }),
  fc.boolean(),
);
const fieldsArbitrary = fc.dictionary(
  fc.constantFrom('name', 'age', 'birthday', 'zone', 'consent', 'unknown'),
  fieldValue,
  { maxKeys: 6 },
);

/** A start among the item's proposals (most of the time), or one it does not propose. */
function startOf(item: ShopItem, pick: number, stale: boolean): Partial<StartChoice> {
  const proposals = startProposalsOf(item, { now: NOW, timeZone: TIME_ZONE });
  if (proposals === null) return {};
  if (proposals.pivotType === 'MONTH_PIVOT') {
    const months = proposals.months.map(monthChoiceOf);
    return stale ? { startMonth: '2025-01' } : (months[pick % months.length] ?? {});
  }
  // A Monday long past, at a time off the quarter hours: neither a week nor a slot proposed.
  if (stale) return { startDate: '2025-01-06', startTime: '09:07' };
  const choices =
    proposals.pivotType === 'WEEK_PIVOT'
      ? proposals.weeks.map(weekChoiceOf)
      : proposals.days.flatMap((day) => day.slots.map((slot) => slotChoiceOf(day.date, slot)));
  return choices[pick % choices.length] ?? {};
}

type Step = { kind: 'add'; draft: CartItemDraft } | { kind: 'change'; line: number; quantity: number };

const addArbitrary: fc.Arbitrary<Step> = fc
  .record({
    index: fc.nat({ max: ITEMS.length - 1 }),
    quantity: fc.integer({ min: 0, max: 7 }),
    support: fc.constantFrom<Support>('PHYSICAL', 'DEMATERIALIZED'),
    pick: fc.nat(),
    stale: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
    fields: fieldsArbitrary,
    profile: fc.constantFrom(null, 7),
  })
  .map(({ index, quantity, support, pick, stale, fields, profile }) => {
    const item = ITEMS[index] as ShopItem;
    return {
      kind: 'add' as const,
      draft: {
        item,
        quantity,
        delivery: support,
        profile,
        ...startOf(item, pick, stale),
        fields,
      },
    };
  });

const changeArbitrary: fc.Arbitrary<Step> = fc.record({
  kind: fc.constant('change' as const),
  line: fc.nat({ max: 5 }),
  quantity: fc.integer({ min: 0, max: 7 }),
});

const viewerArbitrary = fc.constantFrom<CatalogueViewer>(
  { guest: false, signInDriver: null },
  { guest: true, signInDriver: null },
  { guest: false, signInDriver: 'FRANCECONNECT' },
);

describe('the cart rules of the browser and of the ticket API', () => {
  it('give the same verdict on every add and quantity change of random carts', () => {
    fc.assert(
      fc.property(
        viewerArbitrary,
        fc.boolean(),
        fc.array(
          fc.oneof({ weight: 3, arbitrary: addArbitrary }, { weight: 1, arbitrary: changeArbitrary }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        (viewer, transferEnabled, steps) => {
          const config = networkOf(transferEnabled);
          const cart = browserCart(config);
          try {
            for (const step of steps) {
              const lines = cart.getSnapshot().context.items;
              if (step.kind === 'add') {
                // The server sees the cart as the add would leave it, the new article last.
                const articles = [...lines, cartItemOf(step.draft, 'new')].map(orderArticleOf);
                const server = serverVerdict(articles, config, viewer);
                cart.send({ type: 'ADD_ITEM', item: step.draft, viewer });
                const browser = cart.getSnapshot().context.refusal?.code ?? 'ok';
                expect({ step: 'add', browser }).toEqual({ step: 'add', browser: server });
              } else {
                const line = lines[step.line % Math.max(1, lines.length)];
                if (!line || line.quantity === step.quantity) continue;
                const articles = lines
                  .map((candidate) =>
                    candidate.id === line.id ? { ...candidate, quantity: step.quantity } : candidate,
                  )
                  .map(orderArticleOf);
                const server = serverVerdict(articles, config, viewer);
                cart.send({ type: 'CHANGE_QUANTITY', id: line.id, quantity: step.quantity });
                const changed = cart.getSnapshot().context.items.find((l) => l.id === line.id);
                // CART-04: a change the cart ignores is one the server refuses as a wrong quantity.
                const browser = changed?.quantity === step.quantity ? 'ok' : 'WRONG_QUANTITY';
                expect({ step: 'change', browser }).toEqual({ step: 'change', browser: server });
              }
              // Whatever the cart holds, the server takes.
              const held = cart.getSnapshot().context.items.map(orderArticleOf);
              expect(serverVerdict(held, config, viewer)).toBe('ok');
            }
          } finally {
            cart.stop();
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
