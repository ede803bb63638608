import { inflateSync } from 'node:zlib';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { create } from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DIRS } from '../../../env.ts';
import { createLogger } from '../../../logger.ts';
import { loadNetworks } from '../../../tenants/load-networks.ts';
import { extractedTexts, placedTexts } from '../../../test-support/pdf-text.ts';
import { arabicCarnet, frenchPass } from './contract-facts-test-data.ts';
import { renderTicketPdf } from './ticket-pdf.ts';

let lumiere: LoadedNetwork;
let wahat: LoadedNetwork;
beforeAll(async () => {
  const networks = await loadNetworks({
    tenantsDir: DEFAULT_DIRS.tenants,
    themesDir: DEFAULT_DIRS.themes,
    logger: createLogger({ level: 'silent' }),
  });
  lumiere = networks.byId(101) as LoadedNetwork;
  wahat = networks.byId(102) as LoadedNetwork;
});

const spaced = (texts: string[]) => texts.map((text) => text.replace(/[\u00A0\u202F\u2009]/g, ' ').trim());

/** Every rectangle (`x y w h re`) of the PDF's content streams, as drawn from the top left. */
function rectangles(pdf: Uint8Array): number[][] {
  const raw = Buffer.from(pdf).toString('latin1');
  const found: number[][] = [];
  for (const [, body] of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
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

/** The QR modules the PDF paints: the squares inside its 250-point white square. */
function paintedModules(pdf: Uint8Array, size: number): number[] {
  const all = rectangles(pdf);
  const square = all.find(([, , w, h]) => w === 250 && h === 250);
  if (!square) throw new Error('no QR square');
  const [left = 0, top = 0] = square;
  const module = 250 / (size + 8);
  const modules = new Array<number>(size * size).fill(0);
  for (const [x = 0, y = 0, w = 0, h = 0] of all) {
    if (Math.abs(h - module) > 1e-3 || x < left || y < top || x >= left + 250 || y >= top + 250) continue;
    const row = Math.round((y - top) / module) - 4;
    const column = Math.round((x - left) / module) - 4;
    for (let k = 0; k < Math.round(w / module); k++) modules[row * size + column + k] = 1;
  }
  return modules;
}

describe('the printed ticket PDF', () => {
  it('shows the network, product, traveller and validity as extractable text', async () => {
    const texts = spaced(
      await extractedTexts(await renderTicketPdf({ facts: frenchPass, network: lumiere })),
    );
    for (const expected of [
      'Lumière Mobilités',
      'Abonnement mensuel',
      'Léo Durand',
      '1 décembre 2026 à 00:00 – 1 janvier 2027 à 00:00',
      'Présentez ce code au contrôle.',
      'q1w2e3r4t5y6u7i8o9p0aB',
    ])
      expect(texts).toContain(expected);
  });

  it('draws its QR as vector squares encoding exactly the printed code at level M', async () => {
    const pdf = await renderTicketPdf({ facts: frenchPass, network: lumiere });
    const expected = create(frenchPass.printedCode, { errorCorrectionLevel: 'M' }).modules;
    expect(paintedModules(pdf, expected.size)).toEqual(Array.from(expected.data));
  });

  it('is right to left in Arabic: the product starts at the right margin', async () => {
    const pdf = await renderTicketPdf({ facts: arabicCarnet, network: wahat });
    const texts = spaced(await extractedTexts(pdf));
    for (const expected of ['تذكرة رحلة واحدة', 'سلمى بنعلي', 'الرحلات المتبقية', '7 / 10'])
      expect(texts).toContain(expected);
    const product = (await placedTexts(pdf)).find((item) => item.text === 'تذكرة رحلة واحدة');
    expect((product?.x ?? 0) + (product?.width ?? 0)).toBeCloseTo(419.53 - 32, 0);
  });
});
