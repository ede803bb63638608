import type { LoadedNetwork } from '@transit-shop/tenancy';
import { create } from 'qrcode';
import { SaxesParser } from 'saxes';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoNetworks } from '../../../test-support/demo-networks.ts';
import { arabicCarnet, frenchPass } from './contract-facts-test-data.ts';
import { renderTicketFaceSvg } from './ticket-face-svg.ts';

let lumiere: LoadedNetwork;
let wahat: LoadedNetwork;
beforeAll(async () => {
  const networks = await loadDemoNetworks();
  lumiere = networks.byId(101) as LoadedNetwork;
  wahat = networks.byId(102) as LoadedNetwork;
});

type Element = { name: string; attributes: Record<string, string>; text: string };

/** The SVG read by a strict XML parser: every element with its attributes and its own text. */
function parsed(svg: string): Element[] {
  const parser = new SaxesParser();
  const elements: Element[] = [];
  const open: Element[] = [];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element = { name: tag.name, attributes: tag.attributes as Record<string, string>, text: '' };
    elements.push(element);
    open.push(element);
  });
  parser.on('text', (text) => {
    const current = open.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => open.pop());
  parser.write(svg).close();
  return elements;
}

/** The modules the QR's path paints dark: each `M<x> <y>h<n>v1h-<n>z` a run of a row. */
function paintedModules(path: string, side: number, quiet: number): number[] {
  const size = side - 2 * quiet;
  const modules = new Array<number>(size * size).fill(0);
  for (const [, x, y, n] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let k = 0; k < Number(n); k++) modules[(Number(y) - quiet) * size + Number(x) - quiet + k] = 1;
  }
  return modules;
}

describe('the ticket face as SVG (Vignette/sticker)', () => {
  it('is well-formed XML showing the network, product, traveller, validity, in the theme’s colours', () => {
    const svg = renderTicketFaceSvg({ facts: frenchPass, network: lumiere });
    const elements = parsed(svg);
    const texts = elements
      .filter((element) => element.name === 'text')
      .map((element) => element.text.replace(/[\u00A0\u202F\u2009]/g, ' '));
    expect(texts).toEqual(
      expect.arrayContaining([
        'Lumière Mobilités',
        'Abonnement mensuel',
        'Voyageur',
        'Léo Durand',
        'Validité',
        '1 décembre 2026 à 00:00 – 31 décembre 2026 à 23:59',
        'q1w2e3r4t5y6u7i8o9p0aB',
      ]),
    );
    // A pass counts no journeys.
    expect(texts).not.toContain('Voyages restants');
    const scheme = lumiere.theme.colorSchemes.light;
    const product = elements.find((element) => element.text === 'Abonnement mensuel');
    expect(product?.attributes.fill).toBe(scheme.primary.main);
    expect(elements.some((element) => element.attributes.fill === scheme.header.background)).toBe(true);
    expect(elements[0]?.attributes.direction).toBe('ltr');
  });

  it('is right to left in Arabic with the journeys left', () => {
    const elements = parsed(renderTicketFaceSvg({ facts: arabicCarnet, network: wahat }));
    expect(elements[0]?.attributes).toMatchObject({ direction: 'rtl', lang: 'ar' });
    const texts = elements.filter((element) => element.name === 'text').map((element) => element.text);
    expect(texts).toEqual(expect.arrayContaining(['تذكرة رحلة واحدة', 'سلمى بنعلي', 'الرحلات المتبقية']));
    expect(texts.map((text) => text.replace(/[\u2066\u2069]/g, ''))).toContain('7 / 10');
  });

  it('escapes a hostile traveller name: it reads back as written and opens no element', () => {
    const hostile = '</text><script>alert("x")</script> & O\'Brien <b>';
    const svg = renderTicketFaceSvg({ facts: { ...frenchPass, travellerName: hostile }, network: lumiere });
    const elements = parsed(svg);
    expect(elements.map((element) => element.name)).not.toContain('script');
    expect(elements.map((element) => element.name)).not.toContain('b');
    expect(elements.filter((element) => element.name === 'text').map((element) => element.text)).toContain(
      hostile,
    );
  });

  it('draws as its QR exactly the printed code, at error correction level M', () => {
    const elements = parsed(renderTicketFaceSvg({ facts: frenchPass, network: lumiere }));
    const code = elements.find((element) => element.attributes.id === 'code');
    const path = elements.find(
      (element, index) => element.name === 'path' && index > elements.indexOf(code as Element),
    );
    const side = Number(code?.attributes.viewBox?.split(' ')[2]);
    const expected = create(frenchPass.printedCode, { errorCorrectionLevel: 'M' }).modules;
    expect(side).toBe(expected.size + 8);
    expect(paintedModules(path?.attributes.d ?? '', side, 4)).toEqual(Array.from(expected.data));
    // Another code draws another QR.
    const other = create(`${frenchPass.printedCode}x`, { errorCorrectionLevel: 'M' }).modules;
    expect(Array.from(other.data)).not.toEqual(Array.from(expected.data));
  });
});
