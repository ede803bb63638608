import type { LoadedNetwork } from '@transit-shop/tenancy';
import { create } from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoNetworks } from '../../../test-support/demo-networks.ts';
import { paintedQrModules } from '../../../test-support/pdf-qr.ts';
import { extractedTexts, placedTexts } from '../../../test-support/pdf-text.ts';
import { arabicCarnet, frenchPass } from './contract-facts-test-data.ts';
import { renderTicketPdf } from './ticket-pdf.ts';

let lumiere: LoadedNetwork;
let wahat: LoadedNetwork;
beforeAll(async () => {
  const networks = await loadDemoNetworks();
  lumiere = networks.byId(101) as LoadedNetwork;
  wahat = networks.byId(102) as LoadedNetwork;
});

const spaced = (texts: string[]) => texts.map((text) => text.replace(/[\u00A0\u202F\u2009]/g, ' ').trim());

describe('the printed ticket PDF', () => {
  it('shows the network, product, traveller and validity as extractable text', async () => {
    const texts = spaced(
      await extractedTexts(await renderTicketPdf({ facts: frenchPass, network: lumiere })),
    );
    for (const expected of [
      'Lumière Mobilités',
      'Abonnement mensuel',
      'Léo Durand',
      '1 décembre 2026 à 00:00 – 31 décembre 2026 à 23:59',
      'Présentez ce code au contrôle.',
      'q1w2e3r4t5y6u7i8o9p0aB',
    ])
      expect(texts).toContain(expected);
  });

  it('draws its QR as vector squares encoding exactly the printed code at level M', async () => {
    const pdf = await renderTicketPdf({ facts: frenchPass, network: lumiere });
    const expected = create(frenchPass.printedCode, { errorCorrectionLevel: 'M' }).modules;
    expect(paintedQrModules(pdf, expected.size, 250)).toEqual(Array.from(expected.data));
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
