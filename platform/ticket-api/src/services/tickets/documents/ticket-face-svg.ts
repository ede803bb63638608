// Vignette/sticker's image: the ticket face as SVG, its printed code as a QR drawn module by module
// (one path of each row's dark runs), right to left in Arabic, every text escaped. The QR is black
// on white whatever the theme: scanners need that contrast.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { ContractFacts } from './contract-facts.ts';
import { darkRuns, printedQr, QUIET_ZONE } from './printed-qr.ts';
import { ticketFaceOf } from './ticket-face.ts';

export const FACE_WIDTH = 340;
const PAD = 24;
const QR_SIDE = 240;

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function renderTicketFaceSvg(options: { facts: ContractFacts; network: LoadedNetwork }): string {
  const face = ticketFaceOf(options.facts, options.network);
  const { colors } = face;
  const font = escapeXml(options.network.theme.typography.fontFamily);
  // The start of a line: the right side in Arabic, where `text-anchor="start"` then sits.
  const startX = face.direction === 'rtl' ? FACE_WIDTH - PAD : PAD;
  const line = (text: string, y: number, size: number, fill: string, weight = 400) =>
    `<text x="${startX}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(text)}</text>`;
  const centred = (text: string, y: number, size: number, fill: string) =>
    `<text x="${FACE_WIDTH / 2}" y="${y}" font-size="${size}" fill="${fill}" text-anchor="middle">${escapeXml(text)}</text>`;

  const parts: string[] = [line(face.networkName, 46, 20, colors.bandText, 700)];
  let y = 112;
  parts.push(line(face.productName, y, 20, colors.accent, 700));
  y += 38;
  for (const field of face.fields) {
    parts.push(line(field.label, y, 11, colors.muted));
    parts.push(line(field.value, y + 19, 13, colors.text));
    y += 50;
  }
  const qr = printedQr(face.code);
  const side = qr.size + 2 * QUIET_ZONE;
  const modules = darkRuns(qr)
    .map((run) => `M${run.column + QUIET_ZONE} ${run.row + QUIET_ZONE}h${run.length}v1h-${run.length}z`)
    .join('');
  const qrTop = y;
  const height = qrTop + QR_SIDE + 64;
  parts.push(
    `<svg id="code" x="${(FACE_WIDTH - QR_SIDE) / 2}" y="${qrTop}" width="${QR_SIDE}" height="${QR_SIDE}" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
      `<rect width="${side}" height="${side}" fill="#ffffff"/><path fill="#000000" d="${modules}"/></svg>`,
  );
  parts.push(centred(face.notice, qrTop + QR_SIDE + 24, 11, colors.text));
  parts.push(centred(face.publicId, qrTop + QR_SIDE + 44, 10, colors.muted));

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${FACE_WIDTH}" height="${height}" viewBox="0 0 ${FACE_WIDTH} ${height}" direction="${face.direction}" font-family="${font}" lang="${options.facts.lang}">`,
    `<title>${escapeXml(`${face.networkName} – ${face.productName}`)}</title>`,
    `<rect width="${FACE_WIDTH}" height="${height}" rx="16" fill="${colors.background}"/>`,
    `<path d="M0 16a16 16 0 0 1 16-16h${FACE_WIDTH - 32}a16 16 0 0 1 16 16v56h-${FACE_WIDTH}z" fill="${colors.band}"/>`,
    ...parts,
    '</svg>',
  ].join('\n');
}
