import { randomUUID } from 'node:crypto';
import { startProposalsOf } from '@transit-shop/sdk/catalogue/start-dates';
import type { ComputeAmountAnswer, RedemptionAnswer, VerifyAnswer } from '@transit-shop/sdk/contract/order';
import { ORDER_CALLS } from '@transit-shop/sdk/contract/order';
import { ERROR_CODES } from '@transit-shop/sdk/errors/error-codes';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { type NewVoucherRow, voucherRedemptions, vouchers } from '../../db/schema/vouchers.ts';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { signedInUser } from '../../test-support/accounts.ts';
import { LUMIERE_ID, useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';

const testApp = useTestApp();

type Article = Record<string, unknown>;

// The test clock starts on Monday 2026-11-23 at 09:00 UTC (10:00 in Lumière's Europe/Paris).
const single = (quantity = 3): Article => ({ shopItemId: 1101, quantity, support: 'DEMATERIALIZED' });
const dayPass = (quantity = 2): Article => ({
  shopItemId: 1103,
  quantity,
  support: 'DEMATERIALIZED',
  startDate: '2026-11-23',
  startTime: '11:00',
});
const carnet = (): Article => ({ shopItemId: 1102, quantity: 1, support: 'PHYSICAL' });
const monthly = (startMonth = '2026-12'): Article => ({
  shopItemId: 2101,
  quantity: 1,
  support: 'DEMATERIALIZED',
  startMonth,
});
const studentMonthly = (): Article => ({
  shopItemId: 3101,
  quantity: 1,
  support: 'PHYSICAL',
  startMonth: '2026-12',
  fields: { studentNumber: 'E-2026-0042', institution: 'universite-clairval' },
});
const annual = (): Article => ({ shopItemId: 2103, quantity: 1, support: 'PHYSICAL', startMonth: '2027-01' });

const verify = (articles: Article[], vouchers: string[] = [], extra: Record<string, unknown> = {}) =>
  testApp.current.call(ORDER_CALLS.verify, { networkId: LUMIERE_ID, articles, vouchers, ...extra });

const verified = async (articles: Article[], vouchers: string[] = [], extra: Record<string, unknown> = {}) =>
  okOf<VerifyAnswer>(await verify(articles, vouchers, extra));

const signIn = (networkId = LUMIERE_ID, user: Partial<typeof users.$inferInsert> = {}) =>
  signedInUser({
    db: testApp.current.deps.db,
    clock: testApp.current.clock,
    policy: testApp.current.deps.sessionPolicy,
    networkId,
    user,
  });

let testVouchers = 0;

/** A voucher of Lumière written straight to the database, with a code of its own. */
async function insertVoucher(overrides: Partial<NewVoucherRow> = {}) {
  testVouchers += 1;
  const now = testApp.current.clock.now();
  const [row] = await testApp.current.deps.db
    .insert(vouchers)
    .values({
      networkId: LUMIERE_ID,
      code: `TEST${testVouchers}X${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
      label: { fr: 'Bon de test', en: 'Test voucher' },
      type: 'AMOUNT',
      value: 100,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('the test voucher was not stored');
  return row;
}

const errorOf = (answer: VerifyAnswer, code: string) =>
  answer.discounts.find((discount) => discount.sourceCode === code)?.error?.code;

describe('Order/verify.json: prices from the catalogue', () => {
  it('VOUCH-04 answers each line priced by the catalogue (promo price included), the subtotal and the total', async () => {
    const answer = await verified([single(), dayPass(), carnet(), monthly()]);
    expect(answer.currency).toBe('EUR');
    expect(
      answer.lines.map((line) => [line.kind, line.shopItemId, line.unitPrice, line.quantity, line.amount]),
    ).toEqual([
      ['ARTICLE', 1101, 190, 3, 570],
      ['ARTICLE', 1103, 450, 2, 900],
      ['ARTICLE', 1102, 1650, 1, 1650],
      ['ARTICLE', 2101, 6500, 1, 6500],
    ]);
    expect([answer.subtotalAmount, answer.discountAmount, answer.totalAmount]).toEqual([9620, 0, 9620]);
    expect(answer.discounts).toEqual([]);
    expect(answer.isSubscription).toBe(false);
    // CART-09, NET-04: every article takes CARD; only the monthly pass also takes TRANSFER.
    expect(answer.paymentOptions).toEqual({ installments: [1], paymentMethods: ['CARD'] });
    expect(answer.lines[3]?.productIds).toEqual([5201]);
  });

  it('refuses a price sent by the client: the article has no price field', async () => {
    const error = await koOf(await verify([{ ...single(), shopItemPrice: 1 }]));
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.details).toEqual({
      issues: [{ path: 'articles.0.shopItemPrice', message: VALIDATION_MESSAGES.unknownField }],
    });
  });

  it('prices the option of each unit and the shipping fee as lines of their own', async () => {
    const answer = await verified([{ ...monthly(), support: 'PHYSICAL', optionShopItemId: 9101 }], [], {
      shippingFeeShopItemId: 9103,
    });
    expect(answer.lines.map((line) => [line.kind, line.articleIndex, line.shopItemId, line.amount])).toEqual([
      ['ARTICLE', 0, 2101, 6500],
      ['OPTION', 0, 9101, 500],
      ['SHIPPING_FEE', null, 9103, 200],
    ]);
    expect(answer.totalAmount).toBe(7200);
  });

  it('prices a transport card bought as an option once per line, whatever the quantity of its tickets (decision 0037)', async () => {
    const answer = await verified([
      { ...single(), quantity: 3, support: 'PHYSICAL', optionShopItemId: 9101 },
    ]);
    expect(answer.lines.map((line) => [line.kind, line.shopItemId, line.quantity, line.amount])).toEqual([
      ['ARTICLE', 1101, 3, 570],
      ['OPTION', 9101, 1, 500],
    ]);
    expect(answer.totalAmount).toBe(1070);
  });

  it('CART-09 NET-05 answers the instalments every article allows and the network offers', async () => {
    expect((await verified([annual()])).paymentOptions).toEqual({
      installments: [1, 3, 10],
      paymentMethods: ['CARD', 'TRANSFER'],
    });
    expect((await verified([annual(), single()])).paymentOptions).toEqual({
      installments: [1],
      paymentMethods: ['CARD'],
    });
    // The monthly pass takes 1 or 3 instalments: beside the annual pass, 10 is no longer offered.
    expect((await verified([annual(), monthly()])).paymentOptions).toEqual({
      installments: [1, 3],
      paymentMethods: ['CARD', 'TRANSFER'],
    });
  });

  it('NET-04 never offers TRANSFER on a network without transfers', async () => {
    const answer = await okOf<VerifyAnswer>(
      await testApp.current.call(ORDER_CALLS.verify, {
        networkId: WAHAT_ID,
        articles: [{ shopItemId: 2202, quantity: 1, support: 'PHYSICAL', startMonth: '2026-12' }],
      }),
    );
    expect(answer.currency).toBe('MAD');
    expect(answer.paymentOptions.paymentMethods).toEqual(['CARD']);
  });
});

describe('Order/verify.json: articles the shop would not offer', () => {
  const refused = async (articles: Article[], extra: Record<string, unknown> = {}) =>
    koOf(await verify(articles, [], extra));

  it('refuses an unknown shop item, option or shipping fee with SHOP_ITEM_NOT_FOUND', async () => {
    expect(await refused([single(), { shopItemId: 424242, quantity: 1, support: 'PHYSICAL' }])).toMatchObject(
      {
        status: 404,
        code: 'SHOP_ITEM_NOT_FOUND',
        details: { issues: [{ path: 'articles.1.shopItemId', message: 'SHOP_ITEM_NOT_FOUND' }] },
      },
    );
    expect((await refused([{ ...monthly(), optionShopItemId: 424242 }])).code).toBe('SHOP_ITEM_NOT_FOUND');
    expect((await refused([single()], { shippingFeeShopItemId: 424242 })).code).toBe('SHOP_ITEM_NOT_FOUND');
    // Another network's item is unknown here.
    expect((await refused([{ shopItemId: 1201, quantity: 1, support: 'PHYSICAL' }])).code).toBe(
      'SHOP_ITEM_NOT_FOUND',
    );
  });

  it('CAT-01 refuses a hidden item, the card products and a listed item as shipping fee with SHOP_ITEM_NOT_OFFERED', async () => {
    for (const shopItemId of [9103, 9101, 9102]) {
      expect(await refused([{ shopItemId, quantity: 1, support: 'PHYSICAL' }])).toMatchObject({
        status: 409,
        code: 'SHOP_ITEM_NOT_OFFERED',
      });
    }
    expect((await refused([single()], { shippingFeeShopItemId: 1101 })).code).toBe('SHOP_ITEM_NOT_OFFERED');
  });

  it('refuses a support the item does not offer with SUPPORT_NOT_OFFERED', async () => {
    // The 7-day pass is card only.
    expect(
      await refused([
        {
          shopItemId: 1105,
          quantity: 1,
          support: 'DEMATERIALIZED',
          startDate: '2026-11-24',
          startTime: '09:00',
        },
      ]),
    ).toMatchObject({
      status: 409,
      code: 'SUPPORT_NOT_OFFERED',
      details: { issues: [{ path: 'articles.0.support', message: 'SUPPORT_NOT_OFFERED' }] },
    });
  });

  it('CHK-03 refuses the app support of a card-only-for-guests item to a guest, not to a customer', async () => {
    const app = { shopItemId: 1102, quantity: 1, support: 'DEMATERIALIZED' };
    const guest = await signIn(LUMIERE_ID, { status: 'GUEST', email: null });
    expect((await refused([app], { userToken: guest.token })).code).toBe('SUPPORT_NOT_OFFERED');
    const customer = await signIn();
    expect((await verified([app], [], { userToken: customer.token })).totalAmount).toBe(1650);
  });

  it('CART-04 refuses a quantity outside articleQuantityMin..Max with WRONG_QUANTITY', async () => {
    expect(await refused([single(11)])).toMatchObject({
      status: 400,
      code: 'WRONG_QUANTITY',
      details: { issues: [{ path: 'articles.0.quantity', message: 'WRONG_QUANTITY' }] },
    });
    expect((await refused([{ ...carnet(), quantity: 6 }])).code).toBe('WRONG_QUANTITY');
    expect((await verified([single(10)])).totalAmount).toBe(1900);
  });

  it('CART-08 refuses a second line of a maxBuyAtOnce item with PRODUCT_ALREADY_IN_CART', async () => {
    const card = { shopItemId: 4201, quantity: 1, support: 'PHYSICAL' };
    const answer = await koOf(
      await testApp.current.call(ORDER_CALLS.verify, { networkId: WAHAT_ID, articles: [card, card] }),
    );
    expect(answer).toMatchObject({
      status: 409,
      code: 'PRODUCT_ALREADY_IN_CART',
      details: { issues: [{ path: 'articles.1.shopItemId', message: 'PRODUCT_ALREADY_IN_CART' }] },
    });
  });

  it('CART-07 refuses a subscription sharing the cart with SUBSCRIPTION_CART_NOT_ALONE', async () => {
    const subscription = { ...monthly(), shopItemId: 2102, isSubscription: true };
    expect(await refused([subscription, single()])).toMatchObject({
      status: 409,
      code: 'SUBSCRIPTION_CART_NOT_ALONE',
    });
    expect(await refused([single(), subscription])).toMatchObject({
      details: { issues: [{ path: 'articles.1.shopItemId', message: 'SUBSCRIPTION_CART_NOT_ALONE' }] },
    });
    const alone = await verified([subscription]);
    expect([alone.isSubscription, alone.totalAmount]).toEqual([true, 6200]);
  });

  it('refuses a subscription of an item or network without subscriptions with SUBSCRIPTION_NOT_OFFERED', async () => {
    expect((await refused([{ ...monthly(), isSubscription: true }])).code).toBe('SUBSCRIPTION_NOT_OFFERED');
    const wahat = await koOf(
      await testApp.current.call(ORDER_CALLS.verify, {
        networkId: WAHAT_ID,
        articles: [
          { shopItemId: 2202, quantity: 1, support: 'PHYSICAL', startMonth: '2026-12', isSubscription: true },
        ],
      }),
    );
    expect(wahat.code).toBe('SUBSCRIPTION_NOT_OFFERED');
  });

  it('CART-12 refuses missing, invalid and unknown additional information with ARTICLE_FIELDS_INVALID, field by field', async () => {
    const answer = await refused([
      {
        ...studentMonthly(),
        fields: { studentNumber: 'E-'.repeat(11), institution: 'sorbonne', shoeSize: 42 },
      },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('ARTICLE_FIELDS_INVALID');
    expect(answer.details).toEqual({
      issues: [
        { path: 'articles.0.fields.shoeSize', message: VALIDATION_MESSAGES.unknownField },
        {
          path: 'articles.0.fields.studentNumber',
          message: VALIDATION_MESSAGES.maxLength,
          params: { maximum: 20 },
        },
        { path: 'articles.0.fields.institution', message: VALIDATION_MESSAGES.invalid },
      ],
    });
    const missing = await refused([{ ...studentMonthly(), fields: { studentNumber: '  ' } }]);
    expect(missing.details).toEqual({
      issues: [
        { path: 'articles.0.fields.studentNumber', message: VALIDATION_MESSAGES.required },
        { path: 'articles.0.fields.institution', message: VALIDATION_MESSAGES.required },
      ],
    });
    expect((await verified([studentMonthly()])).totalAmount).toBe(3200);
  });

  it('PIVOT-03 refuses a pivot article without a start, or one the cart does not propose, with ARTICLE_START_DATE', async () => {
    const noStart = await refused([{ ...monthly(), startMonth: null }]);
    expect(noStart).toMatchObject({
      status: 400,
      code: 'ARTICLE_START_DATE',
      message: 'Cannot compute article start date',
      details: { issues: [{ path: 'articles.0.startMonth', message: 'ARTICLE_START_DATE' }] },
    });
    // PIVOT-02: three months proposed from November 2026.
    expect((await refused([monthly('2026-10')])).code).toBe('ARTICLE_START_DATE');
    expect((await refused([monthly('2027-02')])).code).toBe('ARTICLE_START_DATE');
    expect((await verified([monthly('2027-01')])).totalAmount).toBe(6500);
    // PIVOT-01: a 24-hour pass starts on a 15-minute slot.
    expect((await refused([{ ...dayPass(), startTime: '11:05' }])).code).toBe('ARTICLE_START_DATE');
    expect(await refused([{ ...dayPass(), startTime: null }])).toMatchObject({
      code: 'ARTICLE_START_DATE',
      details: { issues: [{ path: 'articles.0.startDate', message: 'ARTICLE_START_DATE' }] },
    });
    // A slot gone by: 09:45 on the test clock's 10:00 in Paris.
    expect((await refused([{ ...dayPass(), startTime: '09:45' }])).code).toBe('ARTICLE_START_DATE');
  });

  it('PIVOT-02 on the last days of a month Order/verify.json takes the months the product page proposes, and no other', async () => {
    const clock = testApp.current.clock;
    const started = clock.now();
    const proposedAt = (now: Date) => {
      const proposals = startProposalsOf(
        { pivotType: 'MONTH_PIVOT', startProposals: 3, pivotValue: 1 },
        { now, timeZone: 'Europe/Paris' },
      );
      return proposals?.pivotType === 'MONTH_PIVOT' ? proposals.months.map((m) => m.startMonth) : [];
    };
    try {
      // Saturday 27 June 2026, 11:00 in Paris: July first, June after it, then August and September.
      const june27 = clock.set('2026-06-27T09:00:00Z');
      expect(proposedAt(june27)).toEqual(['2026-07', '2026-06', '2026-08', '2026-09']);
      for (const startMonth of proposedAt(june27))
        expect((await verified([monthly(startMonth)])).totalAmount, startMonth).toBe(6500);
      for (const startMonth of ['2026-05', '2026-10'])
        expect((await refused([monthly(startMonth)])).code, startMonth).toBe('ARTICLE_START_DATE');
      // 1 July, 00:30 in Paris: June is no longer proposed, so no longer taken.
      clock.set('2026-06-30T22:30:00Z');
      expect((await refused([monthly('2026-06')])).code).toBe('ARTICLE_START_DATE');
      expect((await verified([monthly('2026-07')])).totalAmount).toBe(6500);
    } finally {
      clock.set(started);
    }
  });

  it("refuses an article for a traveller who is not one of the caller's with PROFILE_NOT_FOUND", async () => {
    const holder = await signIn();
    const stranger = await signIn();
    const [profile] = await testApp.current.deps.db
      .insert(users)
      .values({
        firstName: 'Noé',
        lastName: 'Martin',
        locale: 'fr',
        parentUserId: holder.user.id,
        createdAt: testApp.current.clock.now(),
        updatedAt: testApp.current.clock.now(),
      })
      .returning();
    const forProfile = { ...single(), customerId: profile?.id };
    expect((await verified([forProfile], [], { userToken: holder.token })).totalAmount).toBe(570);
    expect(await koOf(await verify([forProfile], [], { userToken: stranger.token }))).toMatchObject({
      code: 'PROFILE_NOT_FOUND',
      details: { issues: [{ path: 'articles.0.customerId', message: 'PROFILE_NOT_FOUND' }] },
    });
    expect((await koOf(await verify([forProfile]))).code).toBe('USER_NOT_CONNECTED');
  });
});

describe('Order/verify.json: vouchers', () => {
  it('VOUCH-03 VOUCH-04 applies ARTICLE_RATIO, ARTICLE_AMOUNT then AMOUNT in the order sent, each on what the previous left', async () => {
    const answer = await verified(
      [single(), dayPass(), carnet(), monthly()],
      ['passjour25', 'CARNET2', ' Bienvenue5 '],
    );
    expect(
      answer.discounts.map((discount) => [
        discount.sourceCode,
        discount.type,
        discount.amount,
        discount.error,
      ]),
    ).toEqual([
      ['passjour25', 'ARTICLE_RATIO', 224, null],
      ['CARNET2', 'ARTICLE_AMOUNT', 200, null],
      ['Bienvenue5', 'AMOUNT', 500, null],
    ]);
    // 25 % of 4.50 is 1.125, rounded down per unit: 1.12 × 2.
    expect(answer.discounts[0]?.lines).toEqual([{ lineIndex: 1, amount: 224 }]);
    expect(answer.discounts[1]?.lines).toEqual([{ lineIndex: 2, amount: 200 }]);
    // 5 € shared in proportion to what is left of each line (5.70, 6.76, 14.50, 65.00).
    expect(answer.discounts[2]?.lines).toEqual([
      { lineIndex: 0, amount: 31 },
      { lineIndex: 1, amount: 37 },
      { lineIndex: 2, amount: 79 },
      { lineIndex: 3, amount: 353 },
    ]);
    expect(answer.discounts[2]?.label).toBe('Bienvenue\u202f: 5 € offerts');
    expect([answer.subtotalAmount, answer.discountAmount, answer.totalAmount]).toEqual([9620, 924, 8696]);
    expect(answer.lines.map((line) => line.totalAmount)).toEqual([539, 639, 1371, 6147]);
  });

  it('VOUCH-03 RATIO takes its share of the lines it applies to, labelled in the language asked for', async () => {
    const answer = await verified([studentMonthly(), single()], ['ETUDIANT10'], { lang: 'en' });
    expect(answer.discounts).toEqual([
      {
        sourceCode: 'ETUDIANT10',
        type: 'RATIO',
        label: 'Back to school: 10% off student passes',
        amount: 320,
        lines: [{ lineIndex: 0, amount: 320 }],
        error: null,
      },
    ]);
    expect(answer.totalAmount).toBe(3200 + 570 - 320);
  });

  it('VOUCH-03 GIFT makes the cheapest applicable units free', async () => {
    const answer = await verified([single(3)], ['TICKETOFFERT']);
    expect(answer.discounts[0]).toMatchObject({ type: 'GIFT', amount: 190, error: null });
    expect(answer.totalAmount).toBe(380);
  });

  it("VOUCH-02 an unknown code, or another network's, is VOUCHER_NOT_FOUND without failing the call", async () => {
    const answer = await verified([single()], ['NOPE2026', 'AHLAN20']);
    expect(answer.discounts).toEqual([
      {
        sourceCode: 'NOPE2026',
        type: null,
        label: null,
        amount: 0,
        lines: [],
        error: { code: 'VOUCHER_NOT_FOUND', message: ERROR_CODES.VOUCHER_NOT_FOUND.message },
      },
      expect.objectContaining({
        sourceCode: 'AHLAN20',
        error: expect.objectContaining({ code: 'VOUCHER_NOT_FOUND' }),
      }),
    ]);
    expect(answer.totalAmount).toBe(570);
  });

  it('VOUCH-02 a voucher switched off or not started yet is VOUCHER_INACTIVE', async () => {
    const answer = await verified([monthly()], ['SALON2026', 'NOEL2027']);
    expect([errorOf(answer, 'SALON2026'), errorOf(answer, 'NOEL2027')]).toEqual([
      'VOUCHER_INACTIVE',
      'VOUCHER_INACTIVE',
    ]);
    expect(answer.discountAmount).toBe(0);
  });

  it('VOUCH-02 a voucher past its validUntil is VOUCHER_EXPIRED', async () => {
    expect(errorOf(await verified([monthly()], ['ETE2026']), 'ETE2026')).toBe('VOUCHER_EXPIRED');
  });

  it('VOUCH-02 a voucher whose uses reached maxUses is VOUCHER_LIMIT_REACHED', async () => {
    const voucher = await insertVoucher({ maxUses: 3, uses: 3 });
    expect(errorOf(await verified([monthly()], [voucher.code]), voucher.code)).toBe('VOUCHER_LIMIT_REACHED');
  });

  it("VOUCH-02 a voucher for none of the cart's items is VOUCHER_INAPPLICABLE", async () => {
    expect(errorOf(await verified([monthly()], ['CARNET2']), 'CARNET2')).toBe('VOUCHER_INAPPLICABLE');
  });

  it('VOUCH-02 VOUCHER_NOT_APPLIED: below its minimum, a code sent twice, beside a voucher it cannot combine with, nothing left to take', async () => {
    expect(errorOf(await verified([single(2)], ['BIENVENUE5']), 'BIENVENUE5')).toBe('VOUCHER_NOT_APPLIED');
    const twice = await verified([monthly()], ['BIENVENUE5', 'bienvenue5']);
    expect(twice.discounts.map((discount) => discount.error?.code ?? null)).toEqual([
      null,
      'VOUCHER_NOT_APPLIED',
    ]);
    // TICKETOFFERT is not combinable: after another voucher, and before one.
    const after = await verified([single(), monthly()], ['BIENVENUE5', 'TICKETOFFERT']);
    expect(errorOf(after, 'TICKETOFFERT')).toBe('VOUCHER_NOT_APPLIED');
    const before = await verified([single(), monthly()], ['TICKETOFFERT', 'BIENVENUE5']);
    expect(before.discounts.map((discount) => discount.error?.code ?? null)).toEqual([
      null,
      'VOUCHER_NOT_APPLIED',
    ]);
    const free = await insertVoucher({ type: 'RATIO', value: 10_000 });
    const nothingLeft = await verified([single()], [free.code, 'TICKETOFFERT']);
    expect(nothingLeft.totalAmount).toBe(0);
    expect(errorOf(nothingLeft, 'TICKETOFFERT')).toBe('VOUCHER_NOT_APPLIED');
  });

  it('VOUCH-01 refuses a code shorter than 4 characters before looking it up', async () => {
    expect(await koOf(await verify([single()], ['ABC']))).toMatchObject({
      code: 'INVALID_REQUEST',
      details: {
        issues: [
          { path: 'vouchers.0', message: VALIDATION_MESSAGES.voucherMinLength, params: { minimum: 4 } },
        ],
      },
    });
  });
});

describe('Order/computeAmount.json', () => {
  const compute = (articles: Article[], extra: Record<string, unknown> = {}) =>
    testApp.current.call(ORDER_CALLS.computeAmount, { networkId: LUMIERE_ID, articles, ...extra });

  it('PAY-02 splits the total into monthly debits from the order day, the remainder on the first', async () => {
    const answer = await okOf<ComputeAmountAnswer>(
      await compute([annual()], { installments: 3, paymentMethod: 'TRANSFER' }),
    );
    expect([answer.totalAmount, answer.installments, answer.paymentMethod]).toEqual([65000, 3, 'TRANSFER']);
    expect(answer.schedule).toEqual([
      { dueDate: '2026-11-23', amount: 21668 },
      { dueDate: '2026-12-23', amount: 21666 },
      { dueDate: '2027-01-23', amount: 21666 },
    ]);
    const tenTimes = await okOf<ComputeAmountAnswer>(
      await compute([annual()], { installments: 10, vouchers: ['BIENVENUE5'] }),
    );
    expect(tenTimes.totalAmount).toBe(64500);
    expect(new Set(tenTimes.schedule.map((debit) => debit.amount))).toEqual(new Set([6450]));
    expect(tenTimes.schedule.at(-1)?.dueDate).toBe('2027-08-23');
    // The monthly pass in 3: 6500 does not split evenly, the 2 left over go on the first debit.
    const monthlyInThree = await okOf<ComputeAmountAnswer>(
      await compute([monthly()], { installments: 3, paymentMethod: 'TRANSFER' }),
    );
    expect(monthlyInThree.schedule.map((debit) => debit.amount)).toEqual([2168, 2166, 2166]);
  });

  it('PAY-04 refuses instalments or a payment method some article does not take, each with its own code', async () => {
    expect(await koOf(await compute([annual(), single()], { installments: 3 }))).toMatchObject({
      status: 409,
      code: 'INCOMPATIBLE_INSTALLMENTS',
      details: { issues: [{ path: 'installments', message: 'INCOMPATIBLE_INSTALLMENTS' }] },
    });
    // Both passes take instalments, but not the same counts: 10 is the annual pass's alone.
    expect((await koOf(await compute([annual(), monthly()], { installments: 10 }))).code).toBe(
      'INCOMPATIBLE_INSTALLMENTS',
    );
    expect(await koOf(await compute([annual(), single()], { paymentMethod: 'TRANSFER' }))).toMatchObject({
      status: 409,
      code: 'INCOMPATIBLE_PAYMENT_METHODS',
    });
    // NET-04: CASH is never taken online.
    expect((await koOf(await compute([annual()], { paymentMethod: 'CASH' }))).code).toBe(
      'INCOMPATIBLE_PAYMENT_METHODS',
    );
  });

  it('CART-10 fails with the code of the first voucher that does not apply', async () => {
    expect(await koOf(await compute([monthly()], { vouchers: ['BIENVENUE5', 'ETE2026'] }))).toMatchObject({
      status: 410,
      code: 'VOUCHER_EXPIRED',
      details: { issues: [{ path: 'vouchers.1', message: 'VOUCHER_EXPIRED' }] },
    });
  });
});

describe('Order/redeemVoucher.json', () => {
  const redeem = (
    caller: { token: string; user: { id: number } },
    code: string,
    articles: Article[],
    redemptionKey: string = randomUUID(),
  ) =>
    testApp.current.call(ORDER_CALLS.redeemVoucher, {
      userToken: caller.token,
      userId: caller.user.id,
      networkId: LUMIERE_ID,
      code,
      articles,
      redemptionKey,
    });

  const usesOf = async (code: string) => {
    const [row] = await testApp.current.deps.db
      .select({ uses: vouchers.uses })
      .from(vouchers)
      .where(and(eq(vouchers.networkId, LUMIERE_ID), eq(vouchers.code, code)));
    return row?.uses;
  };

  it('redeems a voucher once for the customer, and a retry with the same key answers the same redemption', async () => {
    const voucher = await insertVoucher({ type: 'ARTICLE_AMOUNT', value: 50, maxUses: 10 });
    const caller = await signIn();
    const key = randomUUID();
    const first = await okOf<RedemptionAnswer>(
      await redeem(caller, voucher.code.toLowerCase(), [single()], key),
    );
    expect(first).toMatchObject({
      redemptionKey: key,
      code: voucher.code,
      usesLeft: 9,
      redeemedAt: testApp.current.clock.now().toISOString(),
      discount: { sourceCode: voucher.code.toLowerCase(), type: 'ARTICLE_AMOUNT', amount: 150, error: null },
    });
    const again = await okOf<RedemptionAnswer>(await redeem(caller, voucher.code, [single()], key));
    expect(again).toEqual(first);
    expect(await usesOf(voucher.code)).toBe(1);
    const rows = await testApp.current.deps.db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.voucherId, voucher.id));
    expect(rows.map((row) => [row.userId, row.amount])).toEqual([[caller.user.id, 150]]);
    // Another customer's use of the same key is refused.
    expect((await koOf(await redeem(await signIn(), voucher.code, [single()], key))).code).toBe('FORBIDDEN');
  });

  it('VOUCH-02 refuses past maxUsesPerCustomer with VOUCHER_LIMIT_REACHED, and verify says so to that customer only', async () => {
    const caller = await signIn();
    await okOf(await redeem(caller, 'BIENVENUE5', [monthly()]));
    expect(await koOf(await redeem(caller, 'BIENVENUE5', [monthly()]))).toMatchObject({
      status: 409,
      code: 'VOUCHER_LIMIT_REACHED',
    });
    const seen = await verified([monthly()], ['BIENVENUE5'], { userToken: caller.token });
    expect(errorOf(seen, 'BIENVENUE5')).toBe('VOUCHER_LIMIT_REACHED');
    const other = await signIn();
    const fresh = await verified([monthly()], ['BIENVENUE5'], { userToken: other.token });
    expect(errorOf(fresh, 'BIENVENUE5')).toBeUndefined();
  });

  it('VOUCH-02 refuses past maxUses with VOUCHER_LIMIT_REACHED and counts no use', async () => {
    const voucher = await insertVoucher({ maxUses: 2 });
    for (const expected of [1, 0]) {
      expect(
        (await okOf<RedemptionAnswer>(await redeem(await signIn(), voucher.code, [single()]))).usesLeft,
      ).toBe(expected);
    }
    expect((await koOf(await redeem(await signIn(), voucher.code, [single()]))).code).toBe(
      'VOUCHER_LIMIT_REACHED',
    );
    expect(await usesOf(voucher.code)).toBe(2);
  });

  it('VOUCH-02 refuses a voucher that does not apply with its own code and status, counting nothing', async () => {
    const caller = await signIn();
    const cases: [string, Article[], string, number][] = [
      ['NOPE2026', [single()], 'VOUCHER_NOT_FOUND', 404],
      ['SALON2026', [single()], 'VOUCHER_INACTIVE', 409],
      ['ETE2026', [single()], 'VOUCHER_EXPIRED', 410],
      ['CARNET2', [single()], 'VOUCHER_INAPPLICABLE', 422],
      ['BIENVENUE5', [single(2)], 'VOUCHER_NOT_APPLIED', 409],
    ];
    for (const [code, articles, expected, status] of cases) {
      expect(await koOf(await redeem(caller, code, articles))).toMatchObject({ code: expected, status });
    }
    const rows = await testApp.current.deps.db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.userId, caller.user.id));
    expect(rows).toEqual([]);
  });

  it('refuses the articles a verification refuses, before counting anything', async () => {
    const voucher = await insertVoucher({ maxUses: 5 });
    expect((await koOf(await redeem(await signIn(), voucher.code, [single(11)]))).code).toBe(
      'WRONG_QUANTITY',
    );
    expect(await usesOf(voucher.code)).toBe(0);
  });

  it('VOUCH-02 holds the total limit under concurrent redemptions: exactly maxUses succeed', async () => {
    const limit = 5;
    const voucher = await insertVoucher({ maxUses: limit });
    const callers = await Promise.all(Array.from({ length: 30 }, () => signIn()));
    const answers = await Promise.all(callers.map((caller) => redeem(caller, voucher.code, [single()])));
    const codes = await Promise.all(
      answers.map(async (answer) => {
        const body = (await answer.json()) as { status: string; response: { error?: { code: string } } };
        return body.status === 'ok' ? 'ok' : body.response.error?.code;
      }),
    );
    expect(codes.filter((code) => code === 'ok')).toHaveLength(limit);
    expect(codes.filter((code) => code !== 'ok')).toEqual(Array(30 - limit).fill('VOUCHER_LIMIT_REACHED'));
    expect(await usesOf(voucher.code)).toBe(limit);
    const rows = await testApp.current.deps.db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.voucherId, voucher.id));
    expect(rows).toHaveLength(limit);
  });
});
