// The cart's texts: every refusal code the cart machine reports, every voucher error and every
// checkout issue has its text in every language.
import { CART_REFUSALS, CHECKOUT_ISSUES } from '@transit-shop/flows/cart/cart-rules';
import { VOUCHER_ERROR_CODES } from '@transit-shop/sdk/contract/order';
import { LOCALES } from '@transit-shop/sdk/locales';
import { describe, expect, it } from 'vitest';

const FILES = import.meta.glob<{ cart: Record<string, Record<string, unknown>> }>('./*.json', {
  import: 'default',
  eager: true,
});

describe('cart texts', () => {
  for (const locale of LOCALES) {
    const cart = FILES[`./${locale}.json`]?.cart;

    it(`VOUCH-02 every refusal and voucher error has a text in ${locale}`, () => {
      for (const code of [...CART_REFUSALS, ...VOUCHER_ERROR_CODES]) {
        expect(typeof cart?.errors?.[code], `${locale}: ${code}`).toBe('string');
      }
    });

    it(`every checkout issue has a text in ${locale}`, () => {
      for (const issue of CHECKOUT_ISSUES) {
        expect(typeof cart?.issues?.[issue], `${locale}: ${issue}`).toBe('string');
      }
    });
  }
});
