// Where every text of an invoice goes on A4 pages, and what it is in the document's structure (a
// heading, a paragraph, a cell of a table, or something repeated for the page), apart from drawing
// it, so that tests read the layout and the PDF stays a thin drawing step. Positions are logical: x
// runs from the start of the line (left in French, right in Arabic), and the drawing mirrors them
// for right to left. Texts come in reading order.
import { directionOf } from '@transit-shop/sdk/locales';
import type { InvoiceAddress, InvoiceDocument } from './invoice-document.ts';
import {
  fillText,
  formatCalendarDate,
  formatDate,
  formatMoney,
  formatRate,
  formatSlot,
  INVOICE_MESSAGES,
  identifierLabels,
  labelled,
  lineDetails,
} from './invoice-messages.ts';

export const PAGE = { width: 595.28, height: 841.89, margin: 42 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 40; // room for the footer

export type Align = 'start' | 'end' | 'center';
/**
 * What a text is in the structure of the document (tagged PDF, decision 0026). The lines of one
 * heading, paragraph or cell share its id; the rows of a table are numbered through the document.
 * A page's artifacts (the invoice number and the table's header again on a later page, page
 * numbers, the legal mentions after the first page) are not part of it.
 */
export type TextTag =
  | { kind: 'block'; role: 'H1' | 'H2' | 'P'; id: number }
  | { kind: 'cell'; table: number; row: number; header: 'column' | 'row' | null; id: number }
  | { kind: 'artifact' };
export type TextItem = {
  kind: 'text';
  x: number;
  y: number;
  width: number;
  align: Align;
  text: string;
  /** The width the text takes, at most `width` unless one word is wider. */
  textWidth: number;
  size: number;
  bold: boolean;
  muted: boolean;
  tag: TextTag;
};
/** Rules and fills: decoration, never part of the structure. */
export type BoxItem = { kind: 'box'; x: number; y: number; width: number; height: number; fill: boolean };
export type LayoutItem = TextItem | BoxItem;
export type InvoiceLayout = { direction: 'ltr' | 'rtl'; pages: LayoutItem[][] };

/** The width a line of text takes at a size, bold or not. */
export type Measure = (text: string, size: number, bold: boolean) => number;

const LINE = 1.35;

/** Words of a text in lines no wider than `width` (a word wider than that is a line of its own). */
export function wrapText(
  text: string,
  width: number,
  size: number,
  bold: boolean,
  measure: Measure,
): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let current = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && measure(candidate, size, bold) > width) {
        lines.push(current);
        current = word;
      } else {
        current = candidate;
      }
    }
    lines.push(current);
  }
  return lines;
}

const addressLines = (address: InvoiceAddress) =>
  [
    address.addressRoute,
    [address.addressPostalCode, address.addressCity].filter(Boolean).join(' '),
    [address.addressState, address.addressCountry].filter(Boolean).join(', '),
  ].filter((line) => line.trim() !== '');

export function layoutInvoice(document: InvoiceDocument, measure: Measure): InvoiceLayout {
  const { locale, currency, timeZone } = document;
  const m = INVOICE_MESSAGES[locale];
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const pages: LayoutItem[][] = [[]];
  let page = pages[0] as LayoutItem[];
  let y: number = PAGE.margin;

  let ids = 0;
  let rows = 0;
  let tables = 0;
  const block = (role: 'H1' | 'H2' | 'P'): TextTag => ({ kind: 'block', role, id: ++ids });
  const ARTIFACT: TextTag = { kind: 'artifact' };
  /** A table: its rows, each with its cells' tags (a header row, or a header cell starting each row). */
  const table = () => {
    const id = ++tables;
    return (headers: 'column' | 'row' | null) => {
      const row = ++rows;
      return (header = headers === 'column'): TextTag => ({
        kind: 'cell',
        table: id,
        row,
        header: header ? (headers ?? 'column') : null,
        id: ++ids,
      });
    };
  };

  const text = (
    value: string,
    x: number,
    width: number,
    options: {
      size?: number;
      bold?: boolean;
      align?: Align;
      muted?: boolean;
      at?: number;
      tag?: TextTag;
    } = {},
  ): number => {
    const size = options.size ?? 9;
    const bold = options.bold ?? false;
    const tag = options.tag ?? block('P');
    const lines = wrapText(value, width, size, bold, measure);
    let lineY = options.at ?? y;
    for (const line of lines) {
      page.push({
        kind: 'text',
        x,
        y: lineY,
        width,
        align: options.align ?? 'start',
        text: line,
        textWidth: measure(line, size, bold),
        size,
        bold,
        muted: options.muted ?? false,
        tag,
      });
      lineY += size * LINE;
    }
    return lineY;
  };
  /** Drawn again at the top of a page the lines table goes on to. */
  let tableHeader: (() => void) | null = null;
  const room = (height: number) => {
    if (y + height <= BOTTOM) return;
    page = [];
    pages.push(page);
    y = PAGE.margin;
    // A later page says whose it is.
    y =
      text(`${m.number} ${document.number}`, PAGE.margin, CONTENT_WIDTH, {
        size: 8,
        muted: true,
        tag: ARTIFACT,
      }) + 8;
    tableHeader?.();
  };

  // The invoice's identity at the end, first read; the seller at the start.
  const half = CONTENT_WIDTH / 2 - 10;
  const endX = PAGE.margin + CONTENT_WIDTH - half;
  let endY = text(m.title, endX, half, { size: 20, bold: true, align: 'end', tag: block('H1') });
  endY = text(`${m.number} ${document.number}`, endX, half, { size: 11, bold: true, align: 'end', at: endY });
  endY = text(labelled(m.issuedOn, formatDate(document.issuedAt, locale, timeZone), locale), endX, half, {
    align: 'end',
    at: endY,
  });
  endY = text(labelled(m.orderDate, formatDate(document.order.date, locale, timeZone), locale), endX, half, {
    align: 'end',
    at: endY,
  });
  endY = text(labelled(m.orderId, document.order.id, locale), endX, half, {
    size: 7.5,
    align: 'end',
    muted: true,
    at: endY,
  });

  const seller = document.seller;
  const labels = identifierLabels(seller.address.addressCountry, locale);
  let startY = text(seller.legalName, PAGE.margin, half, { size: 13, bold: true, at: y });
  if (seller.legalForm)
    startY = text(seller.legalForm, PAGE.margin, half, { size: 8, muted: true, at: startY });
  for (const line of addressLines(seller.address)) startY = text(line, PAGE.margin, half, { at: startY });
  startY = text(labelled(labels.vat, seller.vatNumber, locale), PAGE.margin, half, { size: 8, at: startY });
  startY = text(labelled(labels.registration, seller.companyRegistrationNumber, locale), PAGE.margin, half, {
    size: 8,
    at: startY,
  });
  startY = text(labelled(m.contact, seller.contactEmail, locale), PAGE.margin, half, { size: 8, at: startY });
  y = Math.max(startY, endY) + 18;

  // Buyer, and the agency when the order is collected.
  const buyerLines = [
    document.buyer.name,
    document.buyer.email,
    ...(document.buyer.address ? addressLines(document.buyer.address) : []),
  ];
  const collect = document.collect;
  const blockTop = y;
  let buyerY = text(m.buyer, PAGE.margin, half, { bold: true, size: 10, tag: block('H2') });
  for (const line of buyerLines) buyerY = text(line, PAGE.margin, half, { at: buyerY });
  let collectY = blockTop;
  if (collect) {
    collectY = text(m.collect, endX, half, { bold: true, size: 10, at: blockTop, tag: block('H2') });
    collectY = text(labelled(m.agency, collect.siteName, locale), endX, half, { at: collectY });
    for (const line of addressLines(collect.address)) collectY = text(line, endX, half, { at: collectY });
    collectY = text(
      labelled(m.slot, formatSlot(collect.slotStart, collect.slotEnd, locale, timeZone), locale),
      endX,
      half,
      { at: collectY },
    );
    collectY = text(m.collectReady, endX, half, { size: 8, muted: true, at: collectY });
  }
  y = Math.max(buyerY, collectY) + 16;

  // Lines and discounts.
  const columns = [
    { key: 'label', width: 165, align: 'start' },
    { key: 'quantity', width: 32, align: 'end' },
    { key: 'unitPrice', width: 66, align: 'end' },
    { key: 'vatRate', width: 40, align: 'end' },
    { key: 'exclTax', width: 70, align: 'end' },
    { key: 'vat', width: 62, align: 'end' },
    { key: 'inclTax', width: CONTENT_WIDTH - 165 - 32 - 66 - 40 - 70 - 62, align: 'end' },
  ] as const;
  const GAP = 4;
  const DETAIL_SIZE = 7.5;
  const linesRow = table();
  /**
   * A row of the lines table: a header row (again on a later page, an artifact), or a line whose
   * `details` go under its label, smaller (its period and traveller).
   */
  const row = (
    cells: string[],
    options: { bold?: boolean; size?: number; muted?: boolean; header?: 'first' | 'again' } = {},
    details: string[] = [],
  ) => {
    const size = options.size ?? 8.5;
    const heights = columns.map(
      (column, i) =>
        wrapText(cells[i] ?? '', column.width - GAP, size, options.bold ?? false, measure).length *
        size *
        LINE,
    );
    const labelWidth = columns[0].width - GAP;
    heights[0] =
      (heights[0] ?? 0) +
      details.reduce(
        (sum, detail) =>
          sum + wrapText(detail, labelWidth, DETAIL_SIZE, false, measure).length * DETAIL_SIZE * LINE,
        0,
      );
    const height = Math.max(...heights) + 6;
    room(height);
    const cell = options.header === 'again' ? () => ARTIFACT : linesRow(options.header ? 'column' : null);
    let x = PAGE.margin;
    columns.forEach((column, i) => {
      const tag = cell();
      const end = text(cells[i] ?? '', x + (column.align === 'end' ? GAP : 0), column.width - GAP, {
        size,
        bold: options.bold ?? false,
        muted: options.muted ?? false,
        align: column.align,
        at: y + 3,
        tag,
      });
      if (i === 0)
        details.reduce(
          (at, detail) => text(detail, x, labelWidth, { size: DETAIL_SIZE, muted: true, at, tag }),
          end,
        );
      x += column.width;
    });
    y += height;
    return height;
  };
  const headerCells = [
    m.columns.label,
    m.columns.quantity,
    m.columns.unitPrice,
    m.columns.vatRate,
    m.columns.exclTax,
    m.columns.vat,
    m.columns.inclTax,
  ];
  const headerHeight =
    columns.reduce(
      (most, column, i) =>
        Math.max(most, wrapText(headerCells[i] ?? '', column.width - GAP, 8, true, measure).length),
      1,
    ) *
      8 *
      LINE +
    6;
  const drawHeader = (header: 'first' | 'again') => {
    page.push({ kind: 'box', x: PAGE.margin, y, width: CONTENT_WIDTH, height: headerHeight, fill: true });
    row(headerCells, { bold: true, size: 8, header });
  };
  room(headerHeight * 3);
  drawHeader('first');
  tableHeader = () => drawHeader('again');
  for (const line of document.lines) {
    row(
      [
        line.label,
        String(line.quantity),
        money(line.unitPriceInclTax),
        formatRate(line.vatRate, locale),
        money(line.amountExclTax),
        money(line.vatAmount),
        money(line.amountInclTax),
      ],
      {},
      lineDetails(line, locale, timeZone),
    );
  }
  for (const discount of document.discounts) {
    row(
      [
        labelled(m.discount, discount.label, locale),
        '',
        '',
        formatRate(discount.vatRate, locale),
        money(discount.amountExclTax),
        money(discount.vatAmount),
        money(discount.amountInclTax),
      ],
      { muted: true },
    );
  }
  tableHeader = null;
  page.push({ kind: 'box', x: PAGE.margin, y, width: CONTENT_WIDTH, height: 0.8, fill: true });
  y += 14;

  // VAT breakdown at the start, totals at the end.
  const breakdownHeight = (document.vatBreakdown.length + 2) * 9 * LINE + 8;
  room(Math.max(breakdownHeight, 60));
  const top = y;
  const bw = [50, 70, 60, 70];
  const breakdownRow = table();
  const breakdownLine = (cells: string[], header: boolean, at: number) => {
    const cell = breakdownRow(header ? 'column' : null);
    let x = PAGE.margin;
    cells.forEach((value, i) => {
      text(value, x, (bw[i] ?? 60) - GAP, {
        size: 8,
        bold: header,
        align: i === 0 ? 'start' : 'end',
        at,
        tag: cell(),
      });
      x += bw[i] ?? 60;
    });
    return at + 8 * LINE + 2;
  };
  let leftY = text(m.vatBreakdown, PAGE.margin, 250, { bold: true, size: 9.5, at: top, tag: block('H2') });
  leftY = breakdownLine(
    [m.breakdown.rate, m.breakdown.base, m.breakdown.vat, m.breakdown.total],
    true,
    leftY,
  );
  for (const vat of document.vatBreakdown)
    leftY = breakdownLine(
      [
        formatRate(vat.vatRate, locale),
        money(vat.baseExclTax),
        money(vat.vatAmount),
        money(vat.totalInclTax),
      ],
      false,
      leftY,
    );
  const totalsX = PAGE.margin + CONTENT_WIDTH - 220;
  // Each total a row: its label heads it, its amount follows.
  const totalsRow = table();
  const totalRow = (label: string, amount: number, at: number, strong = false) => {
    const size = strong ? 11 : 9;
    const cell = totalsRow('row');
    text(label, totalsX, 130, { size, bold: strong, at, tag: cell(true) });
    return text(money(amount), totalsX + 130, 90, { size, bold: strong, align: 'end', at, tag: cell(false) });
  };
  let rightY = totalRow(m.totalExclTax, document.totals.exclTax, top);
  rightY = totalRow(m.totalVat, document.totals.vat, rightY);
  page.push({ kind: 'box', x: totalsX, y: rightY + 2, width: 220, height: 0.8, fill: true });
  rightY = totalRow(m.totalInclTax, document.totals.inclTax, rightY + 6, true);
  y = Math.max(leftY, rightY) + 16;

  // Payment method and instalments.
  room(40);
  y = text(m.payment, PAGE.margin, CONTENT_WIDTH, { bold: true, size: 10, tag: block('H2') });
  const method = m.methods[document.paymentMethod];
  const comma = locale === 'ar' ? '، ' : ', ';
  y = text(document.instalments ? method : `${method}${comma}${m.singlePayment}`, PAGE.margin, CONTENT_WIDTH);
  if (document.instalments) {
    y += 6;
    room(30);
    y = text(m.instalments, PAGE.margin, CONTENT_WIDTH, { bold: true, size: 9.5, tag: block('H2') });
    const instalmentsRow = table();
    const instalmentRow = (cells: [string, string, string], header: boolean) => {
      room(14);
      const cell = instalmentsRow(header ? 'column' : null);
      text(cells[0], PAGE.margin, 26, { size: 8, bold: header, at: y, tag: cell() });
      text(cells[1], PAGE.margin + 30, 140, { size: 8, bold: header, at: y, tag: cell() });
      y =
        text(cells[2], PAGE.margin + 170, 90, { size: 8, bold: header, align: 'end', at: y, tag: cell() }) +
        2;
    };
    instalmentRow(['#', m.dueDate, m.amount], true);
    document.instalments.forEach((instalment, index) => {
      instalmentRow(
        [String(index + 1), formatCalendarDate(instalment.dueDate, locale), money(instalment.amount)],
        false,
      );
    });
  }

  // Legal mentions at the foot of every page: read once, on the first; page numbers.
  const legal = m.legal.map((line) =>
    fillText(line, { seller: seller.legalName, email: seller.contactEmail }),
  );
  pages.forEach((items, index) => {
    page = items;
    let footY = PAGE.height - PAGE.margin - 28;
    items.push({ kind: 'box', x: PAGE.margin, y: footY - 4, width: CONTENT_WIDTH, height: 0.5, fill: true });
    if (pages.length > 1)
      text(`${index + 1} / ${pages.length}`, PAGE.margin, CONTENT_WIDTH, {
        size: 7,
        muted: true,
        align: 'end',
        at: footY + 18,
        tag: ARTIFACT,
      });
    for (const line of legal)
      footY = text(line, PAGE.margin, CONTENT_WIDTH, {
        size: 7,
        muted: true,
        align: 'center',
        at: footY,
        tag: index === 0 ? block('P') : ARTIFACT,
      });
  });
  return { direction: directionOf(locale), pages };
}
