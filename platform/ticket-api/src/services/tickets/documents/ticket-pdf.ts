// A printed ticket as a one-page A5 PDF (a guest's confirmation email attaches one per
// dematerialised ticket): the ticket face in the theme's colours and its printed code as a QR drawn
// as vector squares, black on white; every text extractable, right to left in Arabic.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { ContractFacts } from './contract-facts.ts';
import { documentPdf } from './document-pdf.ts';
import { darkRuns, printedQr, QUIET_ZONE } from './printed-qr.ts';
import { ticketFaceOf } from './ticket-face.ts';

const A5 = [419.53, 595.28] as const;
const PAD = 32;
const BAND = 64;
const QR_SIDE = 250;

export async function renderTicketPdf(options: {
  facts: ContractFacts;
  network: LoadedNetwork;
}): Promise<Uint8Array> {
  const { facts, network } = options;
  const face = ticketFaceOf(facts, network);
  const { colors } = face;
  const doc = documentPdf({
    size: A5,
    lang: facts.lang,
    title: `${face.networkName} – ${face.productName}`,
    author: network.network.config.seller.legalName,
    createdAt: facts.issuedAt,
  });
  const width = doc.width - 2 * PAD;
  doc.rect(0, 0, doc.width, doc.height, colors.background);
  doc.rect(0, 0, doc.width, BAND, colors.band);
  doc.text(face.networkName, { x: PAD, y: 22, size: 18, bold: true, color: colors.bandText, role: 'H1' });
  let y = BAND + 24;
  for (const line of doc.wrap(face.productName, width, 18, true)) {
    doc.text(line, { x: PAD, y, size: 18, bold: true, color: colors.accent });
    y += 24;
  }
  y += 8;
  for (const field of face.fields) {
    doc.text(field.label, { x: PAD, y, size: 9, color: colors.muted });
    y += 13;
    for (const line of doc.wrap(field.value, width, 12)) {
      doc.text(line, { x: PAD, y, size: 12, color: colors.text });
      y += 16;
    }
    y += 8;
  }

  const qr = printedQr(face.code);
  const module = QR_SIDE / (qr.size + 2 * QUIET_ZONE);
  const left = (doc.width - QR_SIDE) / 2;
  const top = y + 4;
  const { pdf } = doc;
  pdf.markContent('Figure');
  pdf.rect(left, top, QR_SIDE, QR_SIDE).fill('#ffffff');
  for (const run of darkRuns(qr))
    pdf.rect(
      left + (run.column + QUIET_ZONE) * module,
      top + (run.row + QUIET_ZONE) * module,
      run.length * module,
      module,
    );
  pdf.fill('#000000');
  pdf.endMarkedContent();

  y = top + QR_SIDE + 12;
  doc.text(face.notice, { x: PAD, y, size: 10, color: colors.text, align: 'center', width });
  doc.text(face.publicId, { x: PAD, y: y + 16, size: 9, color: colors.muted, align: 'center', width });
  return doc.end();
}
