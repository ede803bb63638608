// Voucher code rule (VOUCH-01): at least 4 characters.
import { VOUCHER_CODE_MIN_LENGTH } from '../constants.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { filledString } from './required-string.ts';

export const voucherCodeSchema = filledString().min(VOUCHER_CODE_MIN_LENGTH, {
  error: VALIDATION_MESSAGES.voucherMinLength,
});
