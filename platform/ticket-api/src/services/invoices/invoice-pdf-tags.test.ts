import { describe, expect, it } from 'vitest';
import { elementsOf, readTagged, type StructureNode } from '../../test-support/pdf-text.ts';
import { buildInvoiceDocument } from './build-invoice-document.ts';
import { formatMoney, INVOICE_MESSAGES } from './invoice-messages.ts';
import { lumiereOrder, wahatOrder } from './invoice-test-data.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';

const french = buildInvoiceDocument(lumiereOrder);
const arabic = buildInvoiceDocument(wahatOrder);
/** Spaces of any width read as one kind: extractors turn no-break spaces into spaces. */
const spaced = (texts: string[]) => texts.map((text) => text.replace(/[\u00A0\u202F\u2009]/g, ' ').trim());
const withRole = (node: StructureNode, role: string) =>
  elementsOf(node).filter((element) => element.role === role);
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('the invoice PDF is tagged (decision 0026)', () => {
  it('is marked, has a structure tree, says its language and shows its title in the title bar', async () => {
    for (const [document, language, title] of [
      [french, 'fr', 'Facture LUM-000042'],
      [arabic, 'ar', 'فاتورة WHT-000007'],
    ] as const) {
      const tagged = await readTagged(await renderInvoicePdf(document));
      const { pages, ...catalog } = tagged;
      expect(catalog).toEqual({ marked: true, language, title, displayDocTitle: true });
      for (const page of pages) {
        expect(page.structure.children.map((element) => element.role)).toEqual(['Document']);
        // Every text is in the structure or marked as an artifact.
        expect(page.unmarked).toEqual([]);
      }
    }
  });

  it('gives the invoice a title, headings, paragraphs, and its lines, VAT and totals as tables with header cells', async () => {
    const pdf = await renderInvoicePdf(french);
    const [first] = (await readTagged(pdf)).pages;
    const document = first?.structure.children[0] as StructureNode;
    expect(document.children[0]).toMatchObject({ role: 'H1', texts: ['Facture'] });
    expect(withRole(document, 'H2').map((heading) => heading.texts.join(' '))).toEqual([
      'Client',
      'Détail de la TVA',
      'Moyen de paiement',
      'Échéancier',
    ]);
    expect(withRole(document, 'P').map((paragraph) => spaced(paragraph.texts).join(' '))).toEqual(
      expect.arrayContaining(['Facture n° LUM-000042', 'Lumière Mobilités SPL', 'Camille Durand']),
    );
    const [lines, vat, totals, instalments] = withRole(document, 'Table');
    const rows = (table: StructureNode | undefined) =>
      (table?.children ?? []).map((row) =>
        row.children.map((cell) => `${cell.role} ${spaced(cell.texts).join(' / ')}`),
      );
    const { columns } = INVOICE_MESSAGES.fr;
    expect(rows(lines)[0]).toEqual(
      [
        columns.label,
        columns.quantity,
        columns.unitPrice,
        columns.vatRate,
        columns.exclTax,
        columns.vat,
        columns.inclTax,
      ].map((label) => `TH ${label}`),
    );
    // A line's cell holds its label, the period its product covers and its traveller.
    expect(rows(lines)[1]?.[0]).toBe(
      'TD Abonnement annuel tout public / Validité : 1 janvier – 31 décembre 2027 / Voyageur : Camille Durand',
    );
    expect(rows(lines)[1]?.slice(1)).toEqual([
      'TD 1',
      'TD 550,00 €',
      'TD 10 %',
      'TD 500,00 €',
      'TD 50,00 €',
      'TD 550,00 €',
    ]);
    expect(rows(vat)[0]).toEqual(['TH Taux', 'TH Base HT', 'TH TVA', 'TH TTC']);
    const money = (amount: number) => spaced([formatMoney(amount, 'EUR', 'fr')]).join('');
    expect(rows(totals)).toEqual([
      ['TH Total HT', `TD ${money(french.totals.exclTax)}`],
      ['TH Total TVA', `TD ${money(french.totals.vat)}`],
      ['TH Total TTC', `TD ${money(french.totals.inclTax)}`],
    ]);
    expect(rows(instalments)[0]).toEqual(['TH #', 'TH Échéance', 'TH Montant']);
    // Header cells say what they head.
    const body = latin1(pdf);
    expect(body.match(/\/S \/TH\b/g)).toHaveLength(7 + 4 + 3 + 3);
    expect(body.match(/\/Scope \/Column/g)).toHaveLength(7 + 4 + 3);
    expect(body.match(/\/Scope \/Row/g)).toHaveLength(3);
    // The legal mentions are read once, at the end.
    expect(document.children.slice(-2).map((paragraph) => spaced(paragraph.texts).join(' '))).toEqual([
      'Prix toutes taxes comprises. Pas d’escompte pour paiement anticipé.',
      'Facture émise par Lumière Mobilités SPL. Pour toute question : factures@lumiere-mobilites.example.',
    ]);
  });

  it('marks what a later page repeats as artifacts, its table going on in the same structure', async () => {
    const lines = Array.from({ length: 45 }, (_, i) => ({
      label: `Ticket ${i + 1}`,
      quantity: 1,
      unitPrice: 190,
      vatRate: 1000,
    }));
    const tagged = await readTagged(
      await renderInvoicePdf(buildInvoiceDocument({ ...lumiereOrder, lines, discounts: [] })),
    );
    expect(tagged.pages.length).toBeGreaterThanOrEqual(2);
    const [first, second] = tagged.pages;
    expect(first?.artifacts).toEqual([`1 / ${tagged.pages.length}`]);
    expect(spaced(second?.artifacts ?? [])).toEqual(
      expect.arrayContaining([
        'Facture n° LUM-000042',
        'Désignation',
        `2 / ${tagged.pages.length}`,
        'Prix toutes taxes comprises. Pas d’escompte pour paiement anticipé.',
      ]),
    );
    // The table goes on: its rows on the second page are cells of the same table, its header there is not.
    const [table] = withRole(second?.structure as StructureNode, 'Table');
    const cellsHere = withRole(table as StructureNode, 'TD').filter((cell) => cell.texts.length > 0);
    expect(cellsHere.map((cell) => cell.texts.join(' '))).toContain('Ticket 45');
    expect(withRole(table as StructureNode, 'TH').every((cell) => cell.texts.length === 0)).toBe(true);
  });

  it('gives Arabic text its language in another invoice, and Arabic elements their text in logical order', async () => {
    const collected = buildInvoiceDocument({ ...lumiereOrder, collect: wahatOrder.collect });
    const [page] = (await readTagged(await renderInvoicePdf(collected))).pages;
    const paragraphs = withRole(page?.structure as StructureNode, 'P');
    expect(paragraphs.find((paragraph) => paragraph.texts.join(' ') === 'ساحة الاستقلال')?.lang).toBe('ar');
    expect(
      paragraphs.find((paragraph) => paragraph.texts.join(' ') === 'Camille Durand')?.lang,
    ).toBeUndefined();

    const [arabicPage] = (await readTagged(await renderInvoicePdf(arabic))).pages;
    const elements = elementsOf(arabicPage?.structure as StructureNode);
    expect(elements.map((element) => element.actualText)).toEqual(
      expect.arrayContaining([
        'تاريخ الإصدار: 23 نوفمبر 2026',
        'رقم الفاتورة WHT-000007',
        'الوكالة: محطة الساحة الكبرى',
      ]),
    );
  });
});
