// The seller printed on a network's invoices and its click-and-collect opening hours, as the
// network file writes them (decision 0020).
import { z } from 'zod';

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Luhn checksum, which a French SIREN satisfies. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The two-digit key of a French intra-community VAT number for a SIREN. */
export const frenchVatKey = (siren: string) => (12 + 3 * (Number(siren) % 97)) % 97;

/** The check digit of a Swiss UID (CHE-123.456.78x), or null when the first eight digits have none. */
export function swissUidCheckDigit(firstEight: string): number | null {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(firstEight[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  return check === 10 ? null : check;
}

export const sellerAddressSchema = z.strictObject({
  addressRoute: z.string().min(1),
  addressPostalCode: z.string().min(1),
  addressCity: z.string().min(1),
  addressState: z.string().min(1),
  /** ISO 3166-1 alpha-2 country code. */
  addressCountry: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country code such as FR'),
});

const sellerFieldsSchema = z.strictObject({
  /** The company as registered, with its legal form. */
  legalName: z.string().min(1),
  /** Printed under the name where the law asks for it (share capital, registry). */
  legalForm: z.string().min(1).optional(),
  address: sellerAddressSchema,
  /** FR: intra-community VAT number; MA: identifiant fiscal (IF); CH: UID followed by MWST/TVA/IVA. */
  vatNumber: z.string().min(4),
  /** FR: RCS with the SIREN; MA: identifiant commun de l'entreprise (ICE); CH: UID (IDE). */
  companyRegistrationNumber: z.string().min(4),
  contactEmail: z.email(),
  /** Starts every invoice number: `<prefix>-000042`. */
  invoicePrefix: z.string().regex(/^[A-Z0-9]{2,12}$/, '2 to 12 upper-case letters or digits, such as LUM'),
});

/** Format and check digits of the identifiers of the countries whose rules we know. */
export function sellerIdentifierIssues(
  seller: z.infer<typeof sellerFieldsSchema>,
): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const { vatNumber, companyRegistrationNumber: registration } = seller;
  switch (seller.address.addressCountry) {
    case 'FR': {
      const vat = /^FR(\d{2})(\d{9})$/.exec(vatNumber.replace(/\s/g, ''));
      if (!vat) {
        issues.push({ path: ['vatNumber'], message: 'FR followed by 2 key digits and the 9-digit SIREN' });
        break;
      }
      const [, key, siren] = vat as unknown as [string, string, string];
      if (!isLuhnValid(siren))
        issues.push({ path: ['vatNumber'], message: `SIREN ${siren} fails its check digit` });
      else if (Number(key) !== frenchVatKey(siren))
        issues.push({ path: ['vatNumber'], message: `the key of SIREN ${siren} is ${frenchVatKey(siren)}` });
      if (!digitsOf(registration).includes(siren))
        issues.push({
          path: ['companyRegistrationNumber'],
          message: `the RCS entry must carry the SIREN ${siren}`,
        });
      break;
    }
    case 'MA':
      if (!/^\d{7,8}$/.test(vatNumber))
        issues.push({ path: ['vatNumber'], message: 'the identifiant fiscal (IF): 7 or 8 digits' });
      if (!/^\d{15}$/.test(registration))
        issues.push({ path: ['companyRegistrationNumber'], message: 'the ICE: 15 digits' });
      break;
    case 'CH': {
      const uid = /^CHE-(\d{3})\.(\d{3})\.(\d{3})$/.exec(registration);
      if (!uid) {
        issues.push({ path: ['companyRegistrationNumber'], message: 'the UID written CHE-123.456.789' });
        break;
      }
      const digits = uid.slice(1).join('');
      if (swissUidCheckDigit(digits.slice(0, 8)) !== Number(digits[8]))
        issues.push({
          path: ['companyRegistrationNumber'],
          message: `UID ${registration} fails its check digit`,
        });
      if (!new RegExp(`^${registration.replace(/\./g, '\\.')} (MWST|TVA|IVA)$`).test(vatNumber))
        issues.push({
          path: ['vatNumber'],
          message: `the UID followed by MWST, TVA or IVA: ${registration} MWST`,
        });
      break;
    }
  }
  return issues;
}

export const sellerSchema = sellerFieldsSchema.superRefine((seller, ctx) => {
  for (const issue of sellerIdentifierIssues(seller)) ctx.addIssue({ code: 'custom', ...issue });
});
export type Seller = z.infer<typeof sellerSchema>;

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export const weekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof weekdaySchema>;

/** Minutes since midnight of "HH:MM" (24:00 closes at midnight). */
export const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const timeOfDaySchema = z
  .string()
  .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/, 'a local time HH:MM between 00:00 and 24:00');

/** Click-and-collect pick-up slots of an agency, in the network's time zone. */
export const pickUpSchema = z
  .strictObject({
    /** Length of one slot; divides an hour or is a whole number of hours. */
    slotMinutes: z
      .number()
      .int()
      .min(5)
      .max(240)
      .refine((m) => 60 % m === 0 || m % 60 === 0, 'divides an hour (5, 10, 15, 20, 30) or whole hours'),
    /** Orders one slot takes at most. */
    capacity: z.number().int().min(1),
    /** Opening ranges by weekday, in local time; slots fill each range from its start. */
    opening: z
      .array(
        z.strictObject({
          days: z.array(weekdaySchema).min(1),
          from: timeOfDaySchema,
          to: timeOfDaySchema,
        }),
      )
      .min(1),
  })
  .superRefine((pickUp, ctx) => {
    const taken = new Map<Weekday, [number, number][]>();
    pickUp.opening.forEach((range, index) => {
      const from = minutesOfDay(range.from);
      const to = minutesOfDay(range.to);
      const path = ['opening', index];
      if (from >= to) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'to'],
          message: `${range.to} is not after ${range.from}`,
        });
        return;
      }
      if ((to - from) % pickUp.slotMinutes !== 0)
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'to'],
          message: `${range.from}–${range.to} is not a whole number of ${pickUp.slotMinutes}-minute slots`,
        });
      for (const day of new Set(range.days)) {
        const ranges = taken.get(day) ?? [];
        if (ranges.some(([start, end]) => from < end && start < to))
          ctx.addIssue({ code: 'custom', path: [...path, 'days'], message: `${day} ranges overlap` });
        ranges.push([from, to]);
        taken.set(day, ranges);
      }
    });
  });
export type PickUp = z.infer<typeof pickUpSchema>;
