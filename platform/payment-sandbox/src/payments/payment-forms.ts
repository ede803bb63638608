// The hosted page's forms as typed, checked values: each problem is a code shown beside its field.
import { cardBrand, isCvc, isExpired, normaliseCardNumber, parseExpiry, passesLuhn } from './card-checks.ts';
import { isValidIban, normaliseIban } from './iban.ts';

export type FieldProblem =
  | 'holder_required'
  | 'number_required'
  | 'number_invalid'
  | 'expiry_required'
  | 'expiry_invalid'
  | 'expiry_past'
  | 'cvc_invalid'
  | 'iban_required'
  | 'iban_invalid'
  | 'consent_required';

export const CARD_FIELDS = ['holder', 'number', 'expiry', 'cvc'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardFormValues = Record<CardField, string>;

export const MANDATE_FIELDS = ['holder', 'iban', 'consent'] as const;
export type MandateField = (typeof MANDATE_FIELDS)[number];
export type MandateFormValues = { holder: string; iban: string; consent: boolean };

export type FieldProblems<Field extends string> = Partial<Record<Field, FieldProblem>>;

export type CheckedCard = {
  holder: string;
  number: string;
  brand: ReturnType<typeof cardBrand>;
  last4: string;
  expMonth: number;
  expYear: number;
};

export type CheckedMandate = { holder: string; iban: string };

type Checked<Value, Field extends string> =
  | { ok: true; value: Value }
  | { ok: false; problems: FieldProblems<Field> };

const hasProblems = (problems: object) => Object.keys(problems).length > 0;

export function checkCardForm(form: CardFormValues, now: Date): Checked<CheckedCard, CardField> {
  const problems: FieldProblems<CardField> = {};
  const holder = form.holder.trim();
  if (holder === '') problems.holder = 'holder_required';

  const number = normaliseCardNumber(form.number);
  if (number === '') problems.number = 'number_required';
  else if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) problems.number = 'number_invalid';

  const expiry = parseExpiry(form.expiry);
  if (form.expiry.trim() === '') problems.expiry = 'expiry_required';
  else if (!expiry) problems.expiry = 'expiry_invalid';
  else if (isExpired(expiry, now)) problems.expiry = 'expiry_past';

  if (!isCvc(form.cvc)) problems.cvc = 'cvc_invalid';

  if (hasProblems(problems) || !expiry) return { ok: false, problems };
  return {
    ok: true,
    value: {
      holder,
      number,
      brand: cardBrand(number),
      last4: number.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
    },
  };
}

export function checkMandateForm(form: MandateFormValues): Checked<CheckedMandate, MandateField> {
  const problems: FieldProblems<MandateField> = {};
  const holder = form.holder.trim();
  if (holder === '') problems.holder = 'holder_required';
  const iban = normaliseIban(form.iban);
  if (iban === '') problems.iban = 'iban_required';
  else if (!isValidIban(iban)) problems.iban = 'iban_invalid';
  if (!form.consent) problems.consent = 'consent_required';
  if (hasProblems(problems)) return { ok: false, problems };
  return { ok: true, value: { holder, iban } };
}
