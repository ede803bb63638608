import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, VALIDATION_SPEC_TEXTS } from './messages.ts';
import { isPhoneNumber, phoneSchema } from './phone.ts';
import { voucherCodeSchema } from './voucher.ts';

describe('phone numbers and voucher codes', () => {
  it.each(['06 12 34 56 78', '+33 6 12 34 56 78', '0033612345678', '(555) 123-4567', '06.12.34.56.78'])(
    'VAL-05 accepts %s',
    (phone) => {
      expect(isPhoneNumber(phone)).toBe(true);
    },
  );

  it.each(['12345', 'phone', '06 12 34 56 78 90 12 34', '+33 6 12 ab 56 78', '++33612345678'])(
    "VAL-05 refuses %s with the spec's message",
    (phone) => {
      const result = phoneSchema.safeParse(phone);
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.issues[0]?.message).toBe(VALIDATION_MESSAGES.phone);
    },
  );

  it("VALIDATION_SPEC_TEXTS keeps the spec's own texts beside their keys", () => {
    expect(VALIDATION_SPEC_TEXTS[VALIDATION_MESSAGES.phone]).toBe('The phone number provided is incorrect');
    expect(VALIDATION_SPEC_TEXTS[VALIDATION_MESSAGES.voucherMinLength]).toBe(
      'Le code doit comporter au moins 4 caractères',
    );
  });

  it('VOUCH-01 a voucher code has at least 4 characters', () => {
    expect(voucherCodeSchema.safeParse('ABCD').success).toBe(true);
    const result = voucherCodeSchema.safeParse(' ABC ');
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.message).toBe(VALIDATION_MESSAGES.voucherMinLength);
  });
});
