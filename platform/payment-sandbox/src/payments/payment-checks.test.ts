import { describe, expect, it } from 'vitest';
import { cardBrand, isCvc, isExpired, parseExpiry, passesLuhn } from './card-checks.ts';
import { formatIban, isValidIban, normaliseIban } from './iban.ts';
import { TEST_CARDS, TEST_IBANS } from './test-data.ts';

describe('card checks', () => {
  it('passes every test card through Luhn and refuses a changed digit', () => {
    for (const number of Object.values(TEST_CARDS)) expect(passesLuhn(number)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('42a2')).toBe(false);
  });

  it('reads MM/YY and keeps a card valid until the end of its month', () => {
    expect(parseExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry(' 04 / 29 ')).toEqual({ month: 4, year: 2029 });
    for (const bad of ['4/29', '00/29', '13/29', '0429', '04/2029', 'ab/cd'])
      expect(parseExpiry(bad)).toBeNull();
    const now = new Date('2026-11-30T23:59:59.000Z');
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 11, year: 2026 }, new Date('2026-12-01T00:00:00.000Z'))).toBe(true);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
  });

  it('accepts 3 or 4 digit CVCs only', () => {
    expect(['123', '1234'].map(isCvc)).toEqual([true, true]);
    expect(['12', '12345', '12a', ''].map(isCvc)).toEqual([false, false, false, false]);
  });

  it('names the brand from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('unknown');
  });
});

describe('IBAN checks', () => {
  it('accepts the test IBANs and other valid ones, typed with spaces and in lower case', () => {
    for (const iban of [
      ...TEST_IBANS.settles,
      TEST_IBANS.insufficientFunds,
      TEST_IBANS.laterDebitsMandateRevoked,
    ])
      expect(isValidIban(iban)).toBe(true);
    expect(isValidIban(normaliseIban('gb82 west 1234 5698 7654 32'))).toBe(true);
  });

  it('refuses wrong check digits, a wrong shape or a letter among the check digits', () => {
    expect(isValidIban('FR7630006000011234567890188')).toBe(false);
    expect(isValidIban('DE88370400440532013000')).toBe(false);
    expect(isValidIban('FR76')).toBe(false);
    expect(isValidIban('FRA630006000011234567890189')).toBe(false);
  });

  it('prints groups of four', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
