import { LOCALES } from '@transit-shop/sdk/locales';
import { describe, expect, it } from 'vitest';
import { visualRuns } from './bidi-runs.ts';
import { buildInvoiceDocument } from './build-invoice-document.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import type { TextItem } from './invoice-layout.ts';
import { formatMoney, formatPeriod, INVOICE_MESSAGES, labelled } from './invoice-messages.ts';
import { lumiereOrder, wahatOrder } from './invoice-test-data.ts';
import { invoiceLayoutOf, renderInvoicePdf } from './render-invoice-pdf.ts';

const texts = (document: InvoiceDocument) =>
  invoiceLayoutOf(document).pages.flatMap((items) =>
    items.filter((item): item is TextItem => item.kind === 'text').map((item) => item.text),
  );
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('ORD-04 invoice PDF', () => {
  const french = buildInvoiceDocument(lumiereOrder);
  const arabic = buildInvoiceDocument(wahatOrder);

  it('is an A4 PDF titled with the invoice number, the same bytes for the same document', async () => {
    const pdf = await renderInvoicePdf(french);
    const body = latin1(pdf);
    // Checked as booleans: a failure must not print the whole binary file.
    expect(body.startsWith('%PDF-')).toBe(true);
    expect(body.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(body.includes('\n(Facture LUM-000042)\nendobj')).toBe(true);
    expect(body.includes('/MediaBox [0 0 595.28 841.89]')).toBe(true);
    // The creation date is the issue date: 2026-11-23T09:15:00Z.
    expect(body.includes('\n(D:20261123091500Z)\nendobj')).toBe(true);
    expect(Buffer.from(await renderInvoicePdf(french)).equals(Buffer.from(pdf))).toBe(true);
  });

  it('gives the same bytes for the same document whatever was drawn before it', async () => {
    const first = Buffer.from(await renderInvoicePdf(french));
    await renderInvoicePdf(arabic);
    await renderInvoicePdf(
      buildInvoiceDocument({ ...lumiereOrder, locale: 'en', collect: wahatOrder.collect }),
    );
    expect(Buffer.from(await renderInvoicePdf(french)).equals(first)).toBe(true);
    const arabicFirst = Buffer.from(await renderInvoicePdf(arabic));
    await renderInvoicePdf(
      buildInvoiceDocument({ ...wahatOrder, buyer: { ...wahatOrder.buyer, name: 'أمينة بنعلي' } }),
    );
    expect(Buffer.from(await renderInvoicePdf(arabic)).equals(arabicFirst)).toBe(true);
  });

  it('prints the seller, the buyer, each line with its VAT rate and amounts, the totals and the schedule', () => {
    const printed = texts(french);
    for (const expected of [
      'Lumière Mobilités SPL',
      'N° de TVA (TVA intracommunautaire) : FR27852417963',
      'Immatriculation (SIREN / RCS) : RCS Clairval 852 417 963',
      'Facture n° LUM-000042',
      'Camille Durand',
      'camille.durand@example.org',
      'Abonnement annuel tout public',
      '10 %',
      '20 %',
      'Remise : Code BIENVENUE',
      'Total TTC',
      'Échéancier',
      '23 août 2027',
    ])
      expect(printed.map((text) => text.replace(/[\u00A0\u202F]/g, ' '))).toContain(expected);
    for (const amount of [55_000, 50_000, 5_000, 54_008, 5_442, 59_450, 5_945])
      expect(printed).toContain(formatMoney(amount, 'EUR', 'fr'));
  });

  it('CHK-06 prints the agency, the slot and when the tickets are ready, in Arabic right to left', async () => {
    const layout = invoiceLayoutOf(arabic);
    expect(layout.direction).toBe('rtl');
    const printed = texts(arabic);
    expect(printed).toContain('فاتورة');
    expect(printed).toContain('رقم الفاتورة WHT-000007');
    expect(printed).toContain('الوكالة: محطة الساحة الكبرى');
    expect(printed.join(' ')).toContain(INVOICE_MESSAGES.ar.collectReady);
    expect(printed).toContain(formatMoney(28_000, 'MAD', 'ar'));
    expect(latin1(await renderInvoicePdf(arabic)).startsWith('%PDF-')).toBe(true);
  });

  it('says under each line the period its product covers, in the network’s time zone, and its traveller', () => {
    // Intl writes ranges and amounts with thin and no-break spaces.
    const spaced = (items: string[]) => items.map((text) => text.replace(/[\u00A0\u202F\u2009]/g, ' '));
    expect(spaced(texts(french))).toEqual(
      expect.arrayContaining([
        'Validité : 1 janvier – 31 décembre 2027',
        'Voyageur : Camille Durand',
        'Voyageur : Léo Durand',
      ]),
    );
    expect(texts(arabic)).toEqual(
      expect.arrayContaining(['الصلاحية: 1–31 ديسمبر 2026', 'المسافر: سلمى بنعلي']),
    );
    // A day pass: from its slot to the same time the next day, on the network's clock.
    const dayPass = buildInvoiceDocument({
      ...lumiereOrder,
      locale: 'en',
      lines: [
        {
          label: '24-hour pass',
          quantity: 1,
          unitPrice: 450,
          vatRate: 1000,
          period: { kind: 'TIMES', from: '2026-11-23T09:15:00.000Z', to: '2026-11-24T09:15:00.000Z' },
          traveller: 'Ada Lovelace',
        },
      ],
      discounts: [],
    });
    expect(spaced(texts(dayPass)).join('\n')).toContain(
      'Valid: Nov 23, 2026, 10:15 AM – Nov 24, 2026,\n10:15 AM\nTraveller: Ada Lovelace',
    );
    for (const locale of LOCALES) {
      const document = buildInvoiceDocument({ ...lumiereOrder, locale });
      const m = INVOICE_MESSAGES[locale];
      const period = labelled(
        m.validity,
        formatPeriod({ kind: 'DAYS', from: '2027-01-01', to: '2027-12-31' }, locale, 'Europe/Paris'),
        locale,
      );
      expect(spaced(texts(document)), locale).toEqual(
        expect.arrayContaining(spaced([period, labelled(m.traveller, 'Camille Durand', locale)])),
      );
    }
  });

  it('lays Arabic out right to left with numbers and Latin words left to right inside it', () => {
    // Runs from the left of the page: the number first, the label on the right, one run for its words.
    expect(visualRuns('رقم الفاتورة WHT-000007', 'rtl')).toEqual([
      { text: 'WHT-000007 ', arabic: false },
      { text: 'رقم الفاتورة', arabic: true },
    ]);
    // Intl's amount in Arabic: the number on the right, the currency on its left.
    expect(visualRuns('\u200f1,234.56 د.م.\u200f', 'rtl')).toEqual([
      { text: '.', arabic: false },
      { text: 'م', arabic: true },
      { text: '.', arabic: false },
      { text: 'د', arabic: true },
      { text: ' 1,234.56', arabic: false },
    ]);
    // Brackets take the direction around them and are mirrored.
    expect(visualRuns('الرقم الضريبي (IF): 40218765', 'rtl')[0]).toEqual({
      text: '40218765 :(IF) ',
      arabic: false,
    });
    // An Arabic name inside a French line.
    expect(visualRuns('Agence : محطة الساحة', 'ltr')).toEqual([
      { text: 'Agence : ', arabic: false },
      { text: 'محطة الساحة', arabic: true },
    ]);
  });

  it('renders in the five languages with every text within its column', async () => {
    for (const locale of LOCALES) {
      const document = buildInvoiceDocument({ ...lumiereOrder, locale, collect: wahatOrder.collect });
      const layout = invoiceLayoutOf(document);
      const { title, totalInclTax } = INVOICE_MESSAGES[locale];
      const printed = texts(document);
      expect(printed).toContain(title);
      expect(printed).toContain(totalInclTax);
      expect(printed).toContain(formatMoney(59_450, 'EUR', locale));
      expect(layout.pages).toHaveLength(1);
      for (const item of layout.pages.flat())
        if (item.kind === 'text')
          expect(item.textWidth, `${locale}: ${item.text}`).toBeLessThanOrEqual(item.width + 0.01);
      expect(latin1(await renderInvoicePdf(document)).startsWith('%PDF-')).toBe(true);
    }
  });

  it('goes on to a second page for a long order, the legal mentions at the foot of each', () => {
    const lines = Array.from({ length: 45 }, (_, i) => ({
      label: `Ticket ${i + 1}`,
      quantity: 1,
      unitPrice: 190,
      vatRate: 1000,
    }));
    const layout = invoiceLayoutOf(buildInvoiceDocument({ ...lumiereOrder, lines, discounts: [] }));
    expect(layout.pages.length).toBeGreaterThanOrEqual(2);
    for (const items of layout.pages)
      expect(
        items.some((item) => item.kind === 'text' && item.text.startsWith('Prix toutes taxes comprises')),
      ).toBe(true);
    const second = layout.pages[1] ?? [];
    const secondTexts = second.flatMap((item) => (item.kind === 'text' ? [item.text] : []));
    // A later page names the invoice, repeats the table's header and is numbered.
    expect(secondTexts.slice(0, 2)).toEqual(['Facture n° LUM-000042', 'Désignation']);
    expect(secondTexts).toContain(`2 / ${layout.pages.length}`);
    const bottom = 841.89 - 42 - 40;
    for (const items of layout.pages.slice(0, -1))
      for (const item of items)
        if (
          item.kind === 'text' &&
          !item.text.startsWith('Prix') &&
          !item.text.startsWith('Facture émise') &&
          !/^\d+ \/ \d+$/.test(item.text)
        )
          expect(item.y).toBeLessThan(bottom);
  });
});
