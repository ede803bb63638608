// The invoice as data (decision 0020): everything the PDF and the confirmation email print, kept
// with the issued invoice so that it can be drawn again unchanged. Amounts are integer minor units
// of the currency; VAT rates are basis points (1000 = 10 %).
import { validityPeriodSchema } from '@transit-shop/sdk/catalogue/validity-period';
import { onlinePaymentMethodSchema } from '@transit-shop/sdk/contract/checkout';
import { localeSchema } from '@transit-shop/sdk/locale.schema';
import { z } from 'zod';

const amount = z.number().int();
const vatRate = z.number().int().min(0).max(10_000);
const instant = z.iso.datetime({ offset: true });

export const invoiceAddressSchema = z.strictObject({
  addressRoute: z.string(),
  addressPostalCode: z.string(),
  addressCity: z.string(),
  addressState: z.string(),
  /** ISO 3166-1 alpha-2, when known. */
  addressCountry: z.string().optional(),
});
export type InvoiceAddress = z.infer<typeof invoiceAddressSchema>;

export const invoiceSellerSchema = z.strictObject({
  legalName: z.string().min(1),
  legalForm: z.string().optional(),
  address: invoiceAddressSchema.extend({ addressCountry: z.string().length(2) }),
  vatNumber: z.string().min(1),
  companyRegistrationNumber: z.string().min(1),
  contactEmail: z.string().min(1),
});
export type InvoiceSeller = z.infer<typeof invoiceSellerSchema>;

export const invoiceBuyerSchema = z.strictObject({
  name: z.string().min(1),
  email: z.string().min(1),
  address: invoiceAddressSchema.nullable(),
});

/**
 * An article of the order; amountInclTax = amountExclTax + vatAmount, exactly. The period and the
 * traveller are written when the invoice is issued (decision 0026); an invoice issued before has
 * neither.
 */
export const invoiceLineSchema = z.strictObject({
  label: z.string().min(1),
  quantity: z.number().int().positive(),
  unitPriceInclTax: amount,
  vatRate,
  amountExclTax: amount,
  vatAmount: amount,
  amountInclTax: amount,
  /** The period its product covers, in the network's time zone; null for one valid from purchase. */
  period: validityPeriodSchema.nullable().default(null),
  /** Whom it is for: the account holder or a traveller profile of theirs; null when unnamed. */
  traveller: z.string().min(1).nullable().default(null),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** The share of a discount taken off the lines of one VAT rate: negative amounts. */
export const invoiceDiscountSchema = z.strictObject({
  label: z.string().min(1),
  vatRate,
  amountExclTax: amount,
  vatAmount: amount,
  amountInclTax: amount,
});
export type InvoiceDiscount = z.infer<typeof invoiceDiscountSchema>;

export const invoiceVatRowSchema = z.strictObject({
  vatRate,
  baseExclTax: amount,
  vatAmount: amount,
  totalInclTax: amount,
});

export const invoiceDocumentSchema = z.strictObject({
  number: z.string().min(1),
  issuedAt: instant,
  locale: localeSchema,
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** The network's time zone, in which dates are printed. */
  timeZone: z.string().min(1),
  seller: invoiceSellerSchema,
  buyer: invoiceBuyerSchema,
  lines: z.array(invoiceLineSchema).min(1),
  discounts: z.array(invoiceDiscountSchema),
  /** One row per VAT rate, lines and discounts together, by rate. */
  vatBreakdown: z.array(invoiceVatRowSchema),
  totals: z.strictObject({ exclTax: amount, vat: amount, inclTax: amount }),
  paymentMethod: onlinePaymentMethodSchema,
  /** The debits of a payment in instalments (PAY-02); null for one payment. */
  instalments: z.array(z.strictObject({ dueDate: z.iso.date(), amount })).nullable(),
  order: z.strictObject({ id: z.string().min(1), date: instant }),
  /** The agency and slot of click and collect (CHK-05, CHK-06). */
  collect: z
    .strictObject({
      siteName: z.string().min(1),
      address: invoiceAddressSchema,
      slotStart: instant,
      slotEnd: instant,
    })
    .nullable(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;
