import type { LoadedNetwork } from '@transit-shop/tenancy';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoNetworks } from '../../../test-support/demo-networks.ts';
import { extractedTexts, placedTexts, readTagged } from '../../../test-support/pdf-text.ts';
import { renderAttestationPdf } from './attestation-pdf.ts';
import { arabicCarnet, frenchPass } from './contract-facts-test-data.ts';

let lumiere: LoadedNetwork;
let wahat: LoadedNetwork;
beforeAll(async () => {
  const networks = await loadDemoNetworks();
  lumiere = networks.byId(101) as LoadedNetwork;
  wahat = networks.byId(102) as LoadedNetwork;
});

const NOW = new Date('2026-11-27T17:00:00.000Z');
/** Spaces of any width read as one kind: extractors turn no-break spaces into spaces. */
const spaced = (texts: string[]) => texts.map((text) => text.replace(/[\u00A0\u202F\u2009]/g, ' ').trim());

describe('the contract attestation PDF (decision 0030)', () => {
  it('states in French who bought which ticket for whom, its validity in Paris time, what was paid, the numbers and the seller', async () => {
    const pdf = await renderAttestationPdf({ facts: frenchPass, network: lumiere, now: NOW });
    const texts = spaced(await extractedTexts(pdf));
    for (const expected of [
      'Attestation d’achat et de validité',
      'Titulaire',
      'Camille Durand',
      'Voyageur',
      'Léo Durand',
      'Abonnement mensuel',
      // December in Europe/Paris: from its first day at midnight, not 30 November 23:00 (UTC).
      '1 décembre 2026 à 00:00 – 31 décembre 2026 à 23:59',
      '56,50 €',
      '4711',
      'LUM-000042',
      'q1w2e3r4t5y6u7i8o9p0aB',
      'Lumière Mobilités SPL',
      '12 rue des Tanneurs',
      '69002 Clairval',
      'N° de TVA (TVA intracommunautaire) : FR27852417963',
      'Attestation émise le 27 novembre 2026',
    ])
      expect(texts).toContain(expected);
    expect(texts.join('\n')).not.toContain('Voyages restants');
    const tagged = await readTagged(pdf);
    expect([tagged.language, tagged.title]).toEqual([
      'fr',
      'Attestation d’achat et de validité q1w2e3r4t5y6u7i8o9p0aB',
    ]);
  });

  it('is written right to left in Arabic: each label at the right of its value, Arabic phrases extract whole', async () => {
    const pdf = await renderAttestationPdf({ facts: arabicCarnet, network: wahat, now: NOW });
    const texts = spaced(await extractedTexts(pdf));
    for (const expected of ['شهادة شراء وصلاحية', 'أمينة بنعلي', 'سلمى بنعلي', 'تذكرة رحلة واحدة', '7 / 10'])
      expect(texts).toContain(expected);
    const placed = await placedTexts(pdf);
    const at = (text: string) => {
      const found = placed.find((item) => item.text.trim() === text);
      if (!found) throw new Error(`no text ${text}`);
      return found;
    };
    const label = at('المسافر');
    const value = at('سلمى بنعلي');
    expect(Math.abs(label.y - value.y)).toBeLessThan(3);
    expect(label.x).toBeGreaterThan(value.x + value.width);
    // The title starts at the right margin: its right edge is there, far right of the page's middle.
    const title = at('شهادة شراء وصلاحية');
    expect(title.x + title.width).toBeCloseTo(595.28 - 48, 0);
    expect((await readTagged(pdf)).language).toBe('ar');
  });

  it('is written in the five languages', async () => {
    const titles: string[] = [];
    for (const lang of ['fr', 'en', 'ar', 'it', 'es'] as const) {
      const pdf = await renderAttestationPdf({ facts: { ...frenchPass, lang }, network: lumiere, now: NOW });
      titles.push((await readTagged(pdf)).title ?? '');
    }
    expect(new Set(titles).size).toBe(5);
  });
});
