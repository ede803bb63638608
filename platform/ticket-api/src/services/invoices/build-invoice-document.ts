// The invoice document from an order's plain data (decision 0020). Prices include VAT: each line's
// VAT is its amount less the amount without tax rounded to the minor unit, incl − round(incl / (1 +
// rate)); a discount is shared among the lines it applies to in proportion to their amounts and
// taxed at their rates; every total is a sum of these rows, so the document adds up exactly.

import type { ValidityPeriod } from '@transit-shop/sdk/catalogue/validity-period';
import type { OnlinePaymentMethod } from '@transit-shop/sdk/contract/checkout';
import type { Locale } from '@transit-shop/sdk/locales';
import {
  type InvoiceAddress,
  type InvoiceDiscount,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceSeller,
  invoiceDocumentSchema,
} from './invoice-document.ts';

export type InvoiceOrderData = {
  number: string;
  issuedAt: Date;
  locale: Locale;
  currency: string;
  timeZone: string;
  seller: InvoiceSeller;
  buyer: { name: string; email: string; address: InvoiceAddress | null };
  order: { id: string; date: Date };
  /** unitPrice includes VAT, in minor units; vatRate in basis points; the period and traveller when known. */
  lines: {
    label: string;
    quantity: number;
    unitPrice: number;
    vatRate: number;
    period?: ValidityPeriod | null;
    traveller?: string | null;
  }[];
  /** What each discount takes off, a positive amount incl. tax; on the given lines (indexes) or all. */
  discounts: { label: string; amount: number; lineIndexes?: number[] }[];
  paymentMethod: OnlinePaymentMethod;
  instalments: { dueDate: string; amount: number }[] | null;
  collect: { siteName: string; address: InvoiceAddress; slotStart: Date; slotEnd: Date } | null;
};

/** VAT included in an amount incl. tax (minor units) at a rate in basis points; odd for a negative one. */
export function vatIncluded(amountInclTax: number, vatRate: number): number {
  const sign = amountInclTax < 0 ? -1 : 1;
  const incl = Math.abs(amountInclTax);
  // Integers up to 2^53: an amount up to 9 × 10^11 minor units times 10^4 stays exact.
  const exclTax = Math.round((incl * 10_000) / (10_000 + vatRate));
  return sign * (incl - exclTax);
}

/** Shares `total` among weights in proportion, whole units, the remainders to the largest fractions. */
export function shareInProportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byFraction = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of byFraction) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left--;
  }
  return shares;
}

export function buildInvoiceDocument(data: InvoiceOrderData): InvoiceDocument {
  const lines: InvoiceLine[] = data.lines.map((line) => {
    const amountInclTax = line.unitPrice * line.quantity;
    const vatAmount = vatIncluded(amountInclTax, line.vatRate);
    return {
      label: line.label,
      quantity: line.quantity,
      unitPriceInclTax: line.unitPrice,
      vatRate: line.vatRate,
      amountExclTax: amountInclTax - vatAmount,
      vatAmount,
      amountInclTax,
      period: line.period ?? null,
      traveller: line.traveller?.trim() || null,
    };
  });

  const discounts: InvoiceDiscount[] = [];
  for (const discount of data.discounts) {
    const applicable = discount.lineIndexes ?? lines.map((_, index) => index);
    const rates = [...new Set(applicable.map((index) => lines[index]?.vatRate ?? 0))].sort((a, b) => a - b);
    const weights = rates.map((rate) =>
      applicable
        .filter((index) => lines[index]?.vatRate === rate)
        .reduce((sum, index) => sum + (lines[index]?.amountInclTax ?? 0), 0),
    );
    shareInProportion(discount.amount, weights).forEach((share, i) => {
      if (share === 0) return;
      const vatRate = rates[i] ?? 0;
      const vatAmount = vatIncluded(-share, vatRate);
      discounts.push({
        label: discount.label,
        vatRate,
        amountExclTax: -share - vatAmount,
        vatAmount,
        amountInclTax: -share,
      });
    });
  }

  const byRate = new Map<number, { baseExclTax: number; vatAmount: number; totalInclTax: number }>();
  for (const row of [...lines, ...discounts]) {
    const entry = byRate.get(row.vatRate) ?? { baseExclTax: 0, vatAmount: 0, totalInclTax: 0 };
    entry.baseExclTax += row.amountExclTax;
    entry.vatAmount += row.vatAmount;
    entry.totalInclTax += row.amountInclTax;
    byRate.set(row.vatRate, entry);
  }
  const vatBreakdown = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([vatRate, entry]) => ({ vatRate, ...entry }));
  const totals = vatBreakdown.reduce(
    (sum, row) => ({
      exclTax: sum.exclTax + row.baseExclTax,
      vat: sum.vat + row.vatAmount,
      inclTax: sum.inclTax + row.totalInclTax,
    }),
    { exclTax: 0, vat: 0, inclTax: 0 },
  );

  return invoiceDocumentSchema.parse({
    number: data.number,
    issuedAt: data.issuedAt.toISOString(),
    locale: data.locale,
    currency: data.currency,
    timeZone: data.timeZone,
    seller: data.seller,
    buyer: data.buyer,
    lines,
    discounts,
    vatBreakdown,
    totals,
    paymentMethod: data.paymentMethod,
    instalments: data.instalments,
    order: { id: data.order.id, date: data.order.date.toISOString() },
    collect: data.collect && {
      siteName: data.collect.siteName,
      address: data.collect.address,
      slotStart: data.collect.slotStart.toISOString(),
      slotEnd: data.collect.slotEnd.toISOString(),
    },
  });
}

/** The seller block of a network file's seller (the invoice prefix is the number's, not printed apart). */
export function invoiceSellerOf(seller: InvoiceSeller & { invoicePrefix?: string }): InvoiceSeller {
  const { invoicePrefix: _prefix, ...printed } = seller;
  return printed;
}
