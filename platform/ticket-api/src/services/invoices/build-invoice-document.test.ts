import { describe, expect, it } from 'vitest';
import { buildInvoiceDocument, shareInProportion, vatIncluded } from './build-invoice-document.ts';
import { type InvoiceDocument, invoiceDocumentSchema } from './invoice-document.ts';
import { lumiereOrder, wahatOrder } from './invoice-test-data.ts';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Every row adds up and every total is the sum of its rows. */
function expectAddsUp(document: InvoiceDocument) {
  for (const row of [...document.lines, ...document.discounts])
    expect(row.amountExclTax + row.vatAmount).toBe(row.amountInclTax);
  for (const row of document.vatBreakdown) expect(row.baseExclTax + row.vatAmount).toBe(row.totalInclTax);
  const rows = [...document.lines, ...document.discounts];
  expect(document.totals).toEqual({
    exclTax: sum(rows.map((row) => row.amountExclTax)),
    vat: sum(rows.map((row) => row.vatAmount)),
    inclTax: sum(rows.map((row) => row.amountInclTax)),
  });
  expect(document.totals.exclTax + document.totals.vat).toBe(document.totals.inclTax);
}

describe('ORD-04 invoice document', () => {
  it('computes VAT per line as incl − round(incl / (1 + rate)) on awkward amounts', () => {
    expect(vatIncluded(999, 1000)).toBe(91); // 999 / 1.1 = 908.18…
    expect(vatIncluded(1, 2000)).toBe(0); // 0.83… rounds to 1
    expect(vatIncluded(3, 2000)).toBe(0); // 2.5 rounds half up to 3
    expect(vatIncluded(11, 1000)).toBe(1);
    expect(vatIncluded(-999, 1000)).toBe(-91);
    expect(vatIncluded(99_999_999, 810)).toBe(99_999_999 - Math.round(99_999_999 / 1.081));
  });

  it('shares a discount in proportion, the remainder to the largest fractions, adding up to the discount', () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(1000, [59_950, 500])).toEqual([992, 8]);
    expect(shareInProportion(7, [0, 0])).toEqual([7, 0]);
  });

  it('prices the lines, shares the discount among the VAT rates and adds up exactly', () => {
    const document = buildInvoiceDocument(lumiereOrder);
    expect(document.lines.map((line) => [line.amountInclTax, line.amountExclTax, line.vatAmount])).toEqual([
      [55_000, 50_000, 5_000],
      [4_950, 4_500, 450],
      [500, 417, 83],
    ]);
    expect(document.discounts).toEqual([
      { label: 'Code BIENVENUE', vatRate: 1000, amountInclTax: -992, amountExclTax: -902, vatAmount: -90 },
      { label: 'Code BIENVENUE', vatRate: 2000, amountInclTax: -8, amountExclTax: -7, vatAmount: -1 },
    ]);
    expect(document.vatBreakdown).toEqual([
      { vatRate: 1000, baseExclTax: 53_598, vatAmount: 5_360, totalInclTax: 58_958 },
      { vatRate: 2000, baseExclTax: 410, vatAmount: 82, totalInclTax: 492 },
    ]);
    expect(document.totals).toEqual({ exclTax: 54_008, vat: 5_442, inclTax: 59_450 });
    expect(sum(document.instalments?.map((i) => i.amount) ?? [])).toBe(document.totals.inclTax);
    expectAddsUp(document);
  });

  it('applies a discount to the lines it names only', () => {
    const document = buildInvoiceDocument({
      ...lumiereOrder,
      discounts: [{ label: 'Carte offerte', amount: 500, lineIndexes: [2] }],
    });
    expect(document.discounts).toEqual([
      { label: 'Carte offerte', vatRate: 2000, amountInclTax: -500, amountExclTax: -417, vatAmount: -83 },
    ]);
    expect(document.vatBreakdown.find((row) => row.vatRate === 2000)).toEqual({
      vatRate: 2000,
      baseExclTax: 0,
      vatAmount: 0,
      totalInclTax: 0,
    });
    expectAddsUp(document);
  });

  it('adds up on 300 orders of awkward amounts, rates and discounts', () => {
    let seed = 20_261_123;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const rates = [0, 210, 260, 550, 700, 810, 1000, 1400, 2000, 2100];
    for (let order = 0; order < 300; order++) {
      const lines = Array.from({ length: 1 + random(5) }, (_, i) => ({
        label: `Article ${i}`,
        quantity: 1 + random(9),
        unitPrice: 1 + random(99_999),
        vatRate: rates[random(rates.length)] ?? 0,
      }));
      const gross = sum(lines.map((line) => line.unitPrice * line.quantity));
      const discounts = random(2) ? [{ label: 'Remise', amount: random(gross) }] : [];
      const document = buildInvoiceDocument({ ...lumiereOrder, lines, discounts, instalments: null });
      expectAddsUp(document);
      expect(document.totals.inclTax).toBe(gross - sum(discounts.map((d) => d.amount)));
    }
  });

  it('keeps the collect agency and slot and the buyer without address', () => {
    const document = buildInvoiceDocument(wahatOrder);
    expect(document.collect).toEqual({
      siteName: 'محطة الساحة الكبرى',
      address: wahatOrder.collect?.address,
      slotStart: '2026-11-26T10:00:00.000Z',
      slotEnd: '2026-11-26T10:30:00.000Z',
    });
    expect(document.buyer.address).toBeNull();
    expect(document.totals).toEqual({ exclTax: 24_430, vat: 3_570, inclTax: 28_000 });
  });

  it('keeps on each line the period its product covers and its traveller; an invoice issued without them still reads', () => {
    const document = buildInvoiceDocument(lumiereOrder);
    expect(document.lines.map((line) => [line.period, line.traveller])).toEqual([
      [{ kind: 'DAYS', from: '2027-01-01', to: '2027-12-31' }, 'Camille Durand'],
      [null, 'Léo Durand'],
      [null, 'Léo Durand'],
    ]);
    const kept = JSON.parse(JSON.stringify(document)) as { lines: Record<string, unknown>[] };
    for (const line of kept.lines) {
      delete line.period;
      delete line.traveller;
    }
    expect(
      invoiceDocumentSchema
        .parse(kept)
        .lines.every((line) => line.period === null && line.traveller === null),
    ).toBe(true);
  });
});
