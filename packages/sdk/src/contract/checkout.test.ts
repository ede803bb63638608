import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors/error-codes.ts';
import {
  acknowledgePaymentCall,
  CHECKOUT_CALLS,
  createOrderCall,
  getOrdersCall,
  ORDER_PROCESS_STATUSES,
  ORDER_STATUSES,
  paymentOutcomeOf,
  placeOrderCall,
  printOrderCall,
} from './checkout.ts';

const article = { shopItemId: 1101, quantity: 1, support: 'PHYSICAL' };
const base = {
  userToken: 't'.repeat(43),
  userId: 7,
  networkId: 101,
  articles: [article],
  orderKey: '4f6c1c2e-9a8b-4c1d-8e2f-0a1b2c3d4e5f',
  returnUrl: '/cart/checkout',
};

describe('checkout contracts', () => {
  it('the calls, their methods and sessions; the reading calls are never cached', () => {
    expect(
      Object.values(CHECKOUT_CALLS).map((call) => [
        call.path,
        call.method,
        call.cacheable,
        call.authenticated,
      ]),
    ).toEqual([
      ['Order/placeOrder.json', 'POST', false, true],
      ['Order/create.json', 'POST', false, true],
      ['Order/getOrders.json', 'GET', false, true],
      ['Order/history.json', 'GET', false, true],
      ['Order/printOrder.json', 'POST', false, true],
      ['Payment/acknowledge.json', 'POST', false, true],
      ['Order/outcome.json', 'POST', false, false],
    ]);
  });

  it('ORD-01 ORD-02 the order statuses and process statuses of the spec', () => {
    expect(ORDER_STATUSES).toEqual([
      'COMPLETED',
      'CANCELED',
      'ERROR',
      'PENDING',
      'PROCESSING',
      'REGULARIZATION',
    ]);
    expect(ORDER_PROCESS_STATUSES).toEqual(['PROCESSING', 'TO_PROCESS', 'PROCESSED']);
  });

  it('placeOrder fills the defaults: one card payment, nothing saved, no delivery', () => {
    const parsed = placeOrderCall.request.parse(base);
    expect(parsed).toMatchObject({
      installments: 1,
      paymentMethod: 'CARD',
      savedPaymentMethodId: null,
      saveMethod: false,
      delivery: null,
      invoiceEmail: null,
      vouchers: [],
    });
  });

  it('placeOrder refuses unknown fields, a key that is not a UUID, another origin as return, a cash payment', () => {
    expect(placeOrderCall.request.safeParse({ ...base, price: 1 }).success).toBe(false);
    expect(placeOrderCall.request.safeParse({ ...base, orderKey: 'abc' }).success).toBe(false);
    for (const returnUrl of ['//evil.example/x', 'https://evil.example/', 'cart', '/a b'])
      expect(placeOrderCall.request.safeParse({ ...base, returnUrl }).success, returnUrl).toBe(false);
    expect(placeOrderCall.request.safeParse({ ...base, paymentMethod: 'CASH' }).success).toBe(false);
  });

  it('a delivery is posted to an address or collected at a site in a slot', () => {
    const address = {
      fullname: 'Ada Lovelace',
      addressRoute: '1 rue de la Gare',
      addressPostalCode: '69001',
      addressCity: 'Lyon',
      addressState: 'Rhône',
    };
    expect(
      placeOrderCall.request.safeParse({ ...base, delivery: { mode: 'SHIPPING', address } }).success,
    ).toBe(true);
    expect(
      placeOrderCall.request.safeParse({
        ...base,
        delivery: { mode: 'COLLECT', siteId: 1, slotStart: '2026-11-25T09:00:00Z' },
      }).success,
    ).toBe(true);
    expect(
      placeOrderCall.request.safeParse({ ...base, delivery: { mode: 'COLLECT', siteId: 1 } }).success,
    ).toBe(false);
  });

  it('create takes no payment fields', () => {
    const { returnUrl: _returnUrl, ...order } = base;
    expect(createOrderCall.request.safeParse(order).success).toBe(true);
    expect(createOrderCall.request.safeParse({ ...order, installments: 1 }).success).toBe(false);
    expect(createOrderCall.request.safeParse(base).success).toBe(false);
  });

  it('getOrders reads its numbers from the query text', () => {
    expect(
      getOrdersCall.request.parse({
        userToken: 'x',
        userId: '7',
        networkId: '101',
        page: '2',
        pageSize: '10',
      }),
    ).toMatchObject({ userId: 7, networkId: 101, page: 2, pageSize: 10 });
    expect(
      getOrdersCall.request.safeParse({ userToken: 'x', userId: '7', networkId: '101', pageSize: '51' })
        .success,
    ).toBe(false);
  });

  it('ORD-04 printOrder hands the caller the invoice as a PDF blob', async () => {
    const answer = printOrderCall.response.parse({
      fileName: 'invoice.pdf',
      contentType: 'application/pdf',
      contentBase64: btoa('%PDF-1.7'),
    });
    const result = printOrderCall.toResult(answer);
    expect(result.fileName).toBe('invoice.pdf');
    expect(result.blob.type).toBe('application/pdf');
    expect(await result.blob.text()).toBe('%PDF-1.7');
  });

  it('acknowledge takes the order and the checkout id of the return address', () => {
    expect(
      acknowledgePaymentCall.request.safeParse({ ...base, orderId: 1, checkoutId: 'chk_0123' }).success,
    ).toBe(false);
    expect(
      acknowledgePaymentCall.request.safeParse({
        userToken: 'x',
        userId: 7,
        networkId: 101,
        orderId: 1,
        checkoutId: 'chk_0123456789abcdef01234567',
      }).success,
    ).toBe(true);
  });

  it('PAY-03 each order status calls for its outcome popup', () => {
    expect(ORDER_STATUSES.map(paymentOutcomeOf)).toEqual([
      'CONFIRMED',
      'CANCELLED',
      'FAILED',
      null,
      'PENDING',
      'CONFIRMED',
    ]);
  });

  it('the payment errors of spec 02 §8 have their codes', () => {
    for (const code of [
      'PAYMENT_UNEXPECTED_ERROR',
      'PAYMENT_REFUSED',
      'PAYMENT_CANCELLED',
      'COLLECT_SLOT_FULL',
      'ORDER_NOT_FOUND',
    ])
      expect(ERROR_CODES).toHaveProperty(code);
  });
});
