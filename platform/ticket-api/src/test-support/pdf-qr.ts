// The QR a PDF draws as vector squares, read back from its content streams: the modules painted
// inside its white square of `side` points, with a quiet zone of 4 modules.
import { inflateSync } from 'node:zlib';

/**
 * Every rectangle (`x y w h re`) of the PDF's content streams, as drawn from the top left. pdfkit
 * writes a stream's bytes between `stream\n` and `\nendstream`, exactly: compressed bytes may end
 * with a carriage return, which is data, not part of the line break.
 */
function rectangles(pdf: Uint8Array): number[][] {
  const raw = Buffer.from(pdf).toString('latin1');
  const found: number[][] = [];
  for (const [, body] of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let text: string;
    try {
      text = inflateSync(Buffer.from(body ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    if (!text.includes(' re')) continue;
    for (const [, ...numbers] of text.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g))
      found.push(numbers.map(Number));
  }
  return found;
}

/** The modules (1 dark, 0 light, row by row) of a QR of `size` modules per side. */
export function paintedQrModules(pdf: Uint8Array, size: number, side: number): number[] {
  const all = rectangles(pdf);
  const square = all.find(([, , w, h]) => w === side && h === side);
  if (!square) throw new Error('no QR square');
  const [left = 0, top = 0] = square;
  const module = side / (size + 8);
  const modules = new Array<number>(size * size).fill(0);
  for (const [x = 0, y = 0, w = 0, h = 0] of all) {
    if (Math.abs(h - module) > 1e-3 || x < left || y < top || x >= left + side || y >= top + side) continue;
    const row = Math.round((y - top) / module) - 4;
    const column = Math.round((x - left) / module) - 4;
    for (let k = 0; k < Math.round(w / module); k++) modules[row * size + column + k] = 1;
  }
  return modules;
}
