// The QR of a printed ticket's code (decision 0030): error correction level M, which keeps a code of
// about 700 characters near version 20, scannable from paper and screens at the gate.
import { create } from 'qrcode';

export type QrModules = {
  /** Modules per side, without the quiet zone. */
  readonly size: number;
  dark(row: number, column: number): boolean;
};

/** The quiet zone around a QR, in modules (ISO/IEC 18004). */
export const QUIET_ZONE = 4;

export function printedQr(code: string): QrModules {
  const { modules } = create(code, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, column) => modules.get(row, column) === 1 };
}

/** Each row's runs of dark modules: where they start and how many. */
export function darkRuns(qr: QrModules): { row: number; column: number; length: number }[] {
  const runs: { row: number; column: number; length: number }[] = [];
  for (let row = 0; row < qr.size; row++) {
    let column = 0;
    while (column < qr.size) {
      if (!qr.dark(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < qr.size && qr.dark(row, column)) column++;
      runs.push({ row, column: start, length: column - start });
    }
  }
  return runs;
}
