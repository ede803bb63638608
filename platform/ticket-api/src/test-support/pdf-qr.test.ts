// The test helper that reads a printed ticket's QR back from its PDF.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { paintedQrModules } from './pdf-qr.ts';

const SIDE = 250;
/** A QR of one module: its quiet zone is 4 modules on each side, so a module is SIDE / 9 points. */
const MODULE = SIDE / 9;

/** A content stream drawing the QR's white square and its one dark module, compressed as pdfkit does. */
function contentStream(padding: number): Buffer {
  const text = `% ${'x'.repeat(padding)}\n10 20 ${SIDE} ${SIDE} re\n${10 + 4 * MODULE} ${20 + 4 * MODULE} ${MODULE} ${MODULE} re\n`;
  return deflateSync(Buffer.from(text, 'latin1'));
}

const pdfWith = (data: Buffer) =>
  new Uint8Array(Buffer.concat([Buffer.from('1 0 obj\n<<>>\nstream\n'), data, Buffer.from('\nendstream\n')]));

describe('paintedQrModules', () => {
  it('reads a stream whose compressed bytes end with a carriage return', () => {
    let padding = 0;
    let data = contentStream(padding);
    while (data.at(-1) !== 0x0d) data = contentStream(++padding);
    expect(paintedQrModules(pdfWith(data), 1, SIDE)).toEqual([1]);
  });

  it('reads any other stream alike', () => {
    const data = contentStream(0);
    expect(data.at(-1)).not.toBe(0x0d);
    expect(paintedQrModules(pdfWith(data), 1, SIDE)).toEqual([1]);
  });
});
