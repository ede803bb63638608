// Wallet/contractAttestation's PDF (decision 0030): an A4 page in the buyer's language, right to
// left in Arabic, stating who bought which ticket for whom, its validity in the network's time
// zone, what was paid, the order, invoice and contract numbers, and the seller's legal details as
// the invoice prints them. Its creation date is `now`, the day it is issued.
import type { LoadedNetwork, Seller } from '@transit-shop/tenancy';
import { fill } from '../../../mail/templates/email-layout.ts';
import {
  formatDate,
  formatMoney,
  INVOICE_MESSAGES,
  identifierLabels,
  labelled,
} from '../../invoices/invoice-messages.ts';
import { ATTESTATION_MESSAGES, journeysText, validityText } from './attestation-messages.ts';
import type { ContractFacts } from './contract-facts.ts';
import { type DocumentPdf, documentPdf } from './document-pdf.ts';

const A4 = [595.28, 841.89] as const;
const MARGIN = 48;
const LABEL_WIDTH = 150;
const TEXT_COLOR = '#1f1f1f';
const MUTED_COLOR = '#5f6368';
const RULE_COLOR = '#d0d4d9';

/** The seller's lines as the invoice prints them: name, legal form, address, identifiers, contact. */
function sellerLines(seller: Seller, facts: ContractFacts): { text: string; bold?: boolean }[] {
  const labels = identifierLabels(seller.address.addressCountry, facts.lang);
  const { address } = seller;
  return [
    { text: seller.legalName, bold: true },
    ...(seller.legalForm ? [{ text: seller.legalForm }] : []),
    { text: address.addressRoute },
    { text: `${address.addressPostalCode} ${address.addressCity}` },
    { text: `${address.addressState}, ${address.addressCountry}` },
    { text: labelled(labels.vat, seller.vatNumber, facts.lang) },
    { text: labelled(labels.registration, seller.companyRegistrationNumber, facts.lang) },
    { text: labelled(INVOICE_MESSAGES[facts.lang].contact, seller.contactEmail, facts.lang) },
  ];
}

function drawRows(doc: DocumentPdf, rows: [string, string][], top: number): number {
  let y = top;
  const valueWidth = doc.width - 2 * MARGIN - LABEL_WIDTH;
  for (const [label, value] of rows) {
    doc.text(label, { x: MARGIN, y: y + 1, size: 9, color: MUTED_COLOR });
    const lines = doc.wrap(value, valueWidth, 11);
    for (const line of lines) {
      doc.text(line, { x: MARGIN + LABEL_WIDTH, y, size: 11, color: TEXT_COLOR });
      y += 15;
    }
    y += 6;
  }
  return y;
}

export async function renderAttestationPdf(options: {
  facts: ContractFacts;
  network: LoadedNetwork;
  now: Date;
}): Promise<Uint8Array> {
  const { facts, network, now } = options;
  const { config } = network.network;
  const m = ATTESTATION_MESSAGES[facts.lang];
  const seller = config.seller;
  const doc = documentPdf({
    size: A4,
    lang: facts.lang,
    title: `${m.title} ${facts.publicId}`,
    author: seller.legalName,
    createdAt: now,
  });
  const contentWidth = doc.width - 2 * MARGIN;
  let y = MARGIN;
  doc.text(config.name, { x: MARGIN, y, size: 10, color: MUTED_COLOR });
  y += 22;
  doc.text(m.title, { x: MARGIN, y, size: 20, bold: true, color: TEXT_COLOR, role: 'H1' });
  y += 34;
  for (const line of doc.wrap(fill(m.statement, { seller: seller.legalName }), contentWidth, 10)) {
    doc.text(line, { x: MARGIN, y, size: 10, color: TEXT_COLOR });
    y += 14;
  }
  y += 12;
  doc.rect(MARGIN, y, contentWidth, 0.8, RULE_COLOR);
  y += 16;

  const journeys = journeysText(facts);
  y = drawRows(
    doc,
    [
      [m.holder, facts.holderName],
      [m.traveller, facts.travellerName],
      [m.product, facts.productName],
      [m.validity, validityText(facts, config.timeZone)],
      ...(journeys === null ? [] : [[m.journeysLeft, journeys] as [string, string]]),
      [m.amountPaid, formatMoney(facts.amountPaid, facts.currency, facts.lang)],
      [m.orderNumber, facts.orderNumber],
      ...(facts.invoiceNumber === null ? [] : [[m.invoiceNumber, facts.invoiceNumber] as [string, string]]),
      [m.contractId, facts.publicId],
    ],
    y,
  );

  y += 10;
  doc.rect(MARGIN, y, contentWidth, 0.8, RULE_COLOR);
  y += 16;
  doc.text(m.seller, { x: MARGIN, y, size: 9, color: MUTED_COLOR });
  y += 16;
  for (const line of sellerLines(seller, facts)) {
    for (const wrapped of doc.wrap(line.text, contentWidth, 9, line.bold)) {
      doc.text(wrapped, { x: MARGIN, y, size: 9, bold: line.bold, color: TEXT_COLOR });
      y += 13;
    }
  }

  doc.text(fill(m.issuedOn, { date: formatDate(now, facts.lang, config.timeZone) }), {
    x: MARGIN,
    y: doc.height - MARGIN - 12,
    size: 9,
    color: MUTED_COLOR,
  });
  return doc.end();
}
